import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { additive, computed, effectHints, optionHints, readOnly, scoped } from "./hints.js";

const server = new McpServer({ name: "fn-presets", version: "1.0.0" });
const allowWrites = process.env.ALLOW_WRITES === "1";

server.registerTool("list_boards", { annotations: readOnly("List boards") }, async () => ({ content: [] }));
server.registerTool("add_card", { inputSchema: { text: z.string() }, annotations: additive() }, async () => ({ content: [] })); // expect: MCP005
// A literal argument fills the parameter it is passed for.
server.registerTool("find_cards", { annotations: scoped(true) }, async () => ({ content: [] }));
server.registerTool("drop_card", { annotations: computed("delete") }, async () => ({ content: [] })); // expect: MCP003, MCP004, MCP005
// `!x` is some boolean, not an invalid value.
server.registerTool("sync_board", { annotations: { readOnlyHint: !allowWrites, openWorldHint: false } }, async () => ({ content: [] })); // expect: MCP031
server.registerTool("peek_card", { annotations: effectHints("read") }, async () => ({ content: [] }));
server.registerTool("pin_card", { annotations: optionHints({ title: "Pin card", readOnly: false }) }, async () => ({ content: [] })); // expect: MCP002, MCP003, MCP005
