"""Kotlin part of the synthetic benchmark tree (see bench.py).

One Gradle project (``build.gradle.kts`` requiring kotlin-sdk 0.9.0 at the
root), sources under ``src/main/kotlin/<package path>``, one package per
directory (20-50 files each, nested up to four levels).

Ordinary files (~98%): data classes, classes with constructor properties,
companion objects, top-level and extension functions with ``if``/``when``/
``for``/lambdas, ``listOf``/``mapOf``, string templates; 50-400 lines; never
containing the substrings of ``KT_BANNED`` in any letter case.

MCP material (~2%), written the ways real servers do:
  * ``server.addTool(name = ..., description = ..., toolAnnotations =
    ToolAnnotations(...)) { request -> ... }`` with inline, preset or no
    annotations, and positional ``addTool("name", "description") { }``;
  * extension functions ``fun Server.registerX() { addTool(...) }`` (the
    receiver is implicit) called from a ``main`` that builds the server;
  * ``addTools(listOf(RegisteredTool(Tool(...)) { ... }))``;
  * a preset file per MCP package (``val readOnly = ToolAnnotations(...)``).

Each generated tool is counted in ``Stats``; every registration names one
tool, so ``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random

import bench as b

KT_BANNED = b.BANNED + ("tool", "annotation", "modelcontextprotocol")

KT_RESERVED = {"as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
               "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
               "true", "try", "typealias", "typeof", "val", "var", "when", "while", "by", "data",
               "value", "open", "inner", "out", "get", "set", "field", "it", "init", "list", "map"}

SDK = "io.modelcontextprotocol.kotlin.sdk"
TYPES = ["String", "Int", "Long", "Boolean", "Double", "List<String>", "Map<String, Int>"]

PRESETS = {
    "readOnly": "ToolAnnotations(readOnlyHint = true, openWorldHint = false)",
    "destructive": "ToolAnnotations(readOnlyHint = false, destructiveHint = true, openWorldHint = false)",
    "external": "ToolAnnotations(readOnlyHint = true, openWorldHint = true)",
}
INLINE = [
    "ToolAnnotations(readOnlyHint = true)",
    "ToolAnnotations(readOnlyHint = false, destructiveHint = false, idempotentHint = true)",
    "ToolAnnotations(title = \"{title}\", openWorldHint = false)",
    "ToolAnnotations(destructiveHint = true)",
]


def kt_clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in KT_BANNED)


def word(r: random.Random, pool: list[str]) -> str:
    while True:
        w = r.choice(pool)
        if w not in KT_RESERVED:
            return w


def ident(r: random.Random) -> str:
    return f"{word(r, b.ADJS)}{b.camel(word(r, b.NOUNS))}"


def type_name(r: random.Random) -> str:
    return f"{b.camel(word(r, b.ADJS))}{b.camel(word(r, b.NOUNS))}"


def expr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "0"
    k = r.randrange(7)
    if k == 0:
        return str(r.randint(0, 9999))
    if k == 1:
        return f'"{word(r, b.ADJS)}-{word(r, b.NOUNS)}"'
    if k == 2:
        return f'"${{{v}}}-{r.randint(0, 99)}"'
    if k == 3:
        return f"listOf({v}, {v})"
    if k == 4:
        return f'mapOf("{word(r, b.NOUNS)}" to {v})'
    if k == 5:
        return f"{v}.toString().length"
    return v


def body(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    out: list[str] = []
    names = list(names)
    for _ in range(n):
        k = r.randrange(6 if depth < 3 else 3)
        if k == 0 or not names:
            v = ident(r)
            out.append(f"{ind}val {v} = {expr(r, names)}")
            names.append(v)
        elif k == 1:
            out.append(f"{ind}println({expr(r, names)})")
        elif k == 2:
            out.append(f"{ind}{r.choice(names)}.hashCode()")
        elif k == 3:
            out.append(f"{ind}if ({r.choice(names)}.hashCode() > {r.randint(0, 99)}) {{")
            out += body(r, ind + "    ", names, r.randint(1, 3), depth + 1)
            out.append(f"{ind}}} else {{")
            out += body(r, ind + "    ", names, r.randint(1, 2), depth + 1)
            out.append(f"{ind}}}")
        elif k == 4:
            x = ident(r)
            out.append(f"{ind}for ({x} in listOf({r.choice(names)})) {{")
            out += body(r, ind + "    ", names + [x], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        else:
            out.append(f"{ind}when ({r.choice(names)}.hashCode() % 3) {{")
            out.append(f"{ind}    0 -> println({expr(r, names)})")
            out.append(f"{ind}    else -> listOf({r.choice(names)}).forEach {{ println(it) }}")
            out.append(f"{ind}}}")
    return out


def ordinary_file(r: random.Random, pkg: str, target: int) -> str:
    lines = [f"package {pkg}", "", "import kotlin.math.max", ""]
    while len(lines) < target:
        k = r.randrange(4)
        if k == 0:
            t = type_name(r)
            fields = [f"val {ident(r)}: {r.choice(TYPES)}" for _ in range(r.randint(1, 5))]
            lines += [f"data class {t}({', '.join(fields)})", ""]
        elif k == 1:
            t = type_name(r)
            p = ident(r)
            lines += [f"class {t}(private val {p}: String) {{",
                      "    companion object {",
                      f'        const val {word(r, b.NOUNS).upper()}_{r.randint(0, 99)} = "{word(r, b.NOUNS)}"',
                      "    }", "",
                      f"    fun {ident(r)}(): Int {{"]
            lines += body(r, "        ", [p], r.randint(2, 8), 0)
            lines += ["        return max(1, 2)", "    }", "}", ""]
        elif k == 2:
            p = ident(r)
            lines += [f"fun {ident(r)}({p}: String): String {{"]
            lines += body(r, "    ", [p], r.randint(3, 10), 0)
            lines += [f"    return {p}", "}", ""]
        else:
            p = ident(r)
            lines += [f"fun String.{ident(r)}({p}: Int): Int {{"]
            lines += body(r, "    ", [p, "this"], r.randint(2, 6), 0)
            lines += [f"    return {p} + length", "}", ""]
    return "\n".join(lines) + "\n"


def sdk_header(pkg: str) -> list[str]:
    return [f"package {pkg}", "", f"import {SDK}.server.Server", f"import {SDK}.server.RegisteredTool",
            f"import {SDK}.types.*", ""]


def registration(r: random.Random, name: str, recv: str, st: b.Stats, presets: bool) -> list[str]:
    forms = ["inline", "none", "positional", "object"] + (["preset", "preset"] if presets else [])
    form = r.choice(forms)
    st.tools += 1
    title = name.replace("_", " ").capitalize()
    call = f"{recv}addTool" if recv else "addTool"
    if form in ("none", "positional"):
        st.tools_unannotated += 1
        if form == "positional":
            return [f'    {call}("{name}", "{title}") {{ _ -> CallToolResult(content = listOf()) }}']
        return [f'    {call}(name = "{name}", description = "{title}") {{ _ ->',
                "        CallToolResult(content = listOf())", "    }"]
    st.tools_annotated += 1
    if form == "preset":
        st.tools_preset += 1
        ann = r.choice(sorted(PRESETS))
    else:
        ann = r.choice(INLINE).format(title=title)
    if form == "object":
        return [f"    {call}(Tool(name = \"{name}\", inputSchema = ToolSchema(), annotations = {ann})) {{ _ ->",
                "        CallToolResult(content = listOf())", "    }"]
    return [f'    {call}(', f'        name = "{name}",', f'        description = "{title}",',
            f"        toolAnnotations = {ann},", "    ) { _ ->", "        CallToolResult(content = listOf())", "    }"]


def server_file(r: random.Random, pkg: str, n: int, st: b.Stats, used: set[str]) -> str:
    """A main building the server, an extension registering half the tools
    through the implicit receiver, and an addTools list."""
    st.servers += 1
    lines = sdk_header(pkg)
    ext = f"register{b.camel(word(r, b.NOUNS))}"
    lines += [f"fun Server.{ext}() {{"]
    for _ in range(n // 2):
        lines += registration(r, unique(r, used), "", st, True)
    lines += ["}", "", "fun main() {",
              '    val server = Server(Implementation(name = "bench", version = "1"), '
              "ServerOptions(capabilities = ServerCapabilities()))",
              f"    server.{ext}()"]
    for _ in range(n - n // 2 - 1):
        lines += registration(r, unique(r, used), "server.", st, True)
    st.tools += 1
    st.tools_unannotated += 1
    lines += [f'    server.addTools(listOf(RegisteredTool(Tool(name = "{unique(r, used)}", '
              "inputSchema = ToolSchema())) { _ -> CallToolResult(content = listOf()) }))", "}"]
    return "\n".join(lines) + "\n"


def preset_file(pkg: str, st: b.Stats) -> str:
    st.preset_modules += 1
    lines = sdk_header(pkg) + [f"val {k} = {v}" for k, v in sorted(PRESETS.items())]
    return "\n".join(lines) + "\n"


def unique(r: random.Random, used: set[str]) -> str:
    while True:
        name = f"{word(r, b.VERBS)}_{word(r, b.NOUNS)}_{r.randint(0, 9999)}"
        if name not in used:
            used.add(name)
            return name


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the Kotlin tree under root; update digest; return its counts."""
    r = random.Random(f"kotlin:{seed}")
    st = b.Stats()
    used: set[str] = set()
    gradle = 'dependencies {\n    implementation("io.modelcontextprotocol:kotlin-sdk:0.9.0")\n}\n'
    (root / "build.gradle.kts").write_text(gradle)
    digest.update(gradle.encode())
    total = len(gradle)
    written = 1
    budget = max(1, round(n_files * mcp_ratio)) if mcp_ratio > 0 else 0
    dirs: list[str] = []
    max_depth = 1
    while written < n_files:
        depth = r.randint(1, 4)
        parts = ["acme"] + [word(r, b.PKG_WORDS) for _ in range(depth)]
        parts[-1] += f"{len(dirs)}"
        rel = "src/main/kotlin/" + "/".join(parts)
        pkg = ".".join(parts)
        dirs.append(rel)
        max_depth = max(max_depth, depth)
        d = root / rel
        d.mkdir(parents=True, exist_ok=True)
        count = min(r.randint(20, 50), n_files - written)
        files: list[tuple[str, str]] = []
        mcp_here = budget > 0 and count >= 3 and r.random() < min(1.0, mcp_ratio * 35 / 2)
        if mcp_here:
            files.append(("Presets.kt", preset_file(pkg, st)))
            files.append(("Server.kt", server_file(r, pkg, r.randint(4, 16), st, used)))
            st.mcp_files += 2
            st.tool_modules += 1
            budget -= 2
        while len(files) < count:
            stem = f"{b.camel(word(r, b.NOUNS))}{len(files)}"
            for attempt in range(50):
                fr = random.Random(f"{seed}:{rel}/{stem}:{attempt}")
                text = ordinary_file(fr, pkg, r.randint(50, 400))
                if kt_clean(text):
                    break
            else:
                raise RuntimeError(f"could not generate a clean Kotlin file for {rel}/{stem}")
            files.append((f"{stem}.kt", text))
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
    """One Kotlin file with n registrations in main (inline, preset, object and
    no annotations)."""
    r = random.Random(f"kotlin-many:{seed}:{n}")
    st = b.Stats()
    used: set[str] = set()
    lines = sdk_header("many") + [f"val {k} = {v}" for k, v in sorted(PRESETS.items())] + [""]
    lines += ["fun main() {",
              '    val server = Server(Implementation(name = "many", version = "1"), '
              "ServerOptions(capabilities = ServerCapabilities()))"]
    for _ in range(n):
        lines += registration(r, unique(r, used), "server.", st, True)
    lines += ["}"]
    return "\n".join(lines) + "\n", st.tools
