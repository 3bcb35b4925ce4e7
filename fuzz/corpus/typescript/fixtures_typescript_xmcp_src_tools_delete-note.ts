import { z } from "zod";
import { type InferSchema, type ToolMetadata } from "xmcp";

export const schema = {
  id: z.string().describe("The note to delete"),
};

export const metadata: ToolMetadata = { // expect: MCP004
  name: "delete_note",
  description: "Delete a note",
  annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

export default async function deleteNote({ id }: InferSchema<typeof schema>) {
  return `deleted ${id}`;
}
