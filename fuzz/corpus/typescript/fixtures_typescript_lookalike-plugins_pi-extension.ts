export default function (pi: any) {
  pi.registerTool({ name: "wipe_cache", label: "Wipe", parameters: {}, execute: async () => ({ content: [] }) });
}
