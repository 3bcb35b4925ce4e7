#!/usr/bin/env python3
"""Benchmark mcp-lint on a large, deterministic, synthetic source tree.

--lang python (default) is the tree described below; --lang ts writes the
TypeScript/JavaScript tree of scripts/bench_ts.py; --lang go the Go module of
scripts/bench_go.py; --lang rust the Rust workspace of scripts/bench_rust.py;
--lang java the Maven project of scripts/bench_java.py; --lang kotlin the Gradle project of
scripts/bench_kotlin.py; --lang csharp the C# projects of
scripts/bench_csharp.py;
--lang mixed writes Python and TS/JS, half the files each. --registrations N
times single files with many tools (Python, TS, Go, Rust and Kotlin, and a 1 MB Go
file of chained calls).

What it does
------------
1. Generates (or reuses, with --tree) a synthetic tree of N Python files:
   ~98% ordinary modules (classes, functions, docstrings, stdlib/third-party and
   relative imports, 50-400 lines each) that contain none of the substrings
   "mcp", "hint", ".tool", "add_tool" (checked case-insensitively), and ~2% MCP
   material: FastMCP servers with 3-15 ``@mcp.tool`` registrations (with and
   without ToolAnnotations), preset modules
   (``READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)``) and
   tool modules importing them via relative imports inside packages.
   Files live in nested packages (each with __init__.py), 20-50 files per dir.
   A hidden manifest (.mcp-lint-bench.json) records what was generated.
2. Times ``mcp-lint check TREE --format json --exit-zero`` (one warm-up, then
   --runs timed runs), with per-child peak RSS from os.wait4().  Exit code 1
   (findings present) counts as success.
3. Does the same for ``rg --files-with-matches -e mcp -e Hint TREE`` as a
   baseline when ripgrep is on PATH.

Only the Python 3.11 standard library is used.

Examples
--------
    python3 scripts/bench.py                      # 20000 files, 5 runs
    python3 scripts/bench.py --quick              # 2000 files, 2 runs
    python3 scripts/bench.py --tree /tmp/t --generate-only --files 500
    python3 scripts/bench.py --tree /tmp/t        # reuse an existing tree
"""

from __future__ import annotations

import argparse
import hashlib
import json
import keyword
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
# bench_ts.py imports this module as `bench`; run as a script it is `__main__`.
sys.modules.setdefault("bench", sys.modules[__name__])
sys.path.insert(0, str(Path(__file__).resolve().parent))
MANIFEST_NAME = ".mcp-lint-bench.json"
GENERATOR_VERSION = 1

# Substrings that must never appear in an ordinary (non-MCP) file. Checked on
# the lower-cased text, so "MCP", "Hint", "HINT", ".Tool" are covered too.
BANNED = ("mcp", "hint", ".tool", "add_tool")


def is_clean(text: str) -> bool:
    low = text.lower()
    return not any(b in low for b in BANNED)


def ident_clean(name: str) -> bool:
    """An identifier is clean in snake_case and in its CamelCase form."""
    return is_clean(name) and is_clean(name.replace("_", ""))


# --------------------------------------------------------------------------
# Vocabulary (every word is checked against BANNED at import time).
# --------------------------------------------------------------------------

NOUNS = """account address archive asset audit backup batch bucket buffer cache
calendar channel chart checkpoint client cluster column comment config contact
container context cursor customer dataset delivery device digest document
domain draft entry event export feature feed field filter folder format gateway
graph group header history image index inventory invoice issue job journal key
label layer ledger license link listing locale lock log mailbox manifest market
member message metric model module network node note order owner package page
panel partition payload payment peer permission pipeline plan policy pool post
price product profile project queue quota record region release report repo
request resource response result review role route rule sample schedule schema
scope segment sensor session setting shard shipment signal snapshot source span
stage status stock storage stream subscription summary table tag target task
team template tenant ticket timer token topic trace track transfer user vendor
version view volume webhook widget window worker workflow zone""".split()

VERBS = """add apply archive build cancel check clean clone close collect compute
convert copy count create decode delete deploy describe detect diff disable
dispatch download emit enable encode enqueue evaluate expand export extract
fetch filter find flush format generate get group handle inspect install
invalidate join list load lookup merge migrate normalize notify open parse
patch poll prepare process publish purge query read rebuild recover refresh
register reload remove rename render replay reset resolve restore retry rotate
run save scan schedule search send serialize set sort split start stop store
submit sync transform trim update upload validate verify watch write""".split()

ADJS = """active base cached clean current default dirty empty external final
hidden inner internal last latest legacy local main max min new next old
partial pending primary private public raw recent remote root safe secondary
shared simple stale static strict temp total unique valid""".split()

FILLER = """the a for with from into when each all given if not and or of this
that returns helper used by to in on only optional current every any its
before after during without""".split()

PKG_WORDS = """core api models services utils handlers adapters storage billing
auth accounts reporting ingest export sync jobs workers web cli common internal
domain infra events analytics search catalog orders payments inventory shipping
notifications scheduler pipeline plugins contrib backends frontends schemas
serializers views forms admin migrations fixtures helpers lib compat io net
cache queue metrics logging config settings security crypto""".split()

PROJECT_WORDS = """acme globex initech umbrella stark wayne hooli pied vandelay
wonka tyrell cyberdyne soylent oscorp aperture monarch zorg nakatomi gringotts
dunder""".split()

STDLIB_IMPORTS = """os sys json re time math logging hashlib itertools functools
collections pathlib datetime typing dataclasses enum abc contextlib uuid random
string textwrap threading asyncio csv io shutil subprocess tempfile base64 copy
decimal heapq bisect operator statistics struct weakref urllib.parse""".split()

FROM_IMPORTS = [
    ("typing", ["Any", "Optional", "Iterable", "Iterator", "Mapping", "Sequence",
                "Callable", "TypeVar", "Union", "Protocol", "cast"]),
    ("dataclasses", ["dataclass", "field", "asdict", "replace"]),
    ("collections", ["defaultdict", "OrderedDict", "Counter", "deque", "namedtuple"]),
    ("pathlib", ["Path", "PurePosixPath"]),
    ("datetime", ["datetime", "timedelta", "timezone", "date"]),
    ("enum", ["Enum", "IntEnum", "auto"]),
    ("functools", ["lru_cache", "partial", "wraps", "cached_property", "reduce"]),
    ("contextlib", ["contextmanager", "suppress", "ExitStack"]),
    ("abc", ["ABC", "abstractmethod"]),
]

THIRD_PARTY = [
    "import requests",
    "import yaml",
    "import numpy as np",
    "import pandas as pd",
    "from pydantic import BaseModel, Field",
    "from sqlalchemy import Column, Integer, String",
    "from flask import Flask, request, jsonify",
    "import click",
    "import attr",
    "from fastapi import APIRouter, HTTPException",
    "import httpx",
    "from jinja2 import Template",
    "import pytest",
    "from celery import shared_task",
    "import boto3",
    "from django.db import models",
]

# Decorators that look like registrations but are not MCP tools.
FUNC_DECORATORS = [
    "@functools.lru_cache(maxsize={n})",
    '@app.route("/{noun}s")',
    '@router.get("/{noun}s/{{item_id}}")',
    '@router.post("/{noun}s")',
    "@click.command()",
    '@click.option("--{noun}", default=None)',
    "@pytest.fixture",
    "@contextlib.contextmanager",
    '@registry.register("{verb}_{noun}")',
    '@celery_app.task(name="{verb}_{noun}")',
    "@retry(times={n})",
    '@hooks.on("{noun}.{verb}")',
    "@shared_task(bind=True)",
    "@cli.command()",
]
METHOD_DECORATORS = ["@property", "@staticmethod", "@classmethod", "@cached_property",
                     "@abstractmethod", "@functools.lru_cache(maxsize=None)"]
BASES = ["", "object", "ABC", "BaseModel", "Exception", "dict", "Protocol", "Enum"]
TYPES = ["int", "str", "float", "bool", "bytes", "dict[str, Any]", "list[str]",
         "Optional[str]", "Sequence[int]", "Mapping[str, Any]", "Path", "datetime"]
LOG_LEVELS = ["debug", "info", "warning", "error"]
EXCEPTIONS = ["KeyError", "ValueError", "TypeError", "OSError", "RuntimeError",
              "(KeyError, IndexError)", "LookupError", "TimeoutError"]


