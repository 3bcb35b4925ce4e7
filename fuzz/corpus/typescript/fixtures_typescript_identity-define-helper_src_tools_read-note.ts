import { z } from "zod";
import { defineNoteTool } from "./define";

export default defineNoteTool({
  name: "read_note",
  description: "Read one note",
  inputSchema: { id: z.string() },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run() {
    return "";
  },
});
