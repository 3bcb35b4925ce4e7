import { createMcpServer } from "@supabase/mcp-utils";
import { getGardenTools } from "./tools/garden.js";

export const createGardenServer = () =>
  createMcpServer({ name: "garden", version: "1.0.0", tools: async () => ({ ...getGardenTools() }) });
