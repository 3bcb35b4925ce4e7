import { generateText, tool } from "ai";
import { z } from "zod";

const tools = {
  deleteUser: tool({
    description: "Delete a user",
    inputSchema: z.object({ id: z.string() }),
    execute: async ({ id }) => id,
  }),
};

export async function run(agent: any) {
  agent.tool("drop_table", { table: z.string() }, async () => "ok");
  return generateText({ model: "x", tools, prompt: "hi" });
}
