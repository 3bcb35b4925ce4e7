import { EventEmitter } from "node:events";

// A class of this project with a `tool` method: not an MCP server.
class Toolbox extends EventEmitter {
  tool(name, fn) {
    this.emit("tool", name, fn);
  }
}

const box = new Toolbox();
box.tool("drop_database", () => {});
