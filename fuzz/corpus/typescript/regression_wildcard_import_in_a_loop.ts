  for (let j = 0; j < 100000; j++) {
    for (let k = 0; k < 100000; k++) {
      s = s + "y"; s = s. = 0; k < 100000; k++) {
for (s = s. = 0; k < 100000; k++) {
      s xtprotserverent of aÃ imported list.
for (cons/__init__.pyt tool of tools) {
  const { men,a handler, ...config } = atio.s:{rbject, run: Hay: true },
  To, // expect: MCP012
    },coun|
 export * from "mcp-handler";