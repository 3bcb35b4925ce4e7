"""TypeScript/JavaScript part of the synthetic benchmark tree (see bench.py).

Ordinary modules (~98%): interfaces, type aliases, enums, classes with
fields/getters/static members, functions and arrow functions, array chains,
relative and npm imports; 50-400 lines; never containing the substrings of
``TS_BANNED`` in any letter case.

MCP material (~2%), written the ways real servers do:
  * ``server.registerTool(name, {title, description, inputSchema, annotations}, cb)``
    with inline, preset, spread-preset or no annotations;
  * the v1 ``server.tool(...)`` overloads (name/description/shape/annotations/cb);
  * tool objects in lists derived with spreads/filter/map/concat, registered in
    a loop;
  * class hierarchies: a base class whose ``annotations`` getter computes the
    hints from the subclass's static fields, and whose ``register()`` calls
    ``registerTool``;
  * wrapper helpers: ``defineTool({...})`` objects registered by a helper, and
    ``withAuth(server).registerTool(...)`` forwarding to the SDK;
  * preset modules (``export const READ_ONLY = {...}``) imported by the others.

Each generated tool is counted in ``Stats``; every form registers exactly one
tool per name, so ``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import bench as b

# Ordinary TS/JS files must not look like MCP material at all.
TS_BANNED = b.BANNED + ("tool", "zod", "annotations")


def ts_clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in TS_BANNED)


RESERVED = {"default", "new", "static", "private", "public", "delete", "export", "import",
            "package", "switch", "case", "class", "function", "return", "var", "let",
            "const", "void", "with", "yield", "await", "enum", "interface", "protected",
            "implements", "extends", "super", "this", "true", "false", "null", "in", "of",
            "do", "if", "for", "while", "try", "catch", "finally", "throw", "typeof",
            "instanceof", "debugger", "continue", "break", "else", "arguments", "eval"}

NODE_IMPORTS = [
    'import { readFile, writeFile } from "node:fs/promises";',
    'import path from "node:path";',
    'import { createHash } from "node:crypto";',
    'import { EventEmitter } from "node:events";',
    'import { setTimeout as sleep } from "node:timers/promises";',
    'import os from "node:os";',
    'import { URL } from "node:url";',
    'import assert from "node:assert/strict";',
]
NPM_IMPORTS = [
    'import express from "express";',
    'import axios from "axios";',
    'import { v4 as uuid } from "uuid";',
    'import dayjs from "dayjs";',
    'import { Pool } from "pg";',
    'import pino from "pino";',
    'import { Router } from "express";',
    'import chalk from "chalk";',
    'import { LRUCache } from "lru-cache";',
    'import yaml from "yaml";',
]
TS_TYPES = ["string", "number", "boolean", "string[]", "number[]", "Record<string, unknown>",
            "unknown", "Date", "Map<string, number>", "Set<string>", "Promise<void>",
            "string | undefined", "readonly string[]"]
LOG_LEVELS = ["debug", "info", "warn", "error"]
DEFAULTS = ["null", "0", "false", "[]", "{}", '""']
CONSTS = ["0", "true", "null", '"x"']
TEXT = '"text"'
NOT_IMPL = ' { throw new Error("not implemented"); }'


def lcamel(snake: str) -> str:
    parts = [p for p in snake.split("_") if p]
    out = parts[0] + "".join(p.capitalize() for p in parts[1:])
    return out + "Value" if out in RESERVED else out


def kebab(snake: str) -> str:
    return snake.replace("_", "-")


def var(r: random.Random) -> str:
    k = r.random()
    if k < 0.4:
        return lcamel(r.choice(b.NOUNS))
    if k < 0.75:
        return lcamel(f"{r.choice(b.ADJS)}_{r.choice(b.NOUNS)}")
    if k < 0.9:
        return lcamel(r.choice(b.NOUNS)) + "s"
    return r.choice(["result", "value", "items", "data", "payload", "state", "options",
                     "count", "total", "batch", "rows", "entries"])


def fname(r: random.Random) -> str:
    return lcamel(b.func_name(r))


def texpr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "undefined"
    k = r.randrange(16)
    if k == 0:
        return str(r.randint(0, 10000))
    if k == 1:
        return f'"{r.choice(b.ADJS)}-{r.choice(b.NOUNS)}"'
    if k == 2:
        return r.choice(["null", "undefined", "true", "false", "[]", "{}", "0", '""'])
    if k == 3:
        return f"{v}?.length ?? 0"
    if k == 4:
        return f'{v}?.["{r.choice(b.NOUNS)}"]'
    if k == 5:
        return f"{v} ?? {r.choice(['[]', '{}', 'null', '0'])}"
    if k == 6:
        a = lcamel(r.choice(b.NOUNS))
        return f"[...({v} ?? [])].sort((x, y) => String(x.{a}).localeCompare(String(y.{a})))"
    if k == 7:
        return f"{v}.{lcamel(r.choice(b.NOUNS))}"
    if k == 8:
        return f"Number({v}) + {r.randint(1, 99)}"
    if k == 9:
        return f"{fname(r)}({v})"
    if k == 10:
        return f"`${{{v}}}-{r.choice(b.NOUNS)}`"
    if k == 11:
        a = lcamel(r.choice(b.NOUNS))
        return f"({v} ?? []).filter((x) => x.{a}).map((x) => x.{lcamel(r.choice(b.NOUNS))})"
    if k == 12:
        return f"{{ {lcamel(r.choice(b.NOUNS))}: {v}, {lcamel(r.choice(b.ADJS) + '_' + r.choice(b.NOUNS))}: {r.randint(0, 99)} }}"
    if k == 13:
        return f"Math.max(Number({v}), {r.randint(1, 9)})"
    if k == 14:
        return f'process.env.{r.choice(b.NOUNS).upper()}_{r.choice(b.ADJS).upper()} ?? ""'
    return f"{{ ...{v}, {lcamel(r.choice(b.NOUNS))}: {r.choice(['true', 'false', str(r.randint(0, 9))])} }}"


def tcond(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "value"
    return r.choice([
        f"{v} == null", f"!{v}", f"{v}", f'typeof {v} === "{r.choice(["string", "number", "object"])}"',
        f"Array.isArray({v})", f"({v}?.length ?? 0) > {r.randint(0, 64)}",
        f'"{lcamel(r.choice(b.NOUNS))}" in Object({v})', f"{v} !== {r.choice(['null', '0', 'undefined'])}",
    ])


def tstmts(r: random.Random, ind: str, names: list[str], n: int, depth: int,
           is_async: bool) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        k = r.randrange(13 if depth < 3 else 6)
        if k <= 1:
            v = var(r)
            kw = "const" if v not in names else ""
            out.append(f"{ind}{kw + ' ' if kw else ''}{v} = {texpr(r, names)};" if kw
                       else f"{ind}void ({texpr(r, names)});")
            if kw:
                names.append(v)
        elif k == 2:
            out.append(f'{ind}logger.{r.choice(LOG_LEVELS)}("{b.sentence(r, 3, 7)}", '
                       f"{r.choice(names) if names else 'null'});")
        elif k == 3:
            out.append(f"{ind}// {b.sentence(r, 4, 14)}")
        elif k == 4:
            v = var(r)
            if v in names:
                continue
            call = f"{fname(r)}({', '.join(r.sample(names, min(len(names), r.randint(0, 3))))})"
            out.append(f"{ind}const {v} = {'await ' if is_async else ''}{call};")
            names.append(v)
        elif k == 5:
            out.append(f"{ind}if ({tcond(r, names)}) {{")
            out += tstmts(r, ind + "  ", names[:], r.randint(1, 3), depth + 1, is_async)
            if r.random() < 0.35:
                out.append(f"{ind}}} else {{")
                out += tstmts(r, ind + "  ", names[:], r.randint(1, 2), depth + 1, is_async)
            out.append(f"{ind}}}")
        elif k == 6:
            item = lcamel(r.choice(b.NOUNS))
            if item in names:
                item += "Item"
            src = r.choice(names) if names else "[]"
            out.append(f"{ind}for (const {item} of {src} ?? []) {{")
            out += tstmts(r, ind + "  ", names + [item], r.randint(1, 3), depth + 1, is_async)
            out.append(f"{ind}}}")
        elif k == 7:
            out.append(f"{ind}try {{")
            out += tstmts(r, ind + "  ", names[:], r.randint(1, 3), depth + 1, is_async)
            out.append(f"{ind}}} catch (err) {{")
            out.append(f'{ind}  logger.warn("{b.sentence(r, 2, 6)}", err);')
            if r.random() < 0.5:
                out.append(f"{ind}  throw err;")
            out.append(f"{ind}}}")
        elif k == 8:
            v = var(r)
            if v in names:
                continue
            out.append(f"{ind}const {v} = {{")
            for _ in range(r.randint(2, 5)):
                out.append(f"{ind}  {lcamel(r.choice(b.NOUNS))}_{r.randint(0, 99)}: {texpr(r, names)},")
            out.append(f"{ind}}};")
            names.append(v)
        elif k == 9:
            v = r.choice(names) if names else "value"
            out.append(f"{ind}switch (typeof {v}) {{")
            for t in r.sample(["string", "number", "object", "boolean"], r.randint(1, 3)):
                out.append(f'{ind}  case "{t}":')
                out += tstmts(r, ind + "    ", names[:], 1, depth + 1, is_async)
                out.append(f"{ind}    break;")
            out.append(f"{ind}  default:")
            out.append(f"{ind}    break;")
            out.append(f"{ind}}}")
        elif k == 10:
            out.append(f"{ind}while ({tcond(r, names)}) {{")
            out += tstmts(r, ind + "  ", names[:], r.randint(1, 2), depth + 1, is_async)
            out.append(f"{ind}  break;")
            out.append(f"{ind}}}")
        elif k == 11:
            a, c = lcamel(r.choice(b.NOUNS)), lcamel(r.choice(b.ADJS) + "_" + r.choice(b.NOUNS))
            if a in names or c in names or a == c:
                continue
            out.append(f"{ind}const {{ {a}, {c} = {r.randint(0, 9)} }} = Object({r.choice(names) if names else '{}'});")
            names += [a, c]
        else:
            v = var(r)
            if v in names:
                continue
            out.append(f"{ind}const {v} = {tcond(r, names)}")
            out.append(f"{ind}  ? {texpr(r, names)}")
            out.append(f"{ind}  : {texpr(r, names)};")
            names.append(v)
    return out


def tparams(r: random.Random, typed: bool) -> tuple[str, list[str]]:
    names: list[str] = []
    for _ in range(r.randint(0, 4)):
        p = var(r)
        if p not in names:
            names.append(p)
    n_default = r.randint(0, len(names))
    parts = []
    for i, p in enumerate(names):
        ann = f": {r.choice(TS_TYPES)}" if typed and r.random() < 0.85 else ""
        if i >= len(names) - n_default:
            parts.append(f"{p}{ann} = {r.choice(DEFAULTS)}"
                         if not ann else f"{p}?{ann}")
        else:
            parts.append(f"{p}{ann}")
    return ", ".join(parts), names


def jsdoc(r: random.Random, ind: str, params: list[str]) -> list[str]:
    out = [f"{ind}/**", f"{ind} * {b.sentence(r, 3, 10).capitalize()}."]
    for p in params if r.random() < 0.5 else []:
        out.append(f"{ind} * @param {p} {b.sentence(r, 3, 8)}.")
    out.append(f"{ind} */")
    return out


def tfunction(r: random.Random, ind: str, typed: bool, method: bool, name: str | None = None,
              exported: bool = True) -> list[str]:
    out: list[str] = []
    name = name or fname(r)
    sig, pnames = tparams(r, typed)
    is_async = r.random() < 0.3
    ret = ""
    if typed and r.random() < 0.6:
        r.choice(TS_TYPES[:8])  # drawn but unused: keeps trees byte-identical per seed
        # `unknown`: the body returns any of its locals, whatever their type.
        ret = ": Promise<unknown>" if is_async else ": unknown"
    if r.random() < 0.6:
        out += jsdoc(r, ind, pnames)
    body_ind = ind + "  "
    if method:
        mod = r.choice(["", "", "private ", "protected ", "static "]) if typed else r.choice(["", "static "])
        out.append(f"{ind}{mod}{'async ' if is_async else ''}{name}({sig}){ret} {{")
    elif r.random() < 0.3:
        out.append(f"{ind}{'export ' if exported else ''}const {name} = {'async ' if is_async else ''}({sig}){ret} => {{")
    else:
        out.append(f"{ind}{'export ' if exported else ''}{'async ' if is_async else ''}function {name}({sig}){ret} {{")
    names = pnames[:] or ["value"]
    if not pnames:
        out.append(f"{body_ind}const value = {texpr(r, [])};")
    out += tstmts(r, body_ind, names, r.randint(1, 6), 0, is_async)
    out.append(f"{body_ind}return {r.choice(names)};")
    out.append(f"{ind}}}" + (";" if out[-2].startswith(f"{ind}{'export ' if exported else ''}const") else ""))
    return out


def tclass(r: random.Random, name: str, typed: bool, bases: list[str]) -> list[str]:
    out: list[str] = []
    kind = r.random()
    if typed and kind < 0.15:
        out.append(f"export interface {name} {{")
        seen: set[str] = set()
        for _ in range(r.randint(2, 8)):
            f = var(r)
            if f in seen:
                continue
            seen.add(f)
            out.append(f"  {'readonly ' if r.random() < 0.2 else ''}{f}{'?' if r.random() < 0.3 else ''}: {r.choice(TS_TYPES)};")
        out.append("}")
        return out
    if typed and kind < 0.25:
        out.append(f"export enum {name} {{")
        seen = set()
        for i in range(r.randint(3, 9)):
            m = camel_word(r.choice(b.NOUNS))
            if m in seen:
                continue
            seen.add(m)
            out.append(f'  {m} = "{m.lower()}",' if r.random() < 0.5 else f"  {m} = {i + 1},")
        out.append("}")
        return out
    if typed and kind < 0.32:
        alts = sorted({f'"{r.choice(b.NOUNS)}"' for _ in range(r.randint(2, 5))})
        return [f"export type {name} = {' | '.join(alts)};"]
    base = r.choice(bases) if bases and r.random() < 0.3 else None
    if r.random() < 0.6:
        out += jsdoc(r, "", [])
    out.append(f"export class {name}{' extends ' + base if base else ''} {{")
    for _ in range(r.randint(0, 3)):
        out.append(f"  static {r.choice(b.NOUNS).upper()}_{r.choice(b.ADJS).upper()} = {r.choice(['0', 'true', 'null', str(r.randint(1, 500))])};")
    fields: list[str] = []
    if r.random() < 0.8:
        sig, pnames = tparams(r, typed)
        if typed:
            for p in pnames:
                out.append(f"  private readonly _{p}: unknown;")
        out.append(f"  constructor({sig}) {{")
        if base:
            out.append("    super();")
        for p in pnames:
            out.append(f"    this._{p} = {p};")
        out.append("  }")
        fields = pnames
    for f in fields[:2]:
        out.append("")
        out.append(f"  get {f}(){': unknown' if typed else ''} {{")
        out.append(f"    return this._{f};")
        out.append("  }")
    for _ in range(r.randint(1, 6)):
        out.append("")
        out += tfunction(r, "  ", typed, True)
    out.append("}")
    return out


def camel_word(w: str) -> str:
    return w[:1].upper() + w[1:]


def ts_module(r: random.Random, modname: str, siblings: list[str], parents: list[str],
              typed: bool) -> str:
    target = r.randint(50, 400)
    out: list[str] = []
    if r.random() < 0.6:
        out += ["/**", f" * {b.sentence(r, 4, 12).capitalize()}.", " */"]
    out += sorted(set(r.sample(NODE_IMPORTS, r.randint(0, 3))))
    out += sorted(set(r.sample(NPM_IMPORTS, r.randint(0, 2))))
    imported: list[str] = []
    for s in r.sample(siblings, min(len(siblings), r.randint(0, 3))):
        out.append(f'import {{ {b.camel(s)} }} from "./{kebab(s)}.js";')
        imported.append(b.camel(s))
    if parents and r.random() < 0.4:
        p = r.choice(parents)
        out.append(f'import {{ {b.camel(p)} }} from "../{kebab(p)}.js";')
        imported.append(b.camel(p))
    if r.random() < 0.2:
        out.append(f'import type {{ {b.camel(r.choice(b.NOUNS))}Options }} from "./types.js";'
                   if typed else f'import * as {lcamel(r.choice(b.NOUNS))}Util from "./util.js";')
    out += ["", 'const logger = console;', ""]
    for _ in range(r.randint(0, 3)):
        out.append(f"export const {r.choice(b.ADJS).upper()}_{r.choice(b.NOUNS).upper()} = {r.choice(CONSTS + [str(r.randint(1, 500))])};")
    primary = False
    while len(out) < target:
        if not primary:
            blk = tclass(r, b.camel(modname), typed, imported)
            primary = True
        elif r.random() < 0.25:
            blk = tclass(r, b.camel(f"{r.choice(b.ADJS)}_{r.choice(b.NOUNS)}"), typed, imported)
        else:
            blk = tfunction(r, "", typed, False, exported=r.random() < 0.7)
        if len(out) + 1 + len(blk) > 400 and len(out) >= 50:
            break
        out += [""] + blk
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# MCP material
# --------------------------------------------------------------------------

PRESETS = {
    "READ_ONLY": "{ readOnlyHint: true, openWorldHint: false }",
    "READ_ONLY_REMOTE": "{ readOnlyHint: true, openWorldHint: true }",
    "WRITE": "{\n  readOnlyHint: false,\n  destructiveHint: false,\n  idempotentHint: false,\n  openWorldHint: false,\n}",
    "IDEMPOTENT_WRITE": "{ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }",
    "DESTRUCTIVE": "{ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }",
    "MUTATING": "{ readOnlyHint: false }",
}

INLINE = [
    "{ readOnlyHint: true, openWorldHint: false }",
    "{ readOnlyHint: true }",
    "{ readOnlyHint: false, destructiveHint: false, openWorldHint: false }",
    "{ destructiveHint: true }",
    '{ title: "{title}", readOnlyHint: false, idempotentHint: true }',
    "{ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }",
    "{}",
]

SDK_MCP = "@modelcontextprotocol/sdk/server/mcp.js"
SDK_STDIO = "@modelcontextprotocol/sdk/server/stdio.js"
SDK_TYPES = "@modelcontextprotocol/sdk/types.js"


@dataclass
class Stats:
    mcp_files: int = 0
    servers: int = 0
    preset_modules: int = 0
    tool_modules: int = 0
    tools: int = 0
    tools_annotated: int = 0
    tools_unannotated: int = 0
    tools_preset: int = 0
    by_form: dict[str, int] = field(default_factory=dict)

    def count(self, form: str, annotated: bool, preset: bool = False) -> None:
        self.tools += 1
        self.tools_annotated += annotated
        self.tools_unannotated += not annotated
        self.tools_preset += preset
        self.by_form[form] = self.by_form.get(form, 0) + 1


def tool_name(r: random.Random, used: set[str]) -> str:
    while True:
        n = b.func_name(r)
        if r.random() < 0.3:
            n = n.replace("_", "-")
        if n not in used:
            used.add(n)
            return n


def shape(r: random.Random, ind: str) -> str:
    fields = []
    for _ in range(r.randint(0, 3)):
        f = lcamel(r.choice(b.NOUNS))
        if f in [x.split(":")[0] for x in fields]:
            continue
        t = r.choice(['z.string()', 'z.number().int().min(0)', 'z.boolean().optional()',
                      'z.array(z.string())', 'z.enum(["a", "b"])'])
        if r.random() < 0.4:
            t += f'.describe("{b.sentence(r, 3, 7)}")'
        fields.append(f"{f}: {t}")
    if not fields:
        return "{}"
    return "{ " + ", ".join(fields) + " }" if len(fields) < 3 else (
        "{\n" + "".join(f"{ind}  {x},\n" for x in fields) + ind + "}")


def handler(r: random.Random, ind: str, typed: bool) -> list[str]:
    v = var(r)
    body = [f"{ind}  const {v} = await {fname(r)}(args);",
            f'{ind}  return {{ content: [{{ type: "text"{" as const" if typed else ""}, text: JSON.stringify({v}) }}] }};']
    if r.random() < 0.3:
        body = [f"{ind}  try {{"] + ["  " + x for x in body] + [
            f"{ind}  }} catch (err) {{",
            f'{ind}    return {{ isError: true, content: [{{ type: "text"{" as const" if typed else ""}, text: String(err) }}] }};',
            f"{ind}  }}"]
    return [f"async (args{': any' if typed else ''}) => {{"] + body + [f"{ind}}}"]


def annotations_expr(r: random.Random, presets: list[str], title: str) -> tuple[str | None, bool]:
    """(annotations expression or None, whether it uses a preset)."""
    k = r.random()
    if presets and k < 0.35:
        p = r.choice(presets)
        if r.random() < 0.3:
            return f"{{ ...{p}, openWorldHint: {r.choice(['true', 'false'])} }}", True
        return p, True
    if k < 0.8:
        return r.choice(INLINE).replace("{title}", title), False
    return None, False


def register_call(r: random.Random, recv: str, name: str, presets: list[str], typed: bool,
                  st: Stats, form: str = "registerTool") -> list[str]:
    """`recv.registerTool(name, {...}, cb)` (SDK >= 1.17)."""
    title = name.replace("_", " ").replace("-", " ").capitalize()
    ann, preset = annotations_expr(r, presets, title)
    st.count(form, ann is not None, preset)
    cfg = [f'    title: "{title}",'] if r.random() < 0.6 else []
    cfg.append(f'    description: "{b.sentence(r, 4, 10).capitalize()}.",')
    cfg.append(f"    inputSchema: {shape(r, '    ')},")
    if ann is not None:
        cfg.append(f"    annotations: {ann},")
    h = handler(r, "  ", typed)
    return [f'{recv}.registerTool(', f'  "{name}",', "  {"] + cfg + ["  },", "  " + h[0]] + h[1:-1] + [
        "  " + h[-1].strip() + ",", ");"]


def v1_tool_call(r: random.Random, recv: str, name: str, presets: list[str], typed: bool,
                 st: Stats) -> list[str]:
    """One of the `server.tool(...)` overloads of the v1 SDK."""
    desc = f'"{b.sentence(r, 4, 10).capitalize()}."'
    title = name.replace("_", " ").capitalize()
    ann, preset = annotations_expr(r, presets, title)
    if ann == "{}":
        # An empty object is a Zod raw shape to the SDK (isZodRawShape), never annotations.
        ann = INLINE[0]
    if ann is None:
        args = r.choice([[], [desc], [shape(r, "  ")], [desc, shape(r, "  ")]])
    else:
        # Annotations follow a schema (possibly empty) or stand alone after the name/description.
        args = r.choice([[shape(r, "  "), ann], [desc, shape(r, "  "), ann], [desc, "{}", ann],
                         [ann], [desc, ann]])
    st.count(f"tool/{len(args) + 2}", ann is not None, preset)
    h = handler(r, "  ", typed)
    return [f'{recv}.tool(', f'  "{name}",'] + [f"  {a}," for a in args] + ["  " + h[0]] + h[1:-1] + [
        "  " + h[-1].strip() + ",", ");"]


def sdk_imports(r: random.Random, typed: bool, cjs: bool) -> list[str]:
    if cjs:
        return [f'const {{ McpServer }} = require("{SDK_MCP}");',
                f'const {{ StdioServerTransport }} = require("{SDK_STDIO}");',
                'const { z } = require("zod");']
    out = [f'import {{ McpServer }} from "{SDK_MCP}";',
           f'import {{ StdioServerTransport }} from "{SDK_STDIO}";',
           'import { z } from "zod";']
    if typed:
        out.append(f'import type {{ ToolAnnotations }} from "{SDK_TYPES}";')
    return out


def preset_module(r: random.Random, names: list[str], typed: bool, st: Stats) -> str:
    out = [f"// Shared annotation presets for {r.choice(b.NOUNS)} tools."]
    if typed:
        out.append(f'import type {{ ToolAnnotations }} from "{SDK_TYPES}";')
    out.append("")
    for n in names:
        ty = ": ToolAnnotations" if typed and r.random() < 0.6 else ""
        tail = " as const" if typed and not ty and r.random() < 0.5 else ""
        out.append(f"export const {n}{ty} = {PRESETS[n]}{tail};")
    st.preset_modules += 1
    st.mcp_files += 1
    return "\n".join(out) + "\n"


def preset_import(presets: list[str], pmod: str | None, cjs: bool) -> list[str]:
    if not presets or pmod is None:
        return []
    if cjs:
        return [f'const {{ {", ".join(presets)} }} = require("{pmod}");']
    return [f'import {{ {", ".join(presets)} }} from "{pmod}";']


def connect_tail() -> list[str]:
    return ["", "const transport = new StdioServerTransport();", "await server.connect(transport);"]


def server_module(r: random.Random, name: str, presets: list[str], pmod: str | None,
                  typed: bool, cjs: bool, st: Stats, used: set[str]) -> str:
    """A server registering tools inline (registerTool and/or v1 tool overloads)."""
    out = [f"// {name.replace('_', ' ').capitalize()} server."] + sdk_imports(r, typed, cjs)
    out += preset_import(presets, pmod, cjs)
    out += ["", f'const server = new McpServer({{ name: "{kebab(name)}", version: "{r.randint(0, 3)}.{r.randint(0, 9)}.0" }});']
    style = r.choice(["register", "register", "v1", "mixed"])
    if r.random() < 0.4:
        out += [""] + tfunction(r, "", typed, False, exported=False)
    for _ in range(r.randint(3, 12)):
        n = tool_name(r, used)
        use_v1 = style == "v1" or (style == "mixed" and r.random() < 0.5)
        out += [""] + (v1_tool_call(r, "server", n, presets, typed, st) if use_v1
                       else register_call(r, "server", n, presets, typed, st))
    if not cjs:
        out += connect_tail()
    else:
        out += ["", "server.connect(new StdioServerTransport());"]
    st.servers += 1
    st.mcp_files += 1
    return "\n".join(out) + "\n"


def tool_object(r: random.Random, ind: str, name: str, presets: list[str], st: Stats,
                form: str, typed: bool) -> list[str]:
    title = name.replace("_", " ").capitalize()
    ann, preset = annotations_expr(r, presets, title)
    st.count(form, ann is not None, preset)
    out = [f"{ind}{{", f'{ind}  name: "{name}",',
           f'{ind}  description: "{b.sentence(r, 4, 10).capitalize()}.",',
           f"{ind}  inputSchema: {shape(r, ind + '  ')},"]
    if ann is not None:
        out.append(f"{ind}  annotations: {ann},")
    h = handler(r, ind + "  ", typed)
    out += [f"{ind}  handler: {h[0]}"] + h[1:-1] + [f"{ind}  {h[-1].strip()},", f"{ind}}}"]
    return out


def list_module(r: random.Random, presets: list[str], pmod: str | None, typed: bool, cjs: bool,
                st: Stats, used: set[str]) -> str:
    """Tool objects in lists derived with spreads/filter/map/concat, registered in a loop."""
    out = [f"// {r.choice(b.NOUNS).capitalize()} tools, declared as data."] + sdk_imports(r, typed, cjs)
    out += preset_import(presets, pmod, cjs)
    if typed:
        out += ["", "interface ToolDef {", "  name: string;", "  description: string;",
                "  inputSchema: Record<string, z.ZodTypeAny>;", "  annotations?: ToolAnnotations;",
                "  hidden?: boolean;", "  handler: (args: any) => Promise<any>;", "}"]
    lists = []
    for lname in ("readTools", "writeTools", "adminTools")[: r.randint(2, 3)]:
        lists.append(lname)
        out += ["", f"const {lname}{': ToolDef[]' if typed else ''} = ["]
        for _ in range(r.randint(1, 4)):
            out += tool_object(r, "  ", tool_name(r, used), presets, st, "list", typed)
            out[-1] += ","
        out.append("];")
    mode = r.randrange(3)
    if mode == 0:
        derived = f"[...{lists[0]}, ...{lists[1]}.filter((t) => !t.hidden)]"
        if len(lists) > 2:
            derived += f".concat({lists[2]})"
    elif mode == 1:
        derived = "[" + ", ".join(f"...{x}" for x in lists) + "].map((t) => ({ ...t, description: t.description.trim() }))"
    else:
        derived = f"{lists[0]}.concat(" + ", ".join(lists[1:]) + ").slice()"
    out += ["", f"{'' if cjs else 'export '}const allTools = {derived};", ""]
    loop = r.randrange(2)
    sig = "server: McpServer" if typed else "server"
    out.append(f"export function registerAll({sig}) {{" if not cjs else "function registerAll(server) {")
    if loop == 0:
        out += ["  for (const t of allTools) {",
                "    server.registerTool(t.name, { description: t.description, inputSchema: t.inputSchema, annotations: t.annotations }, t.handler);",
                "  }"]
    else:
        out += ["  allTools.forEach((t) =>",
                "    server.registerTool(t.name, { description: t.description, inputSchema: t.inputSchema, annotations: t.annotations }, t.handler),",
                "  );"]
    out.append("}")
    out += ["", f'const server = new McpServer({{ name: "{r.choice(b.NOUNS)}", version: "1.0.0" }});',
            "registerAll(server);"]
    if cjs:
        out += ["", "module.exports = { allTools, registerAll };"]
    st.tool_modules += 1
    st.servers += 1
    st.mcp_files += 1
    return "\n".join(out) + "\n"


OPS = ["read", "write", "delete", "update"]


def base_class_module(typed: bool, st: Stats) -> str:
    """The base class of a tool hierarchy: hints computed from subclass statics."""
    t = typed
    out = [f'import {"type " if t else ""}{{ McpServer }} from "{SDK_MCP}";', ""]
    if t:
        out += ['export type Operation = "read" | "write" | "delete" | "update";', ""]
    out += [f"export {'abstract ' if t else ''}class BaseTool {{",
            f'  static operation{": Operation" if t else ""} = "read";',
            f"  static remote{': boolean' if t else ''} = false;",
            f"  {'abstract readonly name: string;' if t else ''}",
            f"  {'abstract readonly description: string;' if t else ''}",
            "",
            "  get annotations() {",
            f"    const self = this.constructor{' as typeof BaseTool' if t else ''};",
            "    return {",
            '      readOnlyHint: self.operation === "read",',
            '      destructiveHint: self.operation === "delete",',
            '      idempotentHint: self.operation !== "write",',
            "      openWorldHint: self.remote,",
            "    };",
            "  }",
            "",
            f"  {'abstract ' if t else ''}run(args{': any' if t else ''}){': Promise<string>;' if t else NOT_IMPL}",
            "",
            f"  register(server{': McpServer' if t else ''}) {{",
            "    server.registerTool(",
            "      this.name,",
            "      { description: this.description, annotations: this.annotations },",
            f"      async (args{': any' if t else ''}) => ({{ content: [{{ type: {TEXT}{' as const' if t else ''}, text: await this.run(args) }}] }}),",
            "    );",
            "  }",
            "}"]
    st.mcp_files += 1
    return "\n".join(x for x in out if x.strip() or x == "") + "\n"


def subclass_module(r: random.Random, base_spec: str, typed: bool, st: Stats, used: set[str],
                    classes: list[str]) -> str:
    out = [f'import {{ BaseTool }} from "{base_spec}";', ""]
    for _ in range(r.randint(1, 3)):
        n = tool_name(r, used)
        cls = b.camel(n.replace("-", "_")) + "Tool"
        classes.append(cls)
        op = r.choice(OPS)
        st.count("class", True)
        out += [f"export class {cls} extends BaseTool {{",
                f'  static operation = "{op}"{" as const" if typed else ""};']
        if r.random() < 0.4:
            out.append("  static remote = true;")
        out += [f'  name = "{n}";', f'  description = "{b.sentence(r, 4, 10).capitalize()}.";', "",
                f"  async run(args{': any' if typed else ''}) {{",
                f"    return JSON.stringify(await {fname(r)}(args));", "  }", "}", ""]
    st.mcp_files += 1
    st.tool_modules += 1
    return "\n".join(out)


def class_index_module(r: random.Random, imports: list[tuple[str, list[str]]], typed: bool,
                       st: Stats) -> str:
    out = sdk_imports(r, typed, False)[:2]
    allc: list[str] = []
    for spec, classes in imports:
        out.append(f'import {{ {", ".join(classes)} }} from "{spec}";')
        allc += classes
    out += ["", f'const server = new McpServer({{ name: "{r.choice(b.NOUNS)}-classes", version: "2.0.0" }});', ""]
    if r.random() < 0.5:
        out += [f"const toolClasses = [{', '.join(allc)}];",
                "for (const ToolClass of toolClasses) {", "  new ToolClass().register(server);", "}"]
    else:
        out += [f"const instances = [{', '.join(f'new {c}()' for c in allc)}];",
                "instances.forEach((t) => t.register(server));"]
    out += connect_tail()
    st.servers += 1
    st.mcp_files += 1
    return "\n".join(out) + "\n"


def helpers_module(typed: bool, st: Stats) -> str:
    """defineTool / registerTools / withAuth: project wrappers over the SDK."""
    t = typed
    out = [f'import {"type " if t else ""}{{ McpServer }} from "{SDK_MCP}";']
    if t:
        out += [f'import type {{ ToolAnnotations }} from "{SDK_TYPES}";', "",
                "export interface ToolSpec {", "  name: string;", "  description: string;",
                "  annotations?: ToolAnnotations;", "  handler: (args: any) => Promise<any>;", "}"]
    out += ["", f"export function defineTool(spec{': ToolSpec' if t else ''}) {{", "  return spec;", "}", "",
            f"export function registerTools(server{': McpServer' if t else ''}, specs{': ToolSpec[]' if t else ''}) {{",
            "  for (const spec of specs) {",
            "    server.registerTool(spec.name, { description: spec.description, annotations: spec.annotations }, spec.handler);",
            "  }", "}", "",
            f"export function withAuth(server{': McpServer' if t else ''}) {{",
            "  return {",
            f"    registerTool(name{': string' if t else ''}, config{': any' if t else ''}, cb{': (args: any) => Promise<any>' if t else ''}) {{",
            "      return server.registerTool(name, config, async (args) => {",
            '        if (!process.env.API_TOKEN) throw new Error("unauthorised");',
            "        return cb(args);",
            "      });", "    },", "  };", "}"]
    st.mcp_files += 1
    return "\n".join(out) + "\n"


def wrapped_server_module(r: random.Random, helpers_spec: str, presets: list[str], pmod: str | None,
                          typed: bool, st: Stats, used: set[str]) -> str:
    out = sdk_imports(r, typed, False)[:3]
    out.append(f'import {{ defineTool, registerTools, withAuth }} from "{helpers_spec}";')
    out += preset_import(presets, pmod, False)
    out += ["", f'const server = new McpServer({{ name: "{r.choice(b.NOUNS)}-wrapped", version: "0.3.0" }});', ""]
    out.append("const specs = [")
    for _ in range(r.randint(1, 4)):
        o = tool_object(r, "  ", tool_name(r, used), presets, st, "defineTool", typed)
        o = [x for x in o if "inputSchema" not in x]
        o[0] = "  defineTool({"
        o[-1] = "  }),"
        out += o
    out += ["];", "registerTools(server, specs);", "", "const secured = withAuth(server);"]
    for _ in range(r.randint(1, 3)):
        out += [""] + register_call(r, "secured", tool_name(r, used), presets, typed, st, "withAuth")
    out += connect_tail()
    st.servers += 1
    st.mcp_files += 1
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# Tree layout
# --------------------------------------------------------------------------


@dataclass
class TsDir:
    rel: str
    parent: int | None
    cap: int
    typed: bool
    children: list[int] = field(default_factory=list)
    files: list[tuple[str, str, dict]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


def plan_dirs(r: random.Random, n: int) -> list[TsDir]:
    """Projects (`acme-web/src/...`) of nested folders, 20-50 files each.

    Each project is TypeScript (80%) or plain JavaScript (20%), as real
    repositories are; folder depth stays <= 6."""
    dirs: list[TsDir] = []
    tops: set[str] = set()
    remaining = n
    while remaining > 0:
        cap = r.randint(20, 50)
        if remaining - cap < 20:
            cap = remaining if remaining <= 60 else cap
        cap = min(cap, remaining)
        if not dirs or r.random() < 0.08:
            name = f"{r.choice(b.PROJECT_WORDS)}-{kebab(r.choice(b.PKG_WORDS))}"
            while name in tops:
                name = f"{name}-{r.choice(b.NOUNS)}"
            tops.add(name)
            d = TsDir(rel=f"{name}/src", parent=None, cap=cap, typed=r.random() < 0.8)
        else:
            cands = [i for i in range(max(0, len(dirs) - 12), len(dirs)) if dirs[i].rel.count("/") < 6]
            pi = r.choice(cands) if cands else r.randrange(len(dirs))
            p = dirs[pi]
            sibs = {dirs[c].rel.rsplit("/", 1)[-1] for c in p.children}
            name = kebab(r.choice(b.PKG_WORDS))
            while name in sibs:
                name = f"{name}-{r.choice(b.NOUNS)}"
            d = TsDir(rel=f"{p.rel}/{name}", parent=pi, cap=cap, typed=p.typed)
            p.children.append(len(dirs))
        dirs.append(d)
        remaining -= cap
    return dirs


def free(d: TsDir) -> int:
    return d.cap - len(d.files)


def add(d: TsDir, base: str, kind: str, spec: dict, r: random.Random) -> str:
    """Add a file named after base (made unique in d); return the specifier that
    imports it from its own folder (`./x.js`: TypeScript maps `.js` to `.ts`)."""
    name = base
    while name in d.names:
        name = f"{r.choice(b.NOUNS)}-{base}"
    d.names.add(name)
    ext = ".ts" if d.typed else r.choice([".js", ".js", ".mjs"])
    if spec.get("cjs"):
        ext = r.choice([".cjs", ".js"])
    d.files.append((name + ext, kind, spec))
    return f"./{name}{'.js' if ext in ('.ts', '.js') else ext}"


def plan_mcp(r: random.Random, dirs: list[TsDir], budget: int) -> None:
    guard = 0
    while budget > 0 and guard < 10000:
        guard += 1
        kind = r.choices(["inline", "list", "classes", "wrapped"], weights=[35, 25, 20, 20])[0]
        k = r.randint(1, 3)
        size = {"inline": 2, "list": 2, "classes": 2 + k, "wrapped": 3}[kind]
        if size > budget:
            kind, size = "inline", 1
        cands = [i for i, d in enumerate(dirs) if free(d) >= size]
        if not cands:
            break
        before = sum(len(x.files) for x in dirs)
        d = dirs[r.choice(cands)]
        used: set[str] = set()
        presets: list[str] = []
        pspec: str | None = None
        # CommonJS servers (plain JS only) keep their annotations inline.
        cjs = not d.typed and kind in ("inline", "list") and r.random() < 0.3
        if size >= 2 and kind != "classes" and not cjs:
            # Presets beside the server, or in the parent folder when it has room.
            names = sorted(set(["READ_ONLY"] + r.sample(list(PRESETS), r.randint(1, 3))))
            p = dirs[d.parent] if d.parent is not None and free(dirs[d.parent]) >= 1 and r.random() < 0.4 else d
            pm = add(p, "presets" if r.random() < 0.7 else "annotations", "presets", {"names": names}, r)
            presets = sorted(set(r.sample(names, r.randint(1, len(names)))))
            pspec = pm if p is d else "." + pm
        if kind == "inline":
            add(d, r.choice(["server", "index", "main", f"{r.choice(b.NOUNS)}-server"]), "server",
                {"presets": presets, "pmod": pspec, "cjs": cjs, "used": used}, r)
        elif kind == "list":
            add(d, r.choice(["tools", "registry", f"{r.choice(b.NOUNS)}-tools"]), "list",
                {"presets": presets, "pmod": pspec, "cjs": cjs, "used": used}, r)
        elif kind == "classes":
            base = add(d, "base-tool", "base", {}, r)
            subs: list[tuple[str, list[str]]] = []
            for _ in range(k):
                classes: list[str] = []
                m = add(d, f"{r.choice(b.NOUNS)}-tools", "sub",
                        {"base": base, "used": used, "classes": classes}, r)
                subs.append((m, classes))
            add(d, "server", "class_index", {"subs": subs}, r)
        else:
            h = add(d, "helpers", "helpers", {}, r)
            add(d, "server", "wrapped", {"helpers": h, "presets": presets, "pmod": pspec,
                                         "used": used}, r)
        budget -= sum(len(x.files) for x in dirs) - before


def plan_ordinary(r: random.Random, dirs: list[TsDir]) -> None:
    suffixes = ["utils", "models", "service", "client", "handlers", "views", "store", "types",
                "errors", "helpers", "manager", "parser", "cli", "jobs", "routes", "config"]
    for d in dirs:
        while free(d) > 0:
            k = r.random()
            if k < 0.35:
                base = r.choice(b.NOUNS)
            elif k < 0.7:
                base = f"{r.choice(b.NOUNS)}-{r.choice(suffixes)}"
            elif k < 0.88:
                base = f"{r.choice(b.VERBS)}-{r.choice(b.NOUNS)}"
            else:
                base = f"{r.choice(b.NOUNS)}-{r.choice(b.VERBS)}.test"
            if base in d.names:
                base = f"{base}-{r.choice(b.ADJS)}"
                if base in d.names:
                    continue
            d.names.add(base)
            ext = ".ts" if d.typed else ".js"
            d.files.append((base + ext, "ordinary", {}))


def ordered(files: list[tuple[str, str, dict]]) -> list[tuple[str, str, dict]]:
    """Generation order: presets and base classes first, so that the modules
    importing them see the class names they define."""
    rank = {"presets": 0, "base": 0, "helpers": 0, "sub": 1, "class_index": 2}
    return sorted(files, key=lambda f: rank.get(f[1], 1))


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the TS/JS tree under root; update digest; return its counts."""
    r = random.Random(f"ts:{seed}")
    dirs = plan_dirs(r, n_files)
    budget = round(n_files * mcp_ratio)
    if mcp_ratio > 0 and budget == 0 and n_files >= 10:
        budget = 1
    plan_mcp(r, dirs, budget)
    plan_ordinary(r, dirs)
    st = Stats()
    total = written = 0
    for di, d in enumerate(dirs):
        ddir = root / d.rel
        ddir.mkdir(parents=True, exist_ok=True)
        stems = sorted(f[0].rsplit(".", 1)[0].replace(".test", "") for f in d.files if f[1] == "ordinary")
        stems = [s.replace("-", "_") for s in stems if "." not in s]
        parent = []
        if d.parent is not None:
            parent = sorted(f[0].rsplit(".", 1)[0].replace("-", "_") for f in dirs[d.parent].files
                            if f[1] == "ordinary" and ".test" not in f[0])
        for fn, kind, spec in ordered(d.files):
            rel = f"{d.rel}/{fn}"
            fr = random.Random(f"{seed}:{rel}")
            if kind == "ordinary":
                mod = fn.rsplit(".", 1)[0].replace(".test", "").replace("-", "_")
                sibs = [s for s in stems if s != mod]
                for attempt in range(50):
                    text = ts_module(fr, mod, sibs, parent, d.typed)
                    if ts_clean(text):
                        break
                    fr = random.Random(f"{seed}:{rel}:{attempt + 1}")
                else:
                    raise RuntimeError(f"could not generate a clean ordinary module for {rel}")
            elif kind == "presets":
                text = preset_module(fr, spec["names"], d.typed, st)
            elif kind == "server":
                text = server_module(fr, fn.split(".")[0].replace("-", "_"), spec["presets"], spec["pmod"],
                                     d.typed, spec["cjs"], st, spec["used"])
            elif kind == "list":
                text = list_module(fr, spec["presets"], spec["pmod"], d.typed, spec["cjs"], st, spec["used"])
            elif kind == "base":
                text = base_class_module(d.typed, st)
            elif kind == "sub":
                text = subclass_module(fr, spec["base"], d.typed, st, spec["used"], spec["classes"])
            elif kind == "class_index":
                text = class_index_module(fr, spec["subs"], d.typed, st)
            elif kind == "helpers":
                text = helpers_module(d.typed, st)
            elif kind == "wrapped":
                text = wrapped_server_module(fr, spec["helpers"], spec["presets"], spec["pmod"], d.typed,
                                             st, spec["used"])
            else:  # pragma: no cover
                raise AssertionError(kind)
            data = text.encode("utf-8")
            (ddir / fn).write_bytes(data)
            digest.update(rel.encode() + b"\0" + data + b"\0")
            total += len(data)
            written += 1
        if progress:
            progress(written)
    return {
        "files": written, "bytes": total, "dirs": len(dirs),
        "max_depth": max(d.rel.count("/") + 1 for d in dirs),
        "mcp_files": st.mcp_files, "servers": st.servers, "preset_modules": st.preset_modules,
        "tool_modules": st.tool_modules, "tools": st.tools, "tools_annotated": st.tools_annotated,
        "tools_unannotated": st.tools_unannotated, "tools_preset_annotations": st.tools_preset,
        "tools_by_form": dict(sorted(st.by_form.items())),
    }


def many_registrations(n: int, seed: int) -> tuple[str, int]:
    """One TypeScript server with n registrations (registerTool and the v1
    overloads, inline and preset annotations); returns (text, tools)."""
    r = random.Random(f"ts-many:{seed}:{n}")
    st = Stats()
    presets = sorted(PRESETS)
    out = sdk_imports(r, True, False) + [""]
    out += [f"const {p}: ToolAnnotations = {PRESETS[p]};" for p in presets]
    out += ["", 'const server = new McpServer({ name: "many", version: "1.0.0" });']
    used: set[str] = set()
    for i in range(n):
        name = f"{b.func_name(r)}_{i}"
        used.add(name)
        out += [""] + (v1_tool_call(r, "server", name, presets, True, st) if i % 3 == 2
                       else register_call(r, "server", name, presets, True, st))
    out += connect_tail()
    return "\n".join(out) + "\n", st.tools
