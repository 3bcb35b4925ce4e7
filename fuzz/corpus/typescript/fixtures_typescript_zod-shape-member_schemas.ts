import { z } from "zod";
export const RenameInput = z.object({ id: z.string(), title: z.string() });