def _check_vocab() -> None:
    words = (NOUNS + VERBS + ADJS + FILLER + PKG_WORDS + PROJECT_WORDS + STDLIB_IMPORTS
             + THIRD_PARTY + FUNC_DECORATORS + METHOD_DECORATORS + BASES + TYPES
             + EXCEPTIONS)
    for _, names in FROM_IMPORTS:
        words += names
    bad = [w for w in words if not ident_clean(w)]
    if bad:
        raise SystemExit(f"bench.py vocabulary contains banned substrings: {bad}")
    kw = [w for w in NOUNS + VERBS + ADJS + PKG_WORDS + PROJECT_WORDS if keyword.iskeyword(w)]
    if kw:
        raise SystemExit(f"bench.py vocabulary contains Python keywords: {kw}")


_check_vocab()

# --------------------------------------------------------------------------
# Ordinary module generation
# --------------------------------------------------------------------------


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_") if part)


def sentence(r: random.Random, lo: int = 4, hi: int = 12) -> str:
    n = r.randint(lo, hi)
    pool = (NOUNS, VERBS, FILLER, FILLER, ADJS)
    return " ".join(r.choice(r.choice(pool)) for _ in range(n))


def var_name(r: random.Random) -> str:
    k = r.random()
    if k < 0.45:
        return r.choice(NOUNS)
    if k < 0.75:
        return f"{r.choice(ADJS)}_{r.choice(NOUNS)}"
    if k < 0.9:
        return f"{r.choice(NOUNS)}s"
    return r.choice(["result", "value", "items", "data", "payload", "state",
                     "options", "count", "total", "batch", "rows", "entries"])


def func_name(r: random.Random) -> str:
    if r.random() < 0.7:
        return f"{r.choice(VERBS)}_{r.choice(NOUNS)}"
    return f"{r.choice(VERBS)}_{r.choice(ADJS)}_{r.choice(NOUNS)}"


def expr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "None"
    k = r.randrange(16)
    if k == 0:
        return str(r.randint(0, 10000))
    if k == 1:
        return repr(f"{r.choice(ADJS)}-{r.choice(NOUNS)}")
    if k == 2:
        return r.choice(["None", "True", "False", "[]", "{}", "set()", "0", "''"])
    if k == 3:
        return f"len({v})"
    if k == 4:
        return f'{v}.get("{r.choice(NOUNS)}")'
    if k == 5:
        return f"{v} or {r.choice(['[]', '{}', 'None', '0', repr(r.choice(NOUNS))])}"
    if k == 6:
        return f"sorted({v}, key=lambda item: item.{r.choice(NOUNS)})"
    if k == 7:
        return f"{v}.{r.choice(NOUNS)}"
    if k == 8:
        return f"{v} + {r.randint(1, 99)}"
    if k == 9:
        return f"{func_name(r)}({v})"
    if k == 10:
        return f'f"{{{v}}}-{r.choice(NOUNS)}"'
    if k == 11:
        return f"[x for x in {v} if x]"
    if k == 12:
        return f'{{"{r.choice(NOUNS)}": {v}, "{r.choice(NOUNS)}": {r.randint(0, 99)}}}'
    if k == 13:
        return f"self.{r.choice(NOUNS)}" if r.random() < 0.5 else f"max({v}, {r.randint(1, 9)})"
    if k == 14:
        return f'os.environ.get("{r.choice(NOUNS).upper()}_{r.choice(ADJS).upper()}", "")'
    return f"{r.choice(VERBS)}_{r.choice(NOUNS)}({v}, {r.choice(ADJS)}={expr_simple(r)})"


def expr_simple(r: random.Random) -> str:
    return r.choice(["None", "True", "False", str(r.randint(0, 500)), repr(r.choice(NOUNS))])


