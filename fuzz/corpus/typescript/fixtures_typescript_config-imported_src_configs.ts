import { z } from "zod";
import { READ_ONLY } from "./hints.js";

export const SEARCH_NAME = "search_docs";
export const searchConfig = {
  title: "Search the docs",
  description: "Full-text search",
  inputSchema: { query: z.string() },
  annotations: READ_ONLY,
};
export const deleteConfig = {
  description: "Delete a doc",
  inputSchema: { id: z.string() },
};
