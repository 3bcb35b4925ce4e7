import { z } from "zod";
import { typed } from "./define";

export const archiveNote = typed("notes", {
  name: "archive_note",
  description: "Move a note to the archive",
  inputSchema: { id: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false },
  async run() {
    return "";
  },
});
