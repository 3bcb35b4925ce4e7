import { type ToolMetadata } from "xmcp";

export const metadata: ToolMetadata = { // expect: MCP001
  description: "List notes",
};

export default async function listNotes() {
  return <ul><li>note</li></ul>;
}
