import { createWorker } from "@acme/worker-kit";

// Another library's `tool({...})`: not mcp-use, not reported.
const worker = createWorker({ name: "jobs" });
worker.tool({ name: "delete_jobs", execute: async () => ({}) });
