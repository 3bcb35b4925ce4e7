"""Rust part of the synthetic benchmark tree (see bench.py).

A workspace of crates (``crates/<name>/Cargo.toml`` + ``src/``). Ordinary
modules (~98%): structs with serde derives, enums, ``impl`` blocks, traits,
free functions with ``match``/``if let``/iterator chains, ``use`` of std and
sibling modules, inline ``#[cfg(test)] mod tests``; 50-400 lines; never
containing the substrings of ``RS_BANNED`` in any letter case, so the Rust
prefilter skips them unless an MCP file imports them.

MCP material (~2%), written the ways rmcp servers do:
  * ``#[tool_router] impl Server { #[tool(...)] async fn ... }`` with inline
    ``annotations(...)``, a title only, or nothing; ``Parameters<T>`` inputs
    from a struct of the same crate;
  * builders: ``Tool::new(..).annotate(ToolAnnotations::new().read_only(..)..)``,
    ``.annotate(presets::READ)``, ``Tool { .. }`` literals, a helper
    ``fn read_tool(name) -> Tool`` called once per tool;
  * preset modules (``pub const READ: ToolAnnotations = ToolAnnotations { .. }``)
    imported by the others with ``use crate::presets::...``.

Each generated tool is counted in ``Stats``; every form registers exactly one
tool per name, so ``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random

import bench as b
from bench_ts import Stats  # the same counters as the TS tree

RS_BANNED = b.BANNED + ("tool", "annotations", "_hint", "rmcp")

RS_KEYWORDS = {"as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn",
               "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
               "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe",
               "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do",
               "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
               "gen", "union"}

PRESETS = {
    "READ": (True, None, None, False),
    "WRITE": (False, False, True, False),
    "DANGER": (False, True, False, False),
    "REMOTE": (True, None, None, True),
}
FIELD_TYPES = ["String", "u32", "u64", "i64", "bool", "f64", "Vec<String>", "Option<String>",
               "Option<u32>", "HashMap<String, u64>"]
STD_USES = ["use std::collections::HashMap;", "use std::fmt;", "use std::sync::Arc;",
            "use std::time::Duration;", "use std::path::PathBuf;"]




def clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in RS_BANNED)


def ident(r: random.Random) -> str:
    while True:
        n = b.func_name(r)
        if n not in RS_KEYWORDS and clean(n):
            return n


def camel(snake: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in snake.split("_") if w)


# -- ordinary code ----------------------------------------------------------------


def ordinary_module(r: random.Random, sibs: list[str]) -> str:
    out = ["//! " + " ".join(ident(r) for _ in range(6)) + ".", ""]
    out += sorted(set(r.sample(STD_USES, r.randint(1, 3))))
    out += ["use std::collections::HashMap as Map;", "use serde::{Deserialize, Serialize};"]
    for s in r.sample(sibs, min(len(sibs), r.randint(0, 2))):
        out.append(f"#[allow(unused_imports)]\nuse crate::{s}::*;")
    out.append("")
    target = r.randint(50, 400)
    n_struct = 0
    while len("\n".join(out).splitlines()) < target:
        k = r.random()
        name = camel(ident(r)) + str(n_struct)
        n_struct += 1
        if k < 0.35:
            fields = [(ident(r), r.choice(FIELD_TYPES)) for _ in range(r.randint(1, 6))]
            out += ["#[derive(Debug, Clone, Default, Serialize, Deserialize)]",
                    '#[serde(rename_all = "camelCase")]', f"pub struct {name} {{"]
            seen = set()
            for f, t in fields:
                if f in seen:
                    continue
                seen.add(f)
                out.append(f"    pub {f}: {t.replace('HashMap', 'Map')},")
            out += ["}", "", f"impl {name} {{"]
            for _ in range(r.randint(1, 4)):
                m = ident(r)
                out += [f"    pub fn {m}(&self, limit: usize) -> usize {{",
                        "        let mut total = 0usize;",
                        "        for i in 0..limit {",
                        "            if i % 3 == 0 { total += i; } else if i % 5 == 0 { total -= 1; }",
                        "        }",
                        "        total",
                        "    }"]
            out += ["}", ""]
        elif k < 0.55:
            variants = sorted({camel(ident(r)) for _ in range(r.randint(2, 6))})
            out += ["#[derive(Debug, Clone, Copy, PartialEq, Eq)]", f"pub enum {name} {{"]
            out += [f"    {v}," for v in variants]
            out += ["}", "", f"impl fmt::Display for {name} {{",
                    "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
                    "        match self {"]
            out += [f'            {name}::{v} => write!(f, "{v.lower()}"),' for v in variants]
            out += ["        }", "    }", "}", ""]
            if "use std::fmt;" not in out:
                out.insert(2, "use std::fmt;")
        elif k < 0.8:
            f = ident(r)
            out += [f"pub fn {f}(items: &[u64], factor: u64) -> Vec<u64> {{",
                    "    items",
                    "        .iter()",
                    "        .filter(|x| **x > factor)",
                    "        .map(|x| x.saturating_mul(factor))",
                    "        .collect()",
                    "}", ""]
        else:
            t = camel(ident(r))
            out += [f"pub trait {t}{n_struct} {{", "    fn size(&self) -> usize;",
                    "    fn empty(&self) -> bool {", "        self.size() == 0", "    }", "}", ""]
    out += ["#[cfg(test)]", "mod tests {", "    #[test]", "    fn adds() {",
            "        assert_eq!(1 + 1, 2);", "    }", "}"]
    return "\n".join(out) + "\n"


# -- MCP material -----------------------------------------------------------------


def hints_builder(hints: tuple) -> str:
    ro, de, idem, ow = hints
    parts = ["ToolAnnotations::new()"]
    for key, v in (("read_only", ro), ("destructive", de), ("idempotent", idem), ("open_world", ow)):
        if v is not None:
            parts.append(f".{key}({'true' if v else 'false'})")
    return "".join(parts)


def hints_attr(hints: tuple) -> str:
    ro, de, idem, ow = hints
    keys = (("read_only_hint", ro), ("destructive_hint", de), ("idempotent_hint", idem),
            ("open_world_hint", ow))
    return ", ".join(f"{k} = {'true' if v else 'false'}" for k, v in keys if v is not None)


def preset_module() -> str:
    out = ["//! Shared hint presets.", "", "use rmcp::model::ToolAnnotations;", ""]
    for name, (ro, de, idem, ow) in sorted(PRESETS.items()):
        opt = lambda v: "None" if v is None else f"Some({'true' if v else 'false'})"  # noqa: E731
        out += [f"pub const {name}: ToolAnnotations = ToolAnnotations {{", "    title: None,",
                f"    read_only_hint: {opt(ro)},", f"    destructive_hint: {opt(de)},",
                f"    idempotent_hint: {opt(idem)},", f"    open_world_hint: {opt(ow)},", "};", ""]
    out += ["pub fn local_read() -> ToolAnnotations {",
            "    ToolAnnotations::new().read_only(true).open_world(false)", "}"]
    return "\n".join(out) + "\n"


def random_hints(r: random.Random) -> tuple:
    return tuple(r.choice([True, False, None]) for _ in range(4))


def router_module(r: random.Random, st: Stats, used: set[str], n: int) -> str:
    """A `#[tool_router]` server with n `#[tool]` methods."""
    st.servers += 1
    out = ["//! The server's tools.", "", "use rmcp::handler::server::wrapper::Parameters;",
           "use rmcp::{tool, tool_router};", "use schemars::JsonSchema;",
           "use serde::Deserialize;", "", "pub struct Server;", ""]
    args = []
    for i in range(n):
        a = f"{camel(ident(r))}Args{i}"
        args.append(a)
        out += ["#[derive(Debug, Deserialize, JsonSchema)]", f"pub struct {a} {{",
                f"    pub {ident(r)}: String,", "    pub confirm: bool,", "}", ""]
    out += ["#[tool_router]", "impl Server {"]
    for i in range(n):
        name = unique(r, used)
        k = r.random()
        if k < 0.6:
            hints = random_hints(r)
            inner = hints_attr(hints)
            attr = f'#[tool(name = "{name}", description = "Does {name}", annotations({inner}))]'
            st.count("router-inline", bool(inner))
        elif k < 0.8:
            attr = f'#[tool(name = "{name}", title = "{camel(name)}")]'
            st.count("router-title", False)
        else:
            attr = f'#[tool(description = "Does {name}")]'
            st.count("router-bare", False)
        fn = name if k >= 0.8 else f"handle_{i}"
        out += [f"    {attr}", f"    async fn {fn}(&self, Parameters(p): Parameters<{args[i]}>) -> String {{",
                "        let _ = p;", "        String::new()", "    }", ""]
    out += ["}"]
    return "\n".join(out) + "\n"


def unique(r: random.Random, used: set[str]) -> str:
    while True:
        n = ident(r)
        if n not in used:
            used.add(n)
            return n


def builder_module(r: random.Random, st: Stats, used: set[str], n: int, pmod: str | None) -> str:
    """`Tool::new(..)` values in a list, through presets, a helper and a literal."""
    out = ["//! Tools built at run time.", "", "use std::sync::Arc;", "",
           "use rmcp::model::{JsonObject, Tool, ToolAnnotations};"]
    if pmod:
        out.append(f"use crate::{pmod}::{{self as presets, local_read}};")
    out += ["", "fn schema() -> Arc<JsonObject> {", "    Arc::new(JsonObject::new())", "}", "",
            "fn read_tool(name: &'static str, description: &'static str) -> Tool {",
            "    Tool::new(name, description, schema()).annotate(ToolAnnotations::new().read_only(true))",
            "}", "", "pub fn tools() -> Vec<Tool> {", "    vec!["]
    for _ in range(n):
        name = unique(r, used)
        k = r.random()
        if pmod and k < 0.3:
            p = r.choice(sorted(PRESETS))
            out.append(f'        Tool::new("{name}", "Does {name}", schema()).annotate(presets::{p}),')
            st.count("builder-preset", True, True)
        elif pmod and k < 0.4:
            out.append(f'        Tool::new("{name}", "Does {name}", schema()).annotate(local_read()),')
            st.count("builder-preset-fn", True, True)
        elif k < 0.7:
            hb = hints_builder(random_hints(r))
            out.append(f'        Tool::new("{name}", "Does {name}", schema()).annotate({hb}),')
            st.count("builder-inline", True)
        elif k < 0.85:
            out.append(f'        read_tool("{name}", "Does {name}"),')
            st.count("builder-helper", True)
        else:
            out.append(f'        Tool::new("{name}", "Does {name}", schema()),')
            st.count("builder-bare", False)
    out += ["    ]", "}"]
    return "\n".join(out) + "\n"


# -- the tree ---------------------------------------------------------------------


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the Rust workspace under root; update digest; return its counts."""
    r = random.Random(f"rust:{seed}")
    per_crate = 60
    n_crates = max(1, n_files // per_crate)
    budget = round(n_files * mcp_ratio)
    if mcp_ratio > 0 and budget == 0 and n_files >= 10:
        budget = 1
    # MCP crates: one preset module, a router and a builder module each (3 files).
    mcp_crates = set(r.sample(range(n_crates), min(n_crates, max(1, budget // 3)) if budget else 0))
    st = Stats()
    used: set[str] = set()
    total = written = 0
    dirs = set()
    remaining = n_files
    for c in range(n_crates):
        cname = f"{ident(r)}_{c}"
        base = root / "crates" / cname
        n_here = remaining if c == n_crates - 1 else min(remaining, per_crate)
        remaining -= n_here
        files: dict[str, str] = {}
        mcp = c in mcp_crates and n_here >= 5
        mods = [f"{ident(r)}_{i}" for i in range(n_here - 1 - (3 if mcp else 0))]
        if mcp:
            st.mcp_files += 3
            st.preset_modules += 1
            st.tool_modules += 2
            files["src/presets.rs"] = preset_module()
            files["src/server.rs"] = router_module(r, st, used, r.randint(3, 15))
            files["src/listed.rs"] = builder_module(r, st, used, r.randint(3, 15), "presets")
        for m in mods:
            fr = random.Random(f"{seed}:{cname}:{m}")
            for attempt in range(50):
                text = ordinary_module(fr, [x for x in mods if x != m][:8])
                if clean(text):
                    break
                fr = random.Random(f"{seed}:{cname}:{m}:{attempt + 1}")
            else:
                raise RuntimeError(f"could not generate a clean ordinary module for {cname}/{m}")
            files[f"src/{m}.rs"] = text
        lib = [f"pub mod {m};" for m in mods]
        if mcp:
            lib += ["pub mod presets;", "pub mod server;", "pub mod listed;"]
        files["src/lib.rs"] = "\n".join(lib) + "\n"
        deps = '[dependencies]\nserde = "1"\n' + ('rmcp = "0.8"\nschemars = "1"\n' if mcp else "")
        cargo = f'[package]\nname = "{cname}"\nversion = "0.1.0"\nedition = "2021"\n\n{deps}'
        (base / "src").mkdir(parents=True, exist_ok=True)
        (base / "Cargo.toml").write_text(cargo)
        dirs.add(base / "src")
        for rel, text in sorted(files.items()):
            data = text.encode("utf-8")
            (base / rel).write_bytes(data)
            digest.update(f"{cname}/{rel}".encode() + b"\0" + data + b"\0")
            total += len(data)
            written += 1
        if progress:
            progress(written)
    return {
        "files": written, "bytes": total, "dirs": len(dirs), "max_depth": 3,
        "mcp_files": st.mcp_files, "servers": st.servers, "preset_modules": st.preset_modules,
        "tool_modules": st.tool_modules, "tools": st.tools, "tools_annotated": st.tools_annotated,
        "tools_unannotated": st.tools_unannotated, "tools_preset_annotations": st.tools_preset,
        "tools_by_form": dict(sorted(st.by_form.items())),
    }


def many_registrations(n: int, seed: int) -> tuple[str, int]:
    """One Rust file with n registrations: two thirds `#[tool]` methods of a
    `#[tool_router]` impl, one third `Tool::new(..)` values in a list (inline,
    preset and no annotations); returns (text, tools)."""
    r = random.Random(f"rust-many:{seed}:{n}")
    st = Stats()
    used: set[str] = set()
    n_list = n // 3
    router = router_module(r, st, used, n - n_list)
    listed = builder_module(r, st, used, n_list, None)
    presets = preset_module().replace("//! Shared hint presets.\n", "").replace("use rmcp::model::ToolAnnotations;\n", "")
    body = listed.replace("//! Tools built at run time.\n", "")
    text = router + "\n" + body + "\n" + presets
    return text, st.tools
