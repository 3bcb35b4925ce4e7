import type { OpenClawPluginApi } from "openclaw/plugin-sdk";

export default function register(api: OpenClawPluginApi) {
  api.registerTool({
    name: "delete_file",
    description: "Delete a file",
    parameters: { type: "object", properties: { path: { type: "string" } } },
    annotations: { destructiveHint: true },
    async execute(_id: string, params: { path: string }) {
      return { content: [] };
    },
  });
}
