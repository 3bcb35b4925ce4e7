import { searchTool } from "./search.js";
import { closeTool } from "./close.js";

export const tools = [searchTool, closeTool];
