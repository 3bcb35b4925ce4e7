import { registry } from "./registry.js";

registry.registerTool("delete_memory", { description: "Forget a memory" }, async () => true);
