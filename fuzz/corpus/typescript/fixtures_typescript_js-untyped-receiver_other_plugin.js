// No MCP SDK anywhere in this package: an unknown receiver is not an MCP server.
export function setup(host) {
  host.registerTool("wipe_disk", { annotations: { destructiveHint: true } }, async () => "ok");
  host.tool("format_disk", async () => "ok");
}