def cond(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "value"
    return r.choice([
        f"{v} is None",
        f"not {v}",
        f"{v}",
        f"isinstance({v}, {r.choice(['dict', 'list', 'str', 'int', 'tuple'])})",
        f"len({v}) > {r.randint(0, 64)}",
        f'"{r.choice(NOUNS)}" in {v}',
        f"{v} and {r.choice(names) if names else 'True'}",
        f"{v} != {expr_simple(r)}",
    ])


def block(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    """A nested suite: like stmts() but never comment-only (that is a syntax error)."""
    out = stmts(r, ind, names, n, depth)
    if all(ln.lstrip().startswith("#") for ln in out):
        out.append(f"{ind}pass")
    return out


def stmts(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        k = r.randrange(14 if depth < 3 else 7)
        if k <= 1:
            v = var_name(r)
            out.append(f"{ind}{v} = {expr(r, names)}")
            names.append(v)
        elif k == 2:
            out.append(f'{ind}logger.{r.choice(LOG_LEVELS)}("{sentence(r, 3, 7)} %s", '
                       f"{r.choice(names) if names else 'None'})")
        elif k == 3:
            out.append(f"{ind}# {sentence(r, 4, 14)}")
        elif k == 4:
            v = var_name(r)
            out.append(f"{ind}{v} = {func_name(r)}({', '.join(r.sample(names, min(len(names), r.randint(0, 3))))})")
            names.append(v)
        elif k == 5:
            v = var_name(r)
            src = r.choice(names) if names else "[]"
            attr = r.choice(NOUNS)
            out.append(f"{ind}{v} = [item.{attr} for item in {src} if item.{attr}]")
            names.append(v)
        elif k == 6:
            out.append(f"{ind}assert {cond(r, names)}, \"{sentence(r, 2, 5)}\"")
        elif k == 7:
            out.append(f"{ind}if {cond(r, names)}:")
            out += block(r, ind + "    ", names[:], r.randint(1, 3), depth + 1)
            if r.random() < 0.35:
                out.append(f"{ind}else:")
                out += block(r, ind + "    ", names[:], r.randint(1, 2), depth + 1)
        elif k == 8:
            item = r.choice(NOUNS)
            out.append(f"{ind}for {item} in {r.choice(names) if names else 'range(10)'}:")
            out += block(r, ind + "    ", names + [item], r.randint(1, 3), depth + 1)
        elif k == 9:
            out.append(f"{ind}try:")
            out += block(r, ind + "    ", names[:], r.randint(1, 3), depth + 1)
            out.append(f"{ind}except {r.choice(EXCEPTIONS)} as exc:")
            out.append(f'{ind}    logger.warning("{sentence(r, 2, 6)}: %s", exc)')
            if r.random() < 0.5:
                out.append(f"{ind}    raise")
        elif k == 10:
            fh = "fh"
            out.append(f'{ind}with open({r.choice(names) if names else "path"}, "r", encoding="utf-8") as {fh}:')
            out.append(f"{ind}    content = {fh}.read()")
            names.append("content")
        elif k == 11:
            v = var_name(r)
            out.append(f"{ind}{v} = {{")
            for _ in range(r.randint(2, 5)):
                out.append(f'{ind}    "{r.choice(NOUNS)}": {expr(r, names)},')
            out.append(f"{ind}}}")
            names.append(v)
        elif k == 12:
            out.append(f"{ind}while {cond(r, names)}:")
            out += block(r, ind + "    ", names[:], r.randint(1, 2), depth + 1)
            out.append(f"{ind}    break")
        else:
            v = var_name(r)
            out.append(f"{ind}{v} = ({expr(r, names)}")
            out.append(f"{ind}    if {cond(r, names)}")
            out.append(f"{ind}    else {expr(r, names)})")
            names.append(v)
    return out


def docstring(r: random.Random, ind: str, params: list[str], long: bool) -> list[str]:
    first = sentence(r, 3, 10).capitalize() + "."
    if not long:
        return [f'{ind}"""{first}"""']
    out = [f'{ind}"""{first}', ""]
    if r.random() < 0.5:
        out.append(f"{ind}{sentence(r, 6, 14).capitalize()}.")
        out.append("")
    if params:
        out.append(f"{ind}Args:")
        for p in params:
            out.append(f"{ind}    {p}: {sentence(r, 3, 8)}.")
        out.append("")
    out.append(f"{ind}Returns:")
    out.append(f"{ind}    {sentence(r, 3, 8).capitalize()}.")
    out.append(f'{ind}"""')
    return [ln if ln else "" for ln in out]


def params_for(r: random.Random, method: bool) -> tuple[str, list[str]]:
    """A parameter list (positional first, defaulted tail) and the bare names."""
    names: list[str] = []
    for _ in range(r.randint(0, 4)):
        p = var_name(r)
        if p not in names:
            names.append(p)
    n_default = r.randint(0, len(names))
    parts = ["self"] if method else []
    for i, p in enumerate(names):
        ann = f": {r.choice(TYPES)}" if r.random() < 0.7 else ""
        if i >= len(names) - n_default:
            parts.append(f"{p}{ann} = {expr_simple(r)}" if ann else f"{p}={expr_simple(r)}")
        else:
            parts.append(f"{p}{ann}")
    if r.random() < 0.1:
        parts.append("**kwargs")
    return ", ".join(parts), names


def function(r: random.Random, ind: str, method: bool, name: str | None = None,
             decorators: list[str] | None = None, is_async: bool | None = None) -> list[str]:
    out: list[str] = []
    if decorators is None:
        decorators = []
        if method and r.random() < 0.2:
            decorators.append(r.choice(METHOD_DECORATORS))
        elif not method and r.random() < 0.2:
            decorators.append(r.choice(FUNC_DECORATORS).format(
                noun=r.choice(NOUNS), verb=r.choice(VERBS), n=r.randint(2, 512)))
    for d in decorators:
        out.append(f"{ind}{d}")
    name = name or (("_" if r.random() < 0.2 else "") + func_name(r))
    sig, pnames = params_for(r, method)
    ret = f" -> {r.choice(TYPES + ['None'])}" if r.random() < 0.6 else ""
    if is_async is None:
        is_async = r.random() < 0.12
    kw = "async def" if is_async else "def"
    out.append(f"{ind}{kw} {name}({sig}){ret}:")
    body_ind = ind + "    "
    if r.random() < 0.75:
        out += docstring(r, body_ind, pnames, r.random() < 0.4)
    names = pnames[:] or ["value"]
    if not pnames:
        out.append(f"{body_ind}value = {expr(r, [])}")
    out += stmts(r, body_ind, names, r.randint(1, 6), 0)
    out.append(f"{body_ind}return {r.choice(names)}")
    return out


def klass(r: random.Random, name: str) -> list[str]:
    out: list[str] = []
    kind = r.random()
    if kind < 0.2:
        out.append("@dataclass" if r.random() < 0.7 else "@dataclass(frozen=True)")
        out.append(f"class {name}:")
        out += docstring(r, "    ", [], False)
        seen = set()
        for _ in range(r.randint(2, 8)):
            f = var_name(r)
            if f in seen:
                continue
            seen.add(f)
            default = r.choice(["", f" = {expr_simple(r)}", " = field(default_factory=list)"])
            out.append(f"    {f}: {r.choice(TYPES)}{default}")
        if r.random() < 0.6:
            out.append("")
            out += function(r, "    ", True)
        return out
    if kind < 0.3:
        out.append(f"class {name}(Enum):")
        out += docstring(r, "    ", [], False)
        seen = set()
        for i in range(r.randint(3, 9)):
            m = r.choice(NOUNS).upper()
            if m in seen:
                continue
            seen.add(m)
            out.append(f'    {m} = "{m.lower()}"' if r.random() < 0.5 else f"    {m} = {i + 1}")
        return out
    base = r.choice(BASES)
    out.append(f"class {name}({base}):" if base else f"class {name}:")
    out += docstring(r, "    ", [], r.random() < 0.3)
    out.append("")
    for _ in range(r.randint(0, 3)):
        out.append(f"    {r.choice(NOUNS).upper()}_{r.choice(ADJS).upper()} = {expr_simple(r)}")
    if r.random() < 0.8:
        sig, pnames = params_for(r, True)
        out.append(f"    def __init__({sig}) -> None:")
        if not pnames:
            out.append(f"        self.{r.choice(NOUNS)} = {expr_simple(r)}")
        for p in pnames:
            out.append(f"        self.{p} = {p}")
        out.append("")
    for i in range(r.randint(1, 6)):
        out += function(r, "    ", True)
        out.append("")
    if out[-1] == "":
        out.pop()
    return out


def module_header(r: random.Random, siblings: list[str], parents: list[str]) -> list[str]:
    out = ['"""' + sentence(r, 4, 12).capitalize() + "."]
    if r.random() < 0.5:
        out += ["", sentence(r, 8, 16).capitalize() + ".",
                sentence(r, 6, 14).capitalize() + "."]
    out.append('"""')
    out.append("")
    if r.random() < 0.5:
        out += ["from __future__ import annotations", ""]
    mods = sorted(set(r.sample(STDLIB_IMPORTS, r.randint(2, 7)) + ["logging"]))
    out += [f"import {m}" for m in mods]
    for mod, names in r.sample(FROM_IMPORTS, r.randint(1, 4)):
        out.append(f"from {mod} import {', '.join(sorted(set(r.sample(names, r.randint(1, min(4, len(names)))))))}")
    if r.random() < 0.5:
        out.append("")
        out += sorted(set(r.sample(THIRD_PARTY, r.randint(1, 3))))
    rel: list[str] = []
    if siblings and r.random() < 0.7:
        for s in r.sample(siblings, min(len(siblings), r.randint(1, 3))):
            rel.append(f"from .{s} import {camel(s)}")
    if parents and r.random() < 0.4:
        p = r.choice(parents)
        rel.append(f"from ..{p} import {camel(p)}")
    if siblings and r.random() < 0.15:
        rel.append(f"from . import {r.choice(siblings)}")
    if rel:
        out.append("")
        out += rel
    out += ["", "logger = logging.getLogger(__name__)", ""]
    for _ in range(r.randint(0, 4)):
        out.append(f"{r.choice(ADJS).upper()}_{r.choice(NOUNS).upper()} = {expr_simple(r)}")
    return out


def ordinary_module(r: random.Random, modname: str, siblings: list[str],
                    parents: list[str]) -> str:
    main_tail = r.random() < 0.15
    limit = 400 - (4 if main_tail else 0)
    target = r.randint(50, limit)
    lines = module_header(r, siblings, parents)
    primary_done = False
    while len(lines) < target:
        if not primary_done:
            block = klass(r, camel(modname))
            primary_done = True
        elif r.random() < 0.3:
            block = klass(r, camel(f"{r.choice(ADJS)}_{r.choice(NOUNS)}"))
        else:
            block = function(r, "", False)
        if len(lines) + 2 + len(block) > limit and len(lines) >= 50:
            break
        lines += ["", ""] + block
    if main_tail:
        lines += ["", "", 'if __name__ == "__main__":', f"    {func_name(r)}()"]
    return "\n".join(lines) + "\n"


def init_module(r: random.Random, pkg: str) -> str:
    k = r.random()
    if k < 0.4:
        return ""
    if k < 0.8:
        return f'"""{pkg.replace("_", " ").capitalize()}: {sentence(r, 3, 9)}."""\n'
    return (f'"""{pkg.replace("_", " ").capitalize()} package."""\n\n'
            f'__all__ = ["{camel(r.choice(NOUNS))}"]\n__version__ = "{r.randint(0, 3)}.{r.randint(0, 20)}.{r.randint(0, 9)}"\n')


# --------------------------------------------------------------------------
# MCP material
# --------------------------------------------------------------------------

PRESETS = {
    "READ_ONLY": "ToolAnnotations(readOnlyHint=True, openWorldHint=False)",
    "READ_ONLY_REMOTE": "ToolAnnotations(readOnlyHint=True, openWorldHint=True)",
    "WRITE": ("ToolAnnotations(\n    readOnlyHint=False,\n    destructiveHint=False,\n"
              "    idempotentHint=False,\n    openWorldHint=False,\n)"),
    "IDEMPOTENT_WRITE": ("ToolAnnotations(readOnlyHint=False, destructiveHint=False, "
                         "idempotentHint=True, openWorldHint=False)"),
    "DESTRUCTIVE": ("ToolAnnotations(readOnlyHint=False, destructiveHint=True, "
                    "idempotentHint=False, openWorldHint=True)"),
    # Omits destructiveHint/openWorldHint: the defaults (True) apply by omission.
    "MUTATING": "ToolAnnotations(readOnlyHint=False)",
    "TITLED_READ": 'ToolAnnotations(title="Read only", readOnlyHint=True, openWorldHint=False)',
}

INLINE_ANNOTATIONS = [
    "ToolAnnotations(readOnlyHint=True, openWorldHint=False)",
    "ToolAnnotations(readOnlyHint=True)",
    "ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)",
    "ToolAnnotations(destructiveHint=True)",
    'ToolAnnotations(title="{title}", readOnlyHint=False, idempotentHint=True)',
    "ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True)",
    "ToolAnnotations()",
]


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
    tool_names: list[str] = field(default_factory=list)


def tool_decorator(r: random.Random, tname: str, presets: list[str], preset_mod: str | None,
                   st: Stats, mod_names: list[str]) -> list[str]:
    """One @mcp.tool registration, in one of many syntactic forms."""
    choices = ["bare_call", "bare", "named", "inline", "inline_multiline", "inline_named"]
    if presets:
        choices += ["preset", "preset", "preset_named", "preset_multiline"]
    if preset_mod:
        choices += ["preset_attr", "preset_attr"]
    form = r.choice(choices)
    title = tname.replace("_", " ").capitalize()
    inline = r.choice(INLINE_ANNOTATIONS).format(title=title)
    st.tools += 1
    if form in ("bare_call", "bare", "named"):
        st.tools_unannotated += 1
    else:
        st.tools_annotated += 1
        if form.startswith("preset"):
            st.tools_preset += 1
    if form == "bare_call":
        return ["@mcp.tool()"]
    if form == "bare":
        return ["@mcp.tool"]
    if form == "named":
        return [f'@mcp.tool(name="{tname}", description="{sentence(r, 4, 9).capitalize()}.")']
    if form == "inline":
        return [f"@mcp.tool(annotations={inline})"]
    if form == "inline_multiline":
        inner = inline[len("ToolAnnotations("):-1]
        args = [a.strip() for a in inner.split(",") if a.strip()]
        out = ["@mcp.tool(", "    annotations=ToolAnnotations("]
        out += [f"        {a}," for a in args]
        out += ["    ),", ")"]
        return out
    if form == "inline_named":
        return [f'@mcp.tool(name="{tname}", title="{title}", annotations={inline})']
    if form == "preset":
        return [f"@mcp.tool(annotations={r.choice(presets)})"]
    if form == "preset_named":
        return [f'@mcp.tool(name="{tname}", annotations={r.choice(presets)})']
    if form == "preset_multiline":
        return ["@mcp.tool(", f'    name="{tname}",', f"    annotations={r.choice(presets)},", ")"]
    # preset_attr
    return [f"@mcp.tool(annotations={preset_mod}.{r.choice(mod_names)})"]


def tool_functions(r: random.Random, n: int, presets: list[str], preset_mod: str | None,
                   st: Stats, used: set[str], mod_names: list[str] | None = None) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        while True:
            tname = func_name(r)
            if tname not in used:
                used.add(tname)
                break
        st.tool_names.append(tname)
        deco = tool_decorator(r, tname, presets, preset_mod, st, mod_names or [])
        out += ["", ""] + function(r, "", False, name=tname, decorators=deco,
                                   is_async=r.random() < 0.35)
    return out


def mcp_header(r: random.Random, doc: str, extra_imports: list[str],
               annotations_import: bool = True) -> list[str]:
    out = [f'"""{doc}"""', ""]
    if r.random() < 0.5:
        out += ["from __future__ import annotations", ""]
    out += [f"import {m}" for m in sorted(set(r.sample(STDLIB_IMPORTS, r.randint(1, 4)) + ["logging"]))]
    out.append("from typing import Any")
    out.append("")
    out += extra_imports
    out += ["", "logger = logging.getLogger(__name__)"]
    return out


def server_module(r: random.Random, name: str, presets: list[str], preset_mod: str | None,
                  preset_import: list[str], st: Stats, used: set[str],
                  mod_names: list[str]) -> str:
    imports = ["from mcp.server.fastmcp import FastMCP"]
    imports.append("from mcp.types import ToolAnnotations")
    imports += preset_import
    lines = mcp_header(r, f"{name.replace('_', ' ').capitalize()} MCP server.", imports)
    lines += ["", f'mcp = FastMCP("{name}")']
    if r.random() < 0.4:
        lines += ["", ""] + function(r, "", False)
    lines += tool_functions(r, r.randint(3, 15), presets, preset_mod, st, used, mod_names)
    if r.random() < 0.3:
        lines += ["", ""] + klass(r, camel(f"{r.choice(ADJS)}_{r.choice(NOUNS)}"))
    lines += ["", "", 'if __name__ == "__main__":', "    mcp.run()"]
    st.servers += 1
    st.mcp_files += 1
    return "\n".join(lines) + "\n"


def preset_module(r: random.Random, names: list[str], st: Stats) -> str:
    lines = [f'"""Shared ToolAnnotations presets for {r.choice(NOUNS)} tools."""', "",
             "from mcp.types import ToolAnnotations", ""]
    for n in names:
        if r.random() < 0.3:
            lines.append(f"# {sentence(r, 4, 10)}")
        lines.append(f"{n} = {PRESETS[n]}")
    if r.random() < 0.5:
        lines += ["", f"ALL_PRESETS = {{{', '.join(repr(n) + ': ' + n for n in names)}}}"]
    st.preset_modules += 1
    st.mcp_files += 1
    return "\n".join(lines) + "\n"


def tool_module(r: random.Random, server_import: str, presets: list[str],
                preset_mod: str | None, preset_import: list[str], st: Stats,
                used: set[str], mod_names: list[str]) -> str:
    imports = [server_import] + preset_import
    if r.random() < 0.5:
        imports.insert(0, "from mcp.types import ToolAnnotations")
    else:
        # No ToolAnnotations import: inline forms are not allowed here.
        pass
    lines = mcp_header(r, f"{r.choice(NOUNS).capitalize()} tools.", imports)
    has_ta = "from mcp.types import ToolAnnotations" in imports
    sub = Stats()
    n = r.randint(2, 8)
    if has_ta or not (presets or preset_mod):
        body = tool_functions(r, n, presets, preset_mod, sub, used, mod_names)
    else:
        # restrict to preset / bare forms
        body = []
        while len(sub.tool_names) < n:
            trial = Stats()
            chunk = tool_functions(r, 1, presets, preset_mod, trial, used, mod_names)
            if any("ToolAnnotations(" in ln for ln in chunk):
                used.discard(trial.tool_names[0])
                continue
            body += chunk
            for k in ("tools", "tools_annotated", "tools_unannotated", "tools_preset"):
                setattr(sub, k, getattr(sub, k) + getattr(trial, k))
            sub.tool_names += trial.tool_names
    if r.random() < 0.5:
        lines += ["", ""] + function(r, "", False, name="_" + func_name(r))
    lines += body
    for k in ("tools", "tools_annotated", "tools_unannotated", "tools_preset"):
        setattr(st, k, getattr(st, k) + getattr(sub, k))
    st.tool_names += sub.tool_names
    st.tool_modules += 1
    st.mcp_files += 1
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Tree layout
# --------------------------------------------------------------------------


@dataclass
class Dir:
    rel: str
    depth: int
    parent: int | None
    cap: int
    children: list[int] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    # list of (filename, kind, spec)
    files: list[tuple[str, str, dict]] = field(default_factory=list)


def plan_dirs(r: random.Random, n: int) -> list[Dir]:
    dirs: list[Dir] = []
    top_names: set[str] = set()
    remaining = n
    while remaining > 0:
        cap = r.randint(20, 50)
        if remaining - cap < 20:
            cap = remaining if remaining <= 60 else cap
        cap = min(cap, remaining)
        if not dirs or r.random() < 0.08:
            parent = None
            while True:
                name = f"{r.choice(PROJECT_WORDS)}_{r.choice(PKG_WORDS)}"
                if name not in top_names or len(top_names) > 300:
                    break
            if name in top_names:
                name = f"{name}{len(top_names)}"
            top_names.add(name)
            rel, depth = name, 1
        else:
            cands = [i for i in range(max(0, len(dirs) - 12), len(dirs)) if dirs[i].depth < 6]
            pi = r.choice(cands) if cands else r.randrange(len(dirs))
            parent = pi
            p = dirs[pi]
            sibling_names = {dirs[c].rel.rsplit("/", 1)[-1] for c in p.children}
            name = r.choice(PKG_WORDS)
            if name in sibling_names:
                name = f"{name}_{r.choice(NOUNS)}"
            if name in sibling_names:
                name = f"{name}{len(sibling_names)}"
            rel, depth = f"{p.rel}/{name}", p.depth + 1
        d = Dir(rel=rel, depth=depth, parent=parent, cap=cap)
        if parent is not None:
            dirs[parent].children.append(len(dirs))
        d.files.append(("__init__.py", "init", {}))
        d.names.add("__init__")
        dirs.append(d)
        remaining -= cap
    return dirs


def free(d: Dir) -> int:
    return d.cap - len(d.files)


def unique_name(d: Dir, base: str, r: random.Random) -> str:
    name = base
    while name in d.names:
        name = f"{r.choice(NOUNS)}_{base}"
    d.names.add(name)
    return name


def plan_mcp(r: random.Random, dirs: list[Dir], budget: int) -> None:
    """Place MCP groups (server/preset/tool modules) into directories."""
    group_id = 0
    guard = 0
    while budget > 0 and guard < 10000:
        guard += 1
        kind = r.choices(["standalone", "package", "nested"], weights=[30, 45, 25])[0]
        k = r.randint(0, 3)
        size = {"standalone": 1, "package": 2 + k, "nested": 2 + k}[kind]
        if size > budget:
            kind, size = "standalone", 1
        group_id += 1
        gname = f"{r.choice(NOUNS)}_{r.choice(['server', 'service', 'agent', 'bridge', 'api'])}"
        if kind == "nested":
            cands = [i for i, d in enumerate(dirs)
                     if free(d) >= 1 and any(free(dirs[c]) >= 1 + k for c in d.children)]
            if not cands:
                kind = "package"
            else:
                pd_ = dirs[r.choice(cands)]
                child = dirs[r.choice([c for c in pd_.children if free(dirs[c]) >= 1 + k])]
                pmod = unique_name(pd_, "presets", r)
                names = sorted(set(["READ_ONLY"] + r.sample(list(PRESETS), r.randint(1, 4))))
                pd_.files.append((pmod + ".py", "presets", {"names": names}))
                smod = unique_name(child, "server", r)
                use_attr = r.random() < 0.3
                if use_attr:
                    pimport = [f"from .. import {pmod}"]
                    spec_p: dict = {"presets": [], "preset_mod": pmod, "mod_names": names}
                else:
                    chosen = sorted(set(r.sample(names, r.randint(1, len(names)))))
                    pimport = [f"from ..{pmod} import {', '.join(chosen)}"]
                    spec_p = {"presets": chosen, "preset_mod": None, "mod_names": []}
                used: set[str] = set()
                child.files.append((smod + ".py", "server",
                                    {"name": gname, "preset_import": pimport, "used": used, **spec_p}))
                for _ in range(k):
                    tmod = unique_name(child, f"{r.choice(NOUNS)}_tools", r)
                    child.files.append((tmod + ".py", "tools",
                                        {"server_import": f"from .{smod} import mcp",
                                         "preset_import": pimport, "used": used, **spec_p}))
                budget -= size
                continue
        if kind == "package":
            cands = [i for i, d in enumerate(dirs) if free(d) >= size]
            if not cands:
                kind, size = "standalone", 1
            else:
                d = dirs[r.choice(cands)]
                pmod = unique_name(d, "presets" if r.random() < 0.7 else "annotations", r)
                names = sorted(set(["READ_ONLY"] + r.sample(list(PRESETS), r.randint(1, 4))))
                d.files.append((pmod + ".py", "presets", {"names": names}))
                smod = unique_name(d, "server", r)
                used = set()

                def pimp() -> tuple[list[str], dict]:
                    if r.random() < 0.25:
                        return [f"from . import {pmod}"], {"presets": [], "preset_mod": pmod,
                                                            "mod_names": names}
                    chosen = sorted(set(r.sample(names, r.randint(1, len(names)))))
                    return ([f"from .{pmod} import {', '.join(chosen)}"],
                            {"presets": chosen, "preset_mod": None, "mod_names": []})

                imp, spec_p = pimp()
                d.files.append((smod + ".py", "server",
                                {"name": gname, "preset_import": imp, "used": used, **spec_p}))
                for _ in range(k):
                    tmod = unique_name(d, f"{r.choice(NOUNS)}_tools", r)
                    imp, spec_p = pimp()
                    d.files.append((tmod + ".py", "tools",
                                    {"server_import": f"from .{smod} import mcp",
                                     "preset_import": imp, "used": used, **spec_p}))
                budget -= size
                continue
        # standalone server with inline annotations only
        cands = [i for i, d in enumerate(dirs) if free(d) >= 1]
        if not cands:
            break
        d = dirs[r.choice(cands)]
        smod = unique_name(d, r.choice(["server", "app", "main", f"{r.choice(NOUNS)}_server"]), r)
        d.files.append((smod + ".py", "server",
                        {"name": gname, "preset_import": [], "presets": [], "preset_mod": None,
                         "mod_names": [], "used": set()}))
        budget -= 1


def plan_ordinary(r: random.Random, dirs: list[Dir]) -> None:
    for d in dirs:
        while free(d) > 0:
            k = r.random()
            if k < 0.35:
                base = r.choice(NOUNS)
            elif k < 0.7:
                base = f"{r.choice(NOUNS)}_{r.choice(['utils', 'models', 'service', 'client', 'handlers', 'views', 'store', 'types', 'errors', 'helpers', 'manager', 'parser', 'cli', 'tasks'])}"
            elif k < 0.85:
                base = f"{r.choice(VERBS)}_{r.choice(NOUNS)}"
            else:
                base = f"test_{r.choice(NOUNS)}_{r.choice(VERBS)}"
            if base in d.names or not ident_clean(base):
                base = f"{base}_{r.choice(ADJS)}"
                if base in d.names or not ident_clean(base):
                    continue
            d.names.add(base)
            d.files.append((base + ".py", "ordinary", {}))


def generate_tree(root: Path, n_files: int, seed: int, mcp_ratio: float,
                  progress: bool = True, write_manifest: bool = True) -> dict:
    """Write the synthetic Python tree into root; return the manifest dict."""
    t0 = time.perf_counter()
    r = random.Random(seed)
    dirs = plan_dirs(r, n_files)
    budget = round(n_files * mcp_ratio)
    if mcp_ratio > 0 and budget == 0 and n_files >= 10:
        budget = 1
    plan_mcp(r, dirs, budget)
    plan_ordinary(r, dirs)

    st = Stats()
    digest = hashlib.sha256()
    total_bytes = 0
    written = 0
    for di, d in enumerate(dirs):
        ddir = root / d.rel
        ddir.mkdir(parents=True, exist_ok=True)
        ord_mods = sorted(fn[:-3] for fn, kind, _ in d.files if kind == "ordinary")
        parent_mods: list[str] = []
        if d.parent is not None:
            parent_mods = sorted(fn[:-3] for fn, kind, _ in dirs[d.parent].files if kind == "ordinary")
        for fname, kind, spec in d.files:
            rel = f"{d.rel}/{fname}"
            fr = random.Random(f"{seed}:{rel}")
            if kind == "init":
                text = init_module(fr, d.rel.rsplit("/", 1)[-1])
            elif kind == "ordinary":
                mod = fname[:-3]
                sibs = [m for m in ord_mods if m != mod]
                for attempt in range(50):
                    text = ordinary_module(fr, mod, sibs, parent_mods)
                    if is_clean(text):
                        break
                    fr = random.Random(f"{seed}:{rel}:{attempt + 1}")
                else:
                    raise RuntimeError(f"could not generate a clean ordinary module for {rel}")
            elif kind == "presets":
                text = preset_module(fr, spec["names"], st)
            elif kind == "server":
                text = server_module(fr, spec["name"], spec["presets"], spec["preset_mod"],
                                     spec["preset_import"], st, spec["used"], spec["mod_names"])
            elif kind == "tools":
                text = tool_module(fr, spec["server_import"], spec["presets"], spec["preset_mod"],
                                   spec["preset_import"], st, spec["used"], spec["mod_names"])
            else:  # pragma: no cover
                raise AssertionError(kind)
            if kind in ("init", "ordinary") and not is_clean(text):
                raise RuntimeError(f"banned substring in ordinary file {rel}")
            data = text.encode("utf-8")
            (ddir / fname).write_bytes(data)
            digest.update(rel.encode() + b"\0" + data + b"\0")
            total_bytes += len(data)
            written += 1
        if progress and (di % 50 == 0 or di == len(dirs) - 1):
            print(f"\r  generating: {written}/{n_files} files", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    manifest = {
        "generator_version": GENERATOR_VERSION,
        "seed": seed,
        "mcp_ratio": mcp_ratio,
        "files": written,
        "bytes": total_bytes,
        "dirs": len(dirs),
        "max_depth": max(d.depth for d in dirs),
        "mcp_files": st.mcp_files,
        "servers": st.servers,
        "preset_modules": st.preset_modules,
        "tool_modules": st.tool_modules,
        "tools": st.tools,
        "tools_annotated": st.tools_annotated,
        "tools_unannotated": st.tools_unannotated,
        "tools_preset_annotations": st.tools_preset,
        "sha256": digest.hexdigest(),
    }
    if progress:
        print(f"  generated in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    if write_manifest:
        (root / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


COUNT_KEYS = ("files", "bytes", "dirs", "mcp_files", "servers", "preset_modules", "tool_modules",
              "tools", "tools_annotated", "tools_unannotated", "tools_preset_annotations")


def generate_ts(root: Path, n_files: int, seed: int, mcp_ratio: float, progress: bool = True,
                write_manifest: bool = True) -> dict:
    """Write the synthetic TypeScript/JavaScript tree into root (scripts/bench_ts.py)."""
    import bench_ts

    t0 = time.perf_counter()
    digest = hashlib.sha256()
    show = None
    if progress:
        def show(written: int) -> None:
            print(f"\r  generating TS/JS: {written}/{n_files} files", end="", file=sys.stderr, flush=True)
    counts = bench_ts.generate(root, n_files, seed, mcp_ratio, digest, show)
    if progress:
        print(f"\n  generated in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    manifest = {"generator_version": GENERATOR_VERSION, "lang": "ts", "seed": seed,
                "mcp_ratio": mcp_ratio, **counts, "sha256": digest.hexdigest()}
    if write_manifest:
        (root / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def generate_compiled(root: Path, lang: str, n_files: int, seed: int, mcp_ratio: float) -> dict:
    """Write the synthetic Go module (scripts/bench_go.py) or Rust workspace
    (scripts/bench_rust.py) into root."""
    import importlib

    module, label = {"go": ("bench_go", "Go"), "rust": ("bench_rust", "Rust"), "java": ("bench_java", "Java"),
                     "kotlin": ("bench_kotlin", "Kotlin"), "csharp": ("bench_csharp", "C#")}[lang]
    gen = importlib.import_module(module)

    t0 = time.perf_counter()
    digest = hashlib.sha256()

    def show(written: int) -> None:
        print(f"\r  generating {label}: {written}/{n_files} files", end="", file=sys.stderr, flush=True)
    counts = gen.generate(root, n_files, seed, mcp_ratio, digest, show)
    print(f"\n  generated in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    manifest = {"generator_version": GENERATOR_VERSION, "lang": lang, "seed": seed,
                "mcp_ratio": mcp_ratio, **counts, "sha256": digest.hexdigest()}
    (root / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def generate_any(root: Path, lang: str, n_files: int, seed: int, mcp_ratio: float) -> dict:
    """python: the historical tree, byte-identical per seed. ts: TS/JS only. mixed: the
    Python tree of half the files beside the TS/JS tree of the other half (top-level
    folders `acme_core` and `acme-web/src` cannot collide)."""
    if lang == "python":
        return generate_tree(root, n_files, seed, mcp_ratio)
    if lang == "ts":
        return generate_ts(root, n_files, seed, mcp_ratio)
    if lang in ("go", "rust", "java", "kotlin", "csharp"):
        return generate_compiled(root, lang, n_files, seed, mcp_ratio)
    n_py = n_files // 2
    py = generate_tree(root, n_py, seed, mcp_ratio, write_manifest=False) if n_py else None
    ts = generate_ts(root, n_files - n_py, seed, mcp_ratio, write_manifest=False)
    parts = {"python": py, "ts": ts} if py else {"ts": ts}
    manifest = {"generator_version": GENERATOR_VERSION, "lang": "mixed", "seed": seed,
                "mcp_ratio": mcp_ratio,
                **{k: sum(p[k] for p in parts.values()) for k in COUNT_KEYS},
                "max_depth": max(p["max_depth"] for p in parts.values()),
                "sha256": hashlib.sha256("".join(p["sha256"] for p in parts.values()).encode()).hexdigest(),
                "parts": parts}
    (root / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def scan_tree(root: Path) -> tuple[int, int]:
    """(files, bytes) of every regular file under root, minus our manifest."""
    n = b = 0
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            if f == MANIFEST_NAME and Path(dirpath) == root:
                continue
            try:
                b += os.stat(os.path.join(dirpath, f)).st_size
                n += 1
            except OSError:
                pass
    return n, b


# --------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------


@dataclass
class Run:
    wall: float
    maxrss_kib: int
    rc: int


# Why a helper process: on Linux, ru_maxrss survives fork/vfork+exec, so a child
# spawned directly from this script reports at least *this* process's peak RSS
# (which grows while generating the tree or parsing JSON). Every timed command is
# therefore spawned by a small, fresh `python3 -I -S` helper that does the
# posix_spawn + wait4 itself; its own footprint (the "spawn floor", measured with
# /bin/true) is the smallest RSS that can be reported.
SPAWN_HELPER = r"""
import json, os, sys, time
for line in sys.stdin:
    q = json.loads(line)
    out = os.open(q["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    err = os.open(q["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    acts = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, err, 2),
            (os.POSIX_SPAWN_CLOSE, out), (os.POSIX_SPAWN_CLOSE, err)]
    try:
        t0 = time.perf_counter()
        pid = os.posix_spawn(q["argv"][0], q["argv"], os.environ, file_actions=acts)
        _, status, ru = os.wait4(pid, 0)
        wall = time.perf_counter() - t0
        res = {"wall": wall, "rc": os.waitstatus_to_exitcode(status), "maxrss": ru.ru_maxrss}
    except OSError as exc:
        res = {"error": str(exc)}
    os.close(out)
    os.close(err)
    sys.stdout.write(json.dumps(res) + "\n")
    sys.stdout.flush()
"""


class Spawner:
    """Runs commands from a small helper process; see SPAWN_HELPER."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-I", "-S", "-c", SPAWN_HELPER],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, argv: list[str], out_path: Path, err_path: Path) -> Run:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps({"argv": argv, "out": str(out_path),
                                          "err": str(err_path)}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("spawn helper died")
        res = json.loads(line)
        if "error" in res:
            raise SystemExit(f"cannot run {argv[0]}: {res['error']}")
        rss = res["maxrss"]
        if sys.platform == "darwin":  # bytes there, KiB on Linux
            rss //= 1024
        return Run(res["wall"], rss, res["rc"])

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def bench(sp: Spawner, label: str, argv: list[str], runs: int, ok_codes: tuple[int, ...],
          scratch: Path) -> tuple[list[Run], Path] | None:
    out_path, err_path = scratch / f"{label}.out", scratch / f"{label}.err"
    print(f"  {label}: warm-up ...", file=sys.stderr, flush=True)
    results: list[Run] = []
    for i in range(runs + 1):
        res = sp.run(argv, out_path, err_path)
        if res.rc not in ok_codes:
            err = err_path.read_text(errors="replace")[-2000:]
            print(f"\n{label} failed (exit {res.rc}): {' '.join(argv)}\n{err}", file=sys.stderr)
            return None
        if i > 0:
            results.append(res)
            print(f"  {label}: run {i}/{runs} {res.wall:.3f}s", file=sys.stderr, flush=True)
    return results, out_path


def tools_from_json(path: Path) -> tuple[str, str, str]:
    """(tools, findings, files scanned) as printable strings from mcp-lint's JSON output."""
    try:
        with open(path, "rb") as fh:
            doc = json.load(fh)
    except (ValueError, OSError) as exc:
        head = path.read_bytes()[:120].decode("utf-8", "replace") if path.exists() else ""
        return f"n/a (output is not JSON: {exc}; starts {head!r})", "n/a", "n/a"

    def count(v: object) -> int | None:
        if isinstance(v, bool):
            return None
        if isinstance(v, int):
            return v
        if isinstance(v, (list, dict)):
            return len(v)
        return None

    tools = findings = scanned = None
    src_t = src_f = ""
    if isinstance(doc, dict):
        summary = doc.get("summary")
        if isinstance(summary, dict):
            scanned = count(summary.get("files_scanned"))
            if count(summary.get("tools")) is not None:
                tools, src_t = count(summary["tools"]), "summary.tools"
            for key in ("findings", "diagnostics", "total_findings"):
                if findings is None and count(summary.get(key)) is not None:
                    findings, src_f = count(summary[key]), f"summary.{key}"
        if tools is None and isinstance(doc.get("tools"), list):
            tools, src_t = len(doc["tools"]), "len(tools)"
        for key in ("findings", "diagnostics"):
            if findings is None and isinstance(doc.get(key), list):
                findings, src_f = len(doc[key]), f"len({key})"
    elif isinstance(doc, list):
        findings, src_f = len(doc), "len(top-level array)"
    t = f"{tools} ({src_t})" if tools is not None else "n/a (no summary.tools or tools[] in JSON)"
    f = f"{findings} ({src_f})" if findings is not None else "n/a"
    return t, f, (str(scanned) if scanned is not None else "n/a")


def report(label: str, cmd: str, runs: list[Run], n_files: int, n_bytes: int,
           extra: list[tuple[str, str]], floor_mb: float) -> dict:
    walls = [x.wall for x in runs]
    med, mn = statistics.median(walls), min(walls)
    rss_mb = max(x.maxrss_kib for x in runs) * 1024 / 1e6
    mb = n_bytes / 1e6
    print(f"\n{label}: {cmd}")
    print(f"  runs            {len(runs)} (+1 warm-up)")
    print(f"  wall median     {med:.3f} s")
    print(f"  wall min        {mn:.3f} s")
    print(f"  files/s         {n_files / med:,.0f} (median)  {n_files / mn:,.0f} (best)")
    print(f"  MB/s            {mb / med:,.1f} (median)  {mb / mn:,.1f} (best)")
    print(f"  peak RSS        {rss_mb:.1f} MB (max over runs; spawn floor {floor_mb:.1f} MB)")
    print(f"  exit codes      {sorted({x.rc for x in runs})}")
    for k, v in extra:
        print(f"  {k:<15} {v}")
    return {"median_s": med, "min_s": mn, "files_per_s": n_files / med, "mb_per_s": mb / med,
            "peak_rss_mb": rss_mb, "spawn_floor_rss_mb": floor_mb, "walls": walls,
            **{k: v for k, v in extra}}


def default_bin(profile: str = "release") -> Path:
    target = os.environ.get("CARGO_TARGET_DIR")
    base = Path(target) if target else REPO_ROOT / "target"
    if not base.is_absolute():
        base = REPO_ROOT / base
    return base / profile / "mcp-lint"


def ensure_binary(path: Path, allow_build: bool, profile: str = "release") -> Path:
    if path.is_file() and os.access(path, os.X_OK):
        return path
    if not allow_build:
        raise SystemExit(f"binary not found: {path} (and --no-build given)")
    if shutil.which("cargo") is None:
        raise SystemExit(f"binary not found: {path}, and cargo is not on PATH to build it")
    cmd = ["cargo", "build", "--locked", "--profile", profile, "--bin", "mcp-lint"]
    print(f"{path} missing: running {' '.join(cmd)} in {REPO_ROOT}", file=sys.stderr)
    rc = subprocess.call(cmd, cwd=REPO_ROOT)
    if rc != 0:
        raise SystemExit(f"{' '.join(cmd)} failed (exit {rc})")
    if not path.is_file():
        raise SystemExit(f"cargo build succeeded but {path} does not exist")
    return path


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="bench.py",
        description=(
            "Benchmark `mcp-lint check TREE --format json --exit-zero` (wall time,\n"
            "throughput, peak RSS) on a deterministic synthetic Python, TypeScript/JavaScript\n"
            "or mixed tree (--lang): ~98% ordinary modules, ~2% MCP servers, presets and\n"
            "tool modules.\n"
            "`rg --files-with-matches -e mcp -e Hint TREE` is timed as a baseline when rg\n"
            "is on PATH."),
        epilog=(
            "notes:\n"
            "  * mcp-lint exit code 1 (findings present) counts as success.\n"
            "  * The tree goes to a temp dir, removed afterwards unless --keep; a --tree\n"
            "    DIR is never removed. A manifest (.mcp-lint-bench.json) in the tree root\n"
            "    records the expected tool count.\n"
            "  * Peak RSS is ru_maxrss from wait4() (KiB on Linux). Children are spawned by\n"
            "    a small helper so this script's own memory does not leak into the number;\n"
            "    the helper's footprint is printed as the spawn floor.\n"
            "  * No -j is passed to either tool; os.cpu_count() is printed.\n\n"
            "examples:\n"
            "  python3 scripts/bench.py --quick\n"
            "  python3 scripts/bench.py --files 50000 --runs 3 --keep\n"
            "  python3 scripts/bench.py --tree /tmp/corpus --generate-only\n"
            "  python3 scripts/bench.py --tree /tmp/corpus --bin target/release/mcp-lint"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--files", type=int, default=None, metavar="N",
                   help="number of files to generate (default 20000; 2000 with --quick)")
    p.add_argument("--runs", type=int, default=None, metavar="K",
                   help="timed runs per tool after one warm-up (default 5; 2 with --quick)")
    p.add_argument("--quick", action="store_true",
                   help="small smoke benchmark: 2000 files, 2 runs (explicit --files/--runs win)")
    p.add_argument("--tree", type=Path, metavar="DIR",
                   help="use DIR as the tree: reused as-is if it exists and is non-empty, "
                        "otherwise generated there. Never deleted.")
    p.add_argument("--keep", action="store_true",
                   help="keep the generated temp tree and print its path")
    p.add_argument("--seed", type=int, default=20250101,
                   help="generator seed (default %(default)s); same seed+files => same bytes")
    p.add_argument("--mcp-ratio", type=float, default=0.02, metavar="R",
                   help="fraction of files that are MCP material (default %(default)s)")
    p.add_argument("--bin", type=Path, default=None, metavar="PATH",
                   help="mcp-lint binary (default: <repo>/target/release/mcp-lint, honouring "
                        "CARGO_TARGET_DIR; built with `cargo build --release` if missing)")
    p.add_argument("--profile", default="release", metavar="NAME",
                   help="cargo profile of the default binary: release (stripped, the shipped build) or "
                        "profiling (same code with debug info, for perf/samply)")
    p.add_argument("--no-build", action="store_true",
                   help="fail instead of running cargo build when the binary is missing")
    p.add_argument("--no-rg", action="store_true", help="skip the ripgrep baseline")
    p.add_argument("--lang", choices=("python", "ts", "go", "rust", "java", "kotlin", "csharp", "mixed"), default="python",
                   help="tree language: python (default; the historical tree, byte-identical per "
                        "seed), ts (TypeScript/JavaScript), go (one Go module), rust (a Cargo "
                        "workspace), java (a Maven project), kotlin (a Gradle project), csharp (C# projects) or mixed (Python and TS/JS, half each)")
    p.add_argument("--registrations", type=int, default=None, metavar="N",
                   help="instead: time one Python, one TypeScript and one Go server file with N/4, "
                        "N/2 and N tool registrations (written the ways real servers do), and a 1 MB "
                        "Go file of chained calls")
    p.add_argument("--pathological", action="store_true",
                   help="instead: time each reproducer of scripts/pathological.py (issue 15) alone")
    p.add_argument("--generate-only", action="store_true",
                   help="only generate the tree (implies --keep) and print its manifest")
    p.add_argument("--json-out", type=Path, metavar="FILE",
                   help="also write all results as JSON to FILE")
    a = p.parse_args(argv)
    a.files = a.files if a.files is not None else (2000 if a.quick else 20000)
    a.runs = a.runs if a.runs is not None else (2 if a.quick else 5)
    if a.files < 1:
        p.error("--files must be >= 1")
    if a.runs < 1:
        p.error("--runs must be >= 1")
    if not 0.0 <= a.mcp_ratio <= 1.0:
        p.error("--mcp-ratio must be within [0, 1]")
    if a.registrations is not None and a.registrations < 4:
        p.error("--registrations must be >= 4")
    return a


def many_python_registrations(n: int, seed: int) -> tuple[str, int]:
    """One FastMCP server with n `@mcp.tool` registrations in the forms of
    tool_decorator (bare, named, inline and preset annotations)."""
    r = random.Random(f"py-many:{seed}:{n}")
    st = Stats()
    presets = sorted(PRESETS)
    lines = ["from mcp.server.fastmcp import FastMCP", "from mcp.types import ToolAnnotations", ""]
    lines += [f"{p} = {PRESETS[p]}" for p in presets]
    lines += ["", 'mcp = FastMCP("many")']
    for i in range(n):
        name = f"{func_name(r)}_{i}"
        deco = tool_decorator(r, name, presets, None, st, [])
        lines += ["", ""] + deco + [f"def {name}({var_name(r)}: str) -> str:",
                                    f'    """{sentence(r, 3, 8).capitalize()}."""',
                                    f"    return {func_name(r)}()"]
    return "\n".join(lines) + "\n", st.tools


def registrations_bench(binary: Path, n: int, runs: int, seed: int) -> int:
    """Median wall time of `check FILE` for one Python, TS, Rust and Go server with n/4,
    n/2 and n registrations: the time per registration must stay flat (linear)."""
    import bench_csharp
    import bench_go
    import bench_kotlin
    import bench_rust
    import bench_ts

    makers = {"python": (many_python_registrations, "server.py"),
              "ts": (bench_ts.many_registrations, "server.ts"),
              "rust": (bench_rust.many_registrations, "server.rs"),
              "go": (bench_go.many_registrations, "server.go"),
              "kotlin": (bench_kotlin.many_registrations, "Server.kt"),
              "csharp": (bench_csharp.many_registrations, "Program.cs")}
    failed = 0
    sp = Spawner()
    try:
        with tempfile.TemporaryDirectory(prefix="mcp-lint-registrations-") as d:
            print(f"{'file':<10} {'regs':>6} {'size':>9} {'median':>8} {'min':>8} {'us/reg':>7} "
                  f"{'peak RSS':>9} {'tools':>12}")
            for lang, (make, fname) in makers.items():
                for k in (n // 4, n // 2, n):
                    sub = Path(d) / f"{lang}-{k}"
                    sub.mkdir()
                    text, expected = make(k, seed)
                    path = sub / fname
                    path.write_text(text, encoding="utf-8")
                    # The TS file passes the default 2 MiB --max-file-size at a few thousand tools.
                    argv = [str(binary), "check", str(path), "--format", "json", "--exit-zero",
                            "--max-file-size", str(max(len(text) * 2, 2 << 20))]
                    got = bench(sp, f"{lang}-{k}", argv, runs, (0, 1), sub)
                    if got is None:
                        failed += 1
                        continue
                    rs, out = got
                    tools, _, _ = tools_from_json(out)
                    walls = [x.wall for x in rs]
                    med = statistics.median(walls)
                    rss = max(x.maxrss_kib for x in rs) * 1024 / 1e6
                    print(f"{fname:<10} {k:>6} {len(text) / 1e6:>7.2f}MB {med:>7.3f}s {min(walls):>7.3f}s "
                          f"{med / k * 1e6:>7.1f} {rss:>7.1f}MB {tools.split()[0]:>5}/{expected}")
            # One package variable of chained calls, 1 MB (no tool: it must only not be slow).
            sub = Path(d) / "go-chain"
            sub.mkdir()
            path = sub / "chain.go"
            text = bench_go.chained_calls(1 << 20)
            path.write_text(text, encoding="utf-8")
            argv = [str(binary), "check", str(path), "--format", "json", "--exit-zero",
                    "--max-file-size", str(len(text) * 2)]
            got = bench(sp, "go-chain", argv, runs, (0, 1), sub)
            if got is None:
                failed += 1
            else:
                walls = [x.wall for x in got[0]]
                rss = max(x.maxrss_kib for x in got[0]) * 1024 / 1e6
                print(f"{'chain.go':<10} {'-':>6} {len(text) / 1e6:>7.2f}MB {statistics.median(walls):>7.3f}s "
                      f"{min(walls):>7.3f}s {'-':>7} {rss:>7.1f}MB")
    finally:
        sp.close()
    return 1 if failed else 0


def pathological_bench(binary: Path) -> int:
    """Wall time, exit code and finding codes of each pathological reproducer."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import pathological

    failed = 0
    with tempfile.TemporaryDirectory(prefix="mcp-lint-pathological-") as d:
        for written in pathological.write_all(Path(d)):
            # Each in a directory of its own: Go files of one directory are
            # one package, so a reproducer would see the others' tools.
            path = written.parent / written.stem / written.name
            path.parent.mkdir()
            written.rename(path)
            t0 = time.perf_counter()
            try:
                r = subprocess.run([str(binary), "check", str(path), "--format", "json"],
                                   capture_output=True, text=True, timeout=300)
            except subprocess.TimeoutExpired:
                print(f"{path.name:28} {path.stat().st_size:>9} B  TIMEOUT (>300 s)")
                failed += 1
                continue
            dt = time.perf_counter() - t0
            try:
                codes = sorted({f["code"] for f in json.loads(r.stdout)["findings"]})
            except (ValueError, KeyError):
                codes = ["no JSON: " + r.stderr.strip()[-60:]]
            failed += r.returncode not in (0, 1, 2)
            print(f"{path.name:28} {path.stat().st_size:>9} B  exit {r.returncode:>3}  {dt:7.2f} s  {' '.join(codes)}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    a = parse_args(argv)

    binary: Path | None = None
    if not a.generate_only:
        binary = ensure_binary((a.bin or default_bin(a.profile)).resolve(), not a.no_build, a.profile)
    if a.pathological:
        assert binary is not None
        return pathological_bench(binary)
    if a.registrations is not None:
        assert binary is not None
        return registrations_bench(binary, a.registrations, a.runs, a.seed)

    created_tmp = False
    if a.tree is not None:
        tree = a.tree.resolve()
        reuse = tree.is_dir() and any(tree.iterdir())
    else:
        tree = Path(tempfile.mkdtemp(prefix="mcp-lint-bench-"))
        created_tmp, reuse = True, False

    scratch = Path(tempfile.mkdtemp(prefix="mcp-lint-bench-out-"))
    results: dict = {}
    sp: Spawner | None = None
    try:
        if reuse:
            print(f"reusing existing tree {tree} (--files/--seed ignored)", file=sys.stderr)
            mpath = tree / MANIFEST_NAME
            manifest = json.loads(mpath.read_text()) if mpath.is_file() else None
            if manifest is None:
                print(f"  no {MANIFEST_NAME} in {tree}: not made by bench.py, or generation was "
                      "interrupted; expected counts unavailable", file=sys.stderr)
        else:
            tree.mkdir(parents=True, exist_ok=True)
            print(f"generating {a.files} files (seed {a.seed}) into {tree}", file=sys.stderr)
            manifest = generate_any(tree, a.lang, a.files, a.seed, a.mcp_ratio)
        n_files, n_bytes = scan_tree(tree)

        print("mcp-lint benchmark")
        print(f"  tree            {tree}" + (" (reused)" if reuse else " (generated)"))
        print(f"  files           {n_files:,}")
        print(f"  total size      {n_bytes / 1e6:.1f} MB")
        if manifest:
            print(f"  language        {manifest.get('lang', 'python')}")
            for part, pm in (manifest.get("parts") or {}).items():
                print(f"    {part:<13} {pm['files']:,} files, {pm['bytes'] / 1e6:.1f} MB, "
                      f"{pm['tools']} tools expected")
            print(f"  generator       seed {manifest['seed']}, {manifest['dirs']} dirs, depth <= "
                  f"{manifest['max_depth']}, sha256 {manifest['sha256'][:16]}")
            print(f"  MCP material    {manifest['mcp_files']} files: {manifest['servers']} servers, "
                  f"{manifest['tool_modules']} tool modules, {manifest['preset_modules']} preset modules")
            print(f"  expected tools  {manifest['tools']} ({manifest['tools_annotated']} annotated, "
                  f"{manifest['tools_unannotated']} unannotated, "
                  f"{manifest['tools_preset_annotations']} via presets)")
        cpus = os.cpu_count()
        try:
            aff = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            aff = cpus
        print(f"  threads         os.cpu_count()={cpus} (usable {aff}); no -j passed, "
              "each tool uses its default parallelism")
        results["tree"] = {"path": str(tree), "files": n_files, "bytes": n_bytes,
                           "manifest": manifest, "cpu_count": cpus, "usable_cpus": aff}

        if a.generate_only:
            print(json.dumps(manifest, indent=2))
            return 0

        assert binary is not None
        sp = Spawner()
        floor = sp.run(["/bin/true"] if os.path.exists("/bin/true") else [sys.executable, "-c", ""],
                       scratch / "floor.out", scratch / "floor.err")
        floor_mb = floor.maxrss_kib * 1024 / 1e6
        argv_lint = [str(binary), "check", str(tree), "--format", "json", "--exit-zero"]
        got = bench(sp, "mcp-lint", argv_lint, a.runs, (0, 1), scratch)
        if got is None:
            return 1
        runs, out_path = got
        tools, findings, scanned = tools_from_json(out_path)
        extra = [("tools found", tools), ("findings", findings), ("files scanned", scanned)]
        if manifest:
            extra.append(("tools expected", str(manifest["tools"])))
        extra.append(("output size", f"{out_path.stat().st_size / 1e6:.2f} MB JSON"))
        results["mcp-lint"] = report("mcp-lint", "mcp-lint check TREE --format json --exit-zero",
                                     runs, n_files, n_bytes, extra, floor_mb)

        rg = shutil.which("rg")
        if a.no_rg:
            print("\nrg: skipped (--no-rg)")
        elif rg is None:
            print("\nrg: rg not installed (baseline skipped)")
            results["rg"] = "not installed"
        else:
            # The Python tree keeps its historical pattern; TS/JS MCP files may name the SDK
            # only as `McpServer` or a subclass's `BaseTool` (`-i tool` would match `functools`).
            lang = (manifest or {}).get("lang", "python")
            pats = ["-e", "mcp", "-e", "Hint"]
            if lang != "python":
                pats += ["-e", "Mcp", "-e", "BaseTool"]
            argv_rg = [rg, "--files-with-matches", *pats, str(tree)]
            rg_label = "rg --files-with-matches " + " ".join(pats) + " TREE"
            got = bench(sp, "rg", argv_rg, a.runs, (0, 1), scratch)
            if got is not None:
                runs, out_path = got
                matched = sum(1 for ln in out_path.read_bytes().splitlines() if ln.strip())
                extra = [("files matched", str(matched))]
                if manifest:
                    extra.append(("MCP files", str(manifest["mcp_files"])))
                results["rg"] = report("rg", rg_label,
                                       runs, n_files, n_bytes, extra, floor_mb)
                if "mcp-lint" in results and isinstance(results["rg"], dict):
                    ratio = results["mcp-lint"]["median_s"] / results["rg"]["median_s"]
                    print(f"\nmcp-lint / rg median wall time: {ratio:.2f}x")
                    results["ratio_vs_rg"] = ratio
        return 0
    finally:
        if sp is not None:
            sp.close()
        if a.json_out:
            a.json_out.write_text(json.dumps(results, indent=2, default=str) + "\n")
        shutil.rmtree(scratch, ignore_errors=True)
        if created_tmp and not (a.keep or a.generate_only):
            shutil.rmtree(tree, ignore_errors=True)
        elif created_tmp:
            print(f"\ntree kept at {tree}", file=sys.stderr)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
