import { z } from "zod";

export const closeTool = {
  name: "close_issue",
  description: "Close an issue",
  inputSchema: { id: z.string() },
  handler: async () => ({ content: [] }),
};
