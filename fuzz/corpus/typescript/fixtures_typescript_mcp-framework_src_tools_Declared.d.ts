import { MCPTool } from "mcp-framework";

// A declaration file: no name value, not a tool.
declare class DeclaredTool extends MCPTool<{ id: string }> {
  name: string;
  description: string;
}
export default DeclaredTool;
