#!/usr/bin/env python3
"""Pathological inputs for mcp-lint (issue 15): small generated files that once
overflowed the stack or took quadratic time. `bench.py --pathological` times
each one; tests/it/robustness.rs generates the same shapes in Rust.

Each reproducer is one file that also registers one ordinary tool without
annotations, so a run that really read the file reports MCP001 for it.
"""

from __future__ import annotations

PY_HEAD = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n@mcp.tool()\ndef ok() -> str:\n    return ""\n\n\n'
TS_HEAD = (
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
    'const server = new McpServer({ name: "x", version: "1" });\n'
    'server.registerTool("ok", {}, async () => ({ content: [] }));\n'
)
GO_HEAD = (
    'package main\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\n'
    'func main() {\n\tserver := mcp.NewServer(&mcp.Implementation{Name: "x"}, nil)\n'
    '\tmcp.AddTool(server, &mcp.Tool{Name: "ok"}, nil)\n}\n\n'
)
RS_HEAD = (
    "use rmcp::{tool, tool_router};\n\nstruct S;\n\n#[tool_router]\nimpl S {\n"
    '    #[tool(description = "ok")]\n    async fn ok(&self) -> String {\n        String::new()\n    }\n}\n\n'
)


def reproducers() -> list[tuple[str, str]]:
    """(file name, content) of every reproducer, in a fixed order."""
    out = [
        # Stack depth (item 1).
        ("py_attr_chain.py", PY_HEAD + "X = a" + ".b" * 6500 + "\n"),
        ("py_attr_chain_hint.py", PY_HEAD + "@mcp.tool(annotations=a" + ".b" * 6500 + ")\ndef t() -> None:\n    pass\n"),
        ("ts_attr_chain.ts", TS_HEAD + "const X = a" + ".b" * 6500 + ";\n"),
        ("ts_attr_chain_hint.ts", TS_HEAD + 'server.registerTool("t", { annotations: a' + ".b" * 6500 + " }, async () => ({ content: [] }));\n"),
        ("rs_call_chain.rs", RS_HEAD + "fn g() { f" + "()" * 1610 + "; }\n"),
        ("rs_plus_chain.rs", RS_HEAD + "fn g() { let _x = 1" + " + 1" * 10000 + "; }\n"),
        ("rs_as_chain.rs", RS_HEAD + "fn g() { let _x = 1" + " as u8" * 10000 + "; }\n"),
        ("rs_and_chain.rs", RS_HEAD + "fn g() { let _x = a" + " && a" * 10000 + "; }\n"),
        ("rs_index_chain.rs", RS_HEAD + "fn g() { let _x = a" + "[0]" * 10000 + "; }\n"),
        ("rs_try_chain.rs", RS_HEAD + "fn g() { let _x = a" + "?" * 10000 + "; }\n"),
        ("rs_method_chain.rs", RS_HEAD + "fn g() { let _x = a" + ".b()" * 10000 + "; }\n"),
        ("go_call_chain.go", GO_HEAD + "var X = a" + ".b()" * 8000 + "\n"),
        # Time (item 2).
        ("js_empty_strings.js", TS_HEAD + '"" ' * 20000 + "\n"),
        ("ts_template_nest.ts", TS_HEAD + "const t = " + "`${" * 100000 + "\n"),
        ("py_fstring_nest.py", PY_HEAD + "s = " + 'f"' * 100000 + "\n"),
        ("go_rune.go", GO_HEAD + "var r = '" + "a" * 700000 + "'\n"),
        ("py_many_tools.py", PY_HEAD + "".join(f"@mcp.tool()\ndef t{i}() -> None:\n    pass\n\n" for i in range(10000))),
        ("ts_many_tools.ts", TS_HEAD + "".join(f'server.registerTool("t{i}", {{}}, async () => ({{ content: [] }}));\n' for i in range(10000))),
        ("go_many_tools.go", GO_HEAD + "func more(server *mcp.Server) {\n" + "".join(f'\tmcp.AddTool(server, &mcp.Tool{{Name: "t{i}"}}, nil)\n' for i in range(10000)) + "}\n"),
        ("rs_many_tools.rs", RS_HEAD.replace("impl S {\n", "impl S {\n" + "".join(f'    #[tool(description = "t")]\n    async fn t{i}(&self) -> String {{\n        String::new()\n    }}\n' for i in range(10000)))),
    ]
    return out


def write_all(root) -> list:
    """Write every reproducer into `root` (a pathlib.Path); returns the paths."""
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in reproducers():
        p = root / name
        p.write_text(text, encoding="utf-8")
        paths.append(p)
    return paths
