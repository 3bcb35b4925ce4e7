"""Go part of the synthetic benchmark tree (see bench.py).

One Go module (``go.mod`` at the root requiring go-sdk and mcp-go), one
package per directory (20-50 files each, nested up to four levels).

Ordinary files (~98%): structs with JSON tags, methods, functions with
``if``/``for``/``switch``/closures, ``var``/``const`` blocks, stdlib and
in-module imports, ``_test.go`` files; 50-400 lines; never containing the
substrings of ``GO_BANNED`` in any letter case.

MCP material (~2%), written the ways real servers do:
  * go-sdk: ``mcp.AddTool(s, &mcp.Tool{...}, handler)`` with inline,
    package-preset or no annotations (``jsonschema.Ptr`` pointer hints),
    and ``s.AddTool(tool, raw)`` of a tool kept in a variable;
  * mcp-go: ``s.AddTool(mcp.NewTool(name, opts...), handler)`` with hint
    options, ``WithToolAnnotation(mcp.ToolAnnotation{...})`` and project
    option helpers, and ``server.ServerTool{...}`` records given to
    ``s.AddTools``;
  * a preset file per MCP package (``var readOnly = &mcp.ToolAnnotations{...}``).

Each generated tool is counted in ``Stats``; every registration names one
tool, so ``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random

import bench as b

GO_BANNED = b.BANNED + ("tool", "annotation")

GO_RESERVED = {"break", "case", "chan", "const", "continue", "default", "defer", "else",
               "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map",
               "package", "range", "return", "select", "struct", "switch", "type", "var",
               "string", "int", "bool", "error", "len", "cap", "new", "make", "copy", "append",
               "close", "delete", "panic", "print", "min", "max", "clear", "true", "false", "nil"}

GO_SDK = "github.com/modelcontextprotocol/go-sdk"
MCP_GO = "github.com/mark3labs/mcp-go"
MODULE = "example.com/acme"

STD = ["fmt", "strings", "errors", "time", "sort", "strconv", "bytes", "context", "os", "sync"]
TYPES = ["string", "int", "int64", "bool", "float64", "[]string", "map[string]int", "time.Duration"]


def go_clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in GO_BANNED)


def word(r: random.Random, pool: list[str]) -> str:
    while True:
        w = r.choice(pool)
        if w not in GO_RESERVED:
            return w


def ident(r: random.Random) -> str:
    return f"{word(r, b.ADJS)}{b.camel(word(r, b.NOUNS))}"


def exported(r: random.Random) -> str:
    return f"{b.camel(word(r, b.VERBS))}{b.camel(word(r, b.NOUNS))}"


def expr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "0"
    k = r.randrange(8)
    if k == 0:
        return str(r.randint(0, 9999))
    if k == 1:
        return f'"{word(r, b.ADJS)}-{word(r, b.NOUNS)}"'
    if k == 2:
        return f"len(fmt.Sprint({v}))"
    if k == 3:
        return f'strings.Repeat("{word(r, b.NOUNS)}", {r.randint(1, 4)})'
    if k == 4:
        return f"fmt.Sprintf(\"%v-%d\", {v}, {r.randint(0, 99)})"
    if k == 5:
        return f"strconv.Itoa({r.randint(0, 500)})"
    if k == 6:
        return f'errors.New("{b.sentence(r, 2, 5)}").Error()'
    return f'strings.ToUpper("{word(r, b.NOUNS)}")'


def body(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        k = r.randrange(9 if depth < 3 else 4)
        if k <= 1:
            v = f"{ident(r)}{len(names)}"
            out.append(f"{ind}{v} := {expr(r, names)}")
            out.append(f"{ind}_ = {v}")
            names.append(v)
        elif k == 2:
            out.append(f"{ind}// {b.sentence(r, 4, 12)}")
        elif k == 3:
            out.append(f'{ind}fmt.Println("{b.sentence(r, 2, 6)}", {r.choice(names) if names else 0})')
        elif k == 4:
            out.append(f"{ind}if len(fmt.Sprint({r.choice(names) if names else 1})) > {r.randint(0, 9)} {{")
            out += body(r, ind + "\t", names[:], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 5:
            i = f"i{depth}"
            out.append(f"{ind}for {i} := 0; {i} < {r.randint(2, 9)}; {i}++ {{")
            out += body(r, ind + "\t", names + [i], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 6:
            out.append(f"{ind}switch {r.choice(names) if names else '1'} {{")
            out.append(f"{ind}case {expr(r, [])}:")
            out += body(r, ind + "\t", names[:], 1, depth + 1)
            out.append(f"{ind}default:")
            out += body(r, ind + "\t", names[:], 1, depth + 1)
            out.append(f"{ind}}}")
        elif k == 7:
            f = f"fn{len(names)}"
            out.append(f"{ind}{f} := func(x int) int {{ return x * {r.randint(2, 9)} }}")
            out.append(f"{ind}_ = {f}({r.randint(0, 9)})")
        else:
            items = ", ".join(f'"{word(r, b.NOUNS)}"' for _ in range(r.randint(2, 5)))
            v = f"list{len(names)}"
            out.append(f"{ind}{v} := []string{{{items}}}")
            out.append(f"{ind}sort.Strings({v})")
            names.append(v)
    return out


def ordinary_file(r: random.Random, pkg: str, target: int) -> str:
    imports = sorted(set(["fmt", "strings", "errors", "sort", "strconv"] + r.sample(STD, 2)))
    out = [f"// Package {pkg} {b.sentence(r, 3, 8)}.", f"package {pkg}", "", "import ("]
    out += [f'\t"{i}"' for i in imports] + [")", ""]
    uses = [f"\t_ = {i}.{sym}" for i, sym in (("time", "Second"), ("bytes", "MinRead"), ("context", "Background"),
                                              ("os", "Args"), ("sync", "Mutex{}")) if i in imports]
    out += ["func init() {"] + uses + ["}", ""]
    seen: set[str] = set()
    while len(out) < target:
        k = r.randrange(3)
        name = exported(r)
        if name in seen:
            continue
        seen.add(name)
        if k == 0:
            out.append(f"// {name} {b.sentence(r, 3, 9)}.")
            out.append(f"type {name} struct {{")
            for _ in range(r.randint(2, 6)):
                field = b.camel(word(r, b.NOUNS))
                if field in seen:
                    continue
                seen.add(field)
                out.append(f'\t{field} {r.choice(TYPES)} `json:"{field.lower()},omitempty"`')
            out.append("}")
            out.append("")
            out.append(f"func (v *{name}) {b.camel(word(r, b.VERBS))}() string {{")
            out += body(r, "\t", [], r.randint(2, 5), 1)
            out.append('\treturn fmt.Sprint(v)')
            out.append("}")
        else:
            out.append(f"// {name} {b.sentence(r, 3, 9)}.")
            out.append(f"func {name}(n int, label string) (string, error) {{")
            out += body(r, "\t", ["n", "label"], r.randint(3, 9), 1)
            out.append('\treturn label, nil')
            out.append("}")
        out.append("")
    return "\n".join(out) + "\n"


class Stats(b.Stats):
    pass


PRESETS = {
    "readOnly": "&mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr(false)}",
    "additive": "&mcp.ToolAnnotations{DestructiveHint: jsonschema.Ptr(false), OpenWorldHint: jsonschema.Ptr(false)}",
    "removal": "&mcp.ToolAnnotations{DestructiveHint: jsonschema.Ptr(true), IdempotentHint: true}",
}


def sdk_header(pkg: str, extra: list[str]) -> list[str]:
    imports = ['"context"', "", f'"github.com/google/jsonschema-go/jsonschema"', f'"{GO_SDK}/mcp"'] + extra
    return [f"package {pkg}", "", "import ("] + [f"\t{i}" if i else "" for i in imports] + [")", ""]


def sdk_server(r: random.Random, pkg: str, n: int, st: Stats, used: set[str]) -> str:
    """go-sdk tools: inline, preset or no annotations; generic AddTool."""
    out = sdk_header(pkg, [])
    out += ["type Args struct {", '\tID string `json:"id"`', "}", "",
            "func handleArgs(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {",
            "\treturn nil, nil, nil", "}", "", "func Register(s *mcp.Server) {"]
    for _ in range(n):
        name = unique(r, used)
        k = r.randrange(4)
        if k == 0:
            ann = f"mcp.ToolAnnotations{{ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr({r.choice(['true', 'false'])})}}"
            out.append(f'\tmcp.AddTool(s, &mcp.Tool{{Name: "{name}", Description: "{b.sentence(r, 3, 7)}", '
                       f"Annotations: &{ann}}}, handleArgs)")
            st.tools_annotated += 1
        elif k == 1:
            out.append(f'\tmcp.AddTool(s, &mcp.Tool{{Name: "{name}", Annotations: {r.choice(sorted(PRESETS))}}}, handleArgs)')
            st.tools_annotated += 1
            st.tools_preset += 1
        elif k == 2:
            out.append(f'\tmcp.AddTool(s, &mcp.Tool{{Name: "{name}", Description: "{b.sentence(r, 3, 7)}"}}, handleArgs)')
            st.tools_unannotated += 1
        else:
            v = f"t{len(used)}"
            out.append(f'\t{v} := &mcp.Tool{{Name: "{name}", Annotations: {r.choice(sorted(PRESETS))}}}')
            out.append(f"\tmcp.AddTool(s, {v}, handleArgs)")
            st.tools_annotated += 1
            st.tools_preset += 1
        st.tools += 1
    out.append("}")
    st.servers += 1
    return "\n".join(out) + "\n"


def mcp_go_server(r: random.Random, pkg: str, n: int, st: Stats, used: set[str]) -> str:
    """mcp-go tools: hint options, WithToolAnnotation, option helpers, ServerTool records."""
    out = [f"package {pkg}", "", "import (", '\t"context"', "", f'\t"{MCP_GO}/mcp"', f'\t"{MCP_GO}/server"', ")", "",
           "func handleRequest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {",
           "\treturn nil, nil", "}", "",
           "func readOnlyOpt() mcp.ToolOption {",
           "\treturn mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true), "
           "OpenWorldHint: mcp.ToBoolPtr(false)})", "}", "",
           "func Serve() *server.MCPServer {", '\ts := server.NewMCPServer("acme", "1.0.0")']
    records: list[str] = []
    for _ in range(n):
        name = unique(r, used)
        k = r.randrange(4)
        desc = f'mcp.WithDescription("{b.sentence(r, 3, 7)}")'
        if k == 0:
            out.append(f'\ts.AddTool(mcp.NewTool("{name}", {desc}, mcp.WithReadOnlyHintAnnotation(true), '
                       f'mcp.WithString("id", mcp.Required())), handleRequest)')
        elif k == 1:
            out.append(f'\ts.AddTool(mcp.NewTool("{name}", {desc}, readOnlyOpt()), handleRequest)')
        elif k == 2:
            out.append(f'\ts.AddTool(mcp.NewTool("{name}", mcp.WithDestructiveHintAnnotation(false), '
                       f"mcp.WithIdempotentHintAnnotation(true)), handleRequest)")
        else:
            records.append(f'\t\tserver.ServerTool{{Tool: mcp.NewTool("{name}", mcp.WithOpenWorldHintAnnotation(false)), '
                           "Handler: handleRequest},")
        st.tools += 1
        st.tools_annotated += 1
    if records:
        out += ["\ts.AddTools("] + records + ["\t)"]
    out += ["\treturn s", "}"]
    st.servers += 1
    return "\n".join(out) + "\n"


def preset_file(pkg: str, st: Stats) -> str:
    out = sdk_header(pkg, [])
    out = [ln for ln in out if ln.strip() != '"context"']
    out += [f"var {k} = {v}" for k, v in sorted(PRESETS.items())]
    st.preset_modules += 1
    return "\n".join(out) + "\n"


def unique(r: random.Random, used: set[str]) -> str:
    while True:
        name = f"{word(r, b.VERBS)}_{word(r, b.NOUNS)}_{len(used)}"
        if name not in used:
            used.add(name)
            return name


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the Go tree under root; update digest; return its counts."""
    r = random.Random(f"go:{seed}")
    st = Stats()
    used: set[str] = set()
    gomod = (f"module {MODULE}\n\ngo 1.23\n\nrequire (\n\t{GO_SDK} v1.2.0\n\t{MCP_GO} v0.41.1\n"
             "\tgithub.com/google/jsonschema-go v0.3.0\n)\n")
    (root / "go.mod").write_text(gomod)
    digest.update(gomod.encode())
    total = len(gomod)
    written = 1
    budget = max(1, round(n_files * mcp_ratio)) if mcp_ratio > 0 else 0
    dirs: list[str] = []
    max_depth = 1
    while written < n_files:
        depth = r.randint(1, 4)
        parts = [word(r, b.PKG_WORDS) for _ in range(depth)]
        rel = "/".join(parts) + f"{len(dirs)}"
        pkg = parts[-1] + f"{len(dirs)}"
        dirs.append(rel)
        max_depth = max(max_depth, depth)
        d = root / rel
        d.mkdir(parents=True, exist_ok=True)
        count = min(r.randint(20, 50), n_files - written)
        files: list[tuple[str, str]] = []
        # About 35 files a directory, three MCP files in an MCP one.
        mcp_here = budget > 0 and count >= 4 and r.random() < min(1.0, mcp_ratio * 35 / 3)
        if mcp_here:
            files.append(("presets.go", preset_file(pkg, st)))
            files.append(("register.go", sdk_server(r, pkg, r.randint(3, 15), st, used)))
            files.append(("serve.go", mcp_go_server(r, pkg, r.randint(3, 15), st, used)))
            st.mcp_files += 3
            st.tool_modules += 2
            budget -= 3
        while len(files) < count:
            stem = f"{word(r, b.NOUNS)}_{len(files)}"
            test = r.random() < 0.1
            for attempt in range(50):
                fr = random.Random(f"{seed}:{rel}/{stem}:{attempt}")
                text = ordinary_file(fr, pkg, r.randint(50, 400))
                if go_clean(text):
                    break
            else:
                raise RuntimeError(f"could not generate a clean Go file for {rel}/{stem}")
            files.append((f"{stem}_test.go" if test else f"{stem}.go", text))
        for fn, text in files:
            (d / fn).write_text(text)
            digest.update(f"{rel}/{fn}".encode())
            digest.update(text.encode())
            total += len(text.encode())
        written += len(files)
        if progress:
            progress(written)
    return {
        "files": written, "bytes": total, "dirs": len(dirs) + 1, "max_depth": max_depth,
        "mcp_files": st.mcp_files, "servers": st.servers, "preset_modules": st.preset_modules,
        "tool_modules": st.tool_modules, "tools": st.tools, "tools_annotated": st.tools_annotated,
        "tools_unannotated": st.tools_unannotated, "tools_preset_annotations": st.tools_preset,
    }


def many_registrations(n: int, seed: int) -> tuple[str, int]:
    """One Go file with n registrations: go-sdk AddTool (inline, preset and no
    annotations) and mcp-go NewTool with options, alternating by package."""
    r = random.Random(f"go-many:{seed}:{n}")
    st = Stats()
    used: set[str] = set()
    out = sdk_header("many", []) + [f"var {k} = {v}" for k, v in sorted(PRESETS.items())] + [""]
    text = sdk_server(r, "many", n, st, used)
    body_start = text.index("type Args struct")
    return "\n".join(out) + "\n" + text[body_start:], st.tools


def chained_calls(size: int) -> str:
    """A Go server file of about `size` bytes, most of it one package variable
    of chained calls (`var X = a.b().b().b()...`, the shape of a generated
    builder), and one tool, so the file is parsed and lowered."""
    head = f'package chain\n\nimport "{GO_SDK}/mcp"\n\nvar X = a'
    tail = '\n\nfunc Register(s *mcp.Server) {\n\tmcp.AddTool(s, &mcp.Tool{Name: "chained"}, nil)\n}\n'
    link = ".b()"
    return head + link * max(1, (size - len(head) - len(tail)) // len(link)) + tail
