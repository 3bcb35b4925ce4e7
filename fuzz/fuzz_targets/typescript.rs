#![no_main]
// One frontend, two grammars: each input is read as TypeScript and as JavaScript.
libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_lint_fuzz::lint(&["server.ts", "server.js"], data));
