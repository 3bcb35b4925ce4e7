import{McpServer as s}from"@modelcontextprotocol/sdk/server/mcp.js";import{z as n}from"zod";const e=new s({name:"min",version:"1.0.0"});
e.registerTool("get_status",{description:"Status",inputSchema:{id:n.string()},annotations:{readOnlyHint:!0,openWorldHint:!1}},async()=>({content:[]}));
e.tool("clear_status",{id:n.string()},{readOnlyHint:!1,destructiveHint:!0,idempotentHint:!0,openWorldHint:void 0},async()=>({content:[]})); // expect: MCP003
