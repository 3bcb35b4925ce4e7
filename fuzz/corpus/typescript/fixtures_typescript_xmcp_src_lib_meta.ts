// Not an xmcp tool file: no xmcp import.
export const metadata = { name: "not_a_tool", annotations: { readOnlyHint: true } };
