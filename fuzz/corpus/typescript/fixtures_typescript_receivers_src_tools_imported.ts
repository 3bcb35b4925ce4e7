import { server } from "../server.js";
import app from "../server.js";

server.registerTool("from_named_import", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({
  content: [],
}));
app.registerTool("from_default_import", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({
  content: [],
}));
