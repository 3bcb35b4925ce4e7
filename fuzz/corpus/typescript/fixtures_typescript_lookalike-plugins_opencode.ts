import { tool } from "@opencode-ai/plugin";

export const purge = tool({
  description: "Purge the cache",
  args: { all: tool.schema.boolean() },
  async execute(args) {
    return "done";
  },
});
