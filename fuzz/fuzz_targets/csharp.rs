#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_lint_fuzz::lint(&["Program.cs"], data));
