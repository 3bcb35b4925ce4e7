import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { NOTE_SHAPE, LOOKUP } from "./shapes.js";

const server = new McpServer({ name: "overloads", version: "1.0.0" });
const DESCRIPTION = `Shows the note count for ${"all"} notes`;
const idShape = { id: z.string() };
const readOnly = { readOnlyHint: true, openWorldHint: false };

// 1. tool(name, cb)
server.tool("ping", async () => ({ content: [] })); // expect: MCP001
// 2. tool(name, description, cb)
server.tool("version", "Server version", async () => ({ content: [] })); // expect: MCP001
// 3a. tool(name, paramsSchema, cb): `{}` is an empty parameter schema, not annotations
server.tool("noop", {}, async () => ({ content: [] })); // expect: MCP001
// 3b. tool(name, annotations, cb): an object of primitives is the annotations
server.tool("count_notes", { readOnlyHint: true, openWorldHint: false }, async () => ({ content: [] }));
// 3c. tool(name, paramsSchema, cb) with a raw shape
server.tool("get_note", { id: z.string() }, async () => ({ content: [] })); // expect: MCP001
// 4. tool(name, description, annotations, cb) through names
server.tool("note_stats", DESCRIPTION, readOnly, async () => ({ content: [] }));
// 5. tool(name, paramsSchema, annotations, cb)
server.tool("touch_note", idShape, { idempotentHint: true, destructiveHint: false }, async () => ({ content: [] })); // expect: MCP003, MCP004
// 6. tool(name, description, paramsSchema, annotations, cb), shapes from another file
server.tool("find_note", `Find a note by ${"title"}`, NOTE_SHAPE, LOOKUP, async () => ({ content: [] }));
// A schema from another file, no annotations
server.tool("open_note", "Open", NOTE_SHAPE, async () => ({ content: [] })); // expect: MCP001
