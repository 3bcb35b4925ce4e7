import { z } from "zod";
export const NOTE_SHAPE = { title: z.string(), limit: z.number().optional() };
export const LOOKUP = { readOnlyHint: true, openWorldHint: false };
