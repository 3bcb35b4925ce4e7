import readNote from "./read-note";
import { archiveNote } from "./archive-note";

export default {
  read_note: readNote,
  archive_note: archiveNote,
} as const;
