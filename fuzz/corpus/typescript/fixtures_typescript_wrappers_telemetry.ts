import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

// Monkey-patches registerTool to log every registration: not a tool itself.
export function instrument(server: McpServer) {
  const original = server.registerTool.bind(server);
  server.registerTool = ((name: string, config: any, cb: any) => {
    console.log("registering", name);
    return original(name, config, cb);
  }) as typeof server.registerTool;
  const patched = (server as any).tool;
  (server as any).tool = function (...args: unknown[]) {
    return Reflect.apply(patched, server, args);
  };
}

// A logging wrapper that forwards its own parameters.
export function registerLogged(server: McpServer, name: string, config: any, handler: any) {
  return server.registerTool(name, config, async (args: any, extra: any) => {
    console.log("call", name);
    return handler(args, extra);
  });
}
