import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "vitest";

const expected: Tool = {
  name: "show_note",
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

test("lists tools", async () => {
  const { tools } = await client.listTools();
  expect(tools[0]).toEqual(expected);
  expect(tools[0].annotations).toEqual({ readOnlyHint: true, destructiveHint: false });
});
