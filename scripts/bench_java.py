"""Java part of the synthetic benchmark tree (see bench.py).

One Maven project (``pom.xml`` at the root requiring the java-sdk and Spring
AI's MCP server starter), sources under ``src/main/java/com/acme/...``, one
package per directory (20-50 files each, nested up to four levels).

Ordinary files (~98%): classes with fields, constructors, methods with
``if``/``for``/``switch``/lambdas/streams, records, enums, ``java.util``
imports and in-project imports, ``src/test/java`` files; 50-400 lines;
never containing the substrings of ``JAVA_BANNED`` in any letter case.

MCP material (~2%), written the ways real servers do:
  * java-sdk: ``McpServer.sync(transport).tools(...)`` of
    ``SyncToolSpecification``s whose ``McpSchema.Tool`` is built with
    ``Tool.builder()`` or a constructor, with inline, preset (a
    ``static final ToolAnnotations`` of a presets class) or no annotations;
  * Spring AI: ``@McpTool`` methods with ``@McpTool.McpAnnotations`` or none;
  * a presets class per MCP package.

Each generated tool is counted in ``Stats``; every registration names one
tool, so ``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random

import bench as b

JAVA_BANNED = b.BANNED + ("tool", "annotation", "schema")

JAVA_RESERVED = {"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class",
                 "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
                 "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
                 "interface", "long", "native", "new", "package", "private", "protected", "public",
                 "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
                 "throw", "throws", "transient", "try", "void", "volatile", "while", "var", "record",
                 "yield", "true", "false", "null", "string", "list", "map", "object"}

ROOT_PACKAGE = "com.acme"
TYPES = ["String", "int", "long", "boolean", "double", "List<String>", "Map<String, Integer>"]


def java_clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in JAVA_BANNED)


def word(r: random.Random, pool: list[str]) -> str:
    while True:
        w = r.choice(pool)
        if w not in JAVA_RESERVED:
            return w


def ident(r: random.Random) -> str:
    return f"{word(r, b.ADJS)}{b.camel(word(r, b.NOUNS))}"


def class_name(r: random.Random) -> str:
    return f"{b.camel(word(r, b.ADJS))}{b.camel(word(r, b.NOUNS))}"


def expr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "0"
    k = r.randrange(7)
    if k == 0:
        return str(r.randint(0, 9999))
    if k == 1:
        return f'"{word(r, b.ADJS)}-{word(r, b.NOUNS)}"'
    if k == 2:
        return f"String.valueOf({v}).length()"
    if k == 3:
        return f'"{word(r, b.NOUNS)}".repeat({r.randint(1, 4)})'
    if k == 4:
        return f'String.format("%s-%d", {v}, {r.randint(0, 99)})'
    if k == 5:
        return f"Integer.toString({r.randint(0, 500)})"
    return f'"{word(r, b.NOUNS)}".toUpperCase()'


def body(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        k = r.randrange(9 if depth < 3 else 4)
        if k <= 1:
            v = f"{ident(r)}{len(names)}"
            out.append(f"{ind}var {v} = {expr(r, names)};")
            names.append(v)
        elif k == 2:
            out.append(f"{ind}// {b.sentence(r, 4, 12)}")
        elif k == 3:
            out.append(f'{ind}System.out.println("{b.sentence(r, 2, 6)}" + {r.choice(names) if names else 0});')
        elif k == 4:
            out.append(f"{ind}if (String.valueOf({r.choice(names) if names else 1}).length() > {r.randint(0, 9)}) {{")
            out += body(r, ind + "    ", names[:], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 5:
            i = f"i{depth}"
            out.append(f"{ind}for (int {i} = 0; {i} < {r.randint(2, 9)}; {i}++) {{")
            out += body(r, ind + "    ", names + [i], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 6:
            out.append(f"{ind}switch (String.valueOf({r.choice(names) if names else '1'})) {{")
            out.append(f"{ind}    case {expr(r, [])}:")
            out += body(r, ind + "        ", names[:], 1, depth + 1)
            out.append(f"{ind}        break;")
            out.append(f"{ind}    default:")
            out += body(r, ind + "        ", names[:], 1, depth + 1)
            out.append(f"{ind}}}")
        elif k == 7:
            v = f"xs{len(names)}"
            out.append(f"{ind}var {v} = List.of({r.randint(0, 9)}, {r.randint(0, 9)}, {r.randint(0, 9)})"
                       f".stream().map(x -> x * {r.randint(2, 9)}).toList();")
            names.append(v)
        else:
            f = f"fn{len(names)}"
            out.append(f"{ind}java.util.function.IntUnaryOperator {f} = x -> x * {r.randint(2, 9)};")
            out.append(f"{ind}{f}.applyAsInt({r.randint(0, 9)});")
    return out


def ordinary_file(r: random.Random, package: str, cls: str, lines: int, siblings: list[str]) -> str:
    out = [f"package {package};", "", "import java.util.List;", "import java.util.Map;",
           "import java.util.ArrayList;", ""]
    kind = r.randrange(6)
    if kind == 0:
        fields = [(r.choice(TYPES), f"{word(r, b.NOUNS)}{i}") for i in range(r.randint(1, 5))]
        out.append(f"public record {cls}({', '.join(f'{t} {n}' for t, n in fields)}) {{")
        out.append("}")
        return "\n".join(out) + "\n"
    if kind == 1:
        consts = sorted({word(r, b.NOUNS).upper() for _ in range(r.randint(2, 6))})
        out.append(f"public enum {cls} {{")
        out.append("    " + ", ".join(consts) + ";")
        out.append("}")
        return "\n".join(out) + "\n"
    base = f" extends {r.choice(siblings)}" if siblings and r.random() < 0.2 else ""
    out.append(f"public class {cls}{base} {{")
    out.append(f'    private static final String NAME = "{word(r, b.ADJS)}-{word(r, b.NOUNS)}";')
    out.append("    private final List<String> items = new ArrayList<>();")
    out.append("")
    out.append(f"    public {cls}() {{")
    out.append('        items.add(NAME);')
    out.append("    }")
    n = 0
    while len(out) < lines:
        name = f"{word(r, b.VERBS)}{b.camel(word(r, b.NOUNS))}{n}"
        n += 1
        static = "static " if r.random() < 0.3 else ""
        out.append("")
        out.append(f"    public {static}String {name}(int n, String label) {{")
        out += body(r, "        ", ["n", "label"], r.randint(3, 9), 1)
        out.append("        return label;")
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


class Stats(b.Stats):
    pass


PRESETS = {
    "READ_ONLY": "new McpSchema.ToolAnnotations(null, true, null, null, false, null)",
    "ADDITIVE": "new McpSchema.ToolAnnotations(null, false, false, null, false, null)",
    "REMOVAL": "new McpSchema.ToolAnnotations(null, false, true, true, null, null)",
}


def preset_file(package: str, st: Stats) -> str:
    st.preset_modules += 1
    out = [f"package {package};", "", "import io.modelcontextprotocol.spec.McpSchema;", "",
           "public final class Presets {"]
    for k, v in sorted(PRESETS.items()):
        out.append(f"    public static final McpSchema.ToolAnnotations {k} = {v};")
    out += ["", "    private Presets() {}", "}"]
    return "\n".join(out) + "\n"


def unique(r: random.Random, used: set[str]) -> str:
    while True:
        name = f"{word(r, b.VERBS)}_{word(r, b.NOUNS)}_{len(used)}"
        if name not in used:
            used.add(name)
            return name


def sdk_server(r: random.Random, package: str, n: int, st: Stats, used: set[str]) -> str:
    """java-sdk tools: builders and constructors, inline, preset or no annotations."""
    out = [f"package {package};", "",
           "import io.modelcontextprotocol.server.McpServer;",
           "import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;",
           "import io.modelcontextprotocol.server.McpSyncServer;",
           "import io.modelcontextprotocol.spec.McpSchema;",
           "import io.modelcontextprotocol.spec.McpServerTransportProvider;",
           "import java.util.ArrayList;", "import java.util.List;", "",
           "public class Server {",
           '    static final String INPUT = "{\\"type\\": \\"object\\"}";', "",
           "    static SyncToolSpecification spec(McpSchema.Tool t) {",
           "        return new SyncToolSpecification(t, (exchange, args) -> null);",
           "    }", "",
           "    public static McpSyncServer start(McpServerTransportProvider transport) {",
           "        List<SyncToolSpecification> specs = new ArrayList<>();"]
    for _ in range(n):
        name = unique(r, used)
        k = r.randrange(4)
        if k == 0:
            out.append(f'        specs.add(spec(McpSchema.Tool.builder().name("{name}").description("{b.sentence(r, 3, 7)}")'
                       f".annotations(new McpSchema.ToolAnnotations(null, true, null, null, {r.choice(['true', 'false'])}, null)).build()));")
            st.tools_annotated += 1
        elif k == 1:
            out.append(f'        specs.add(spec(McpSchema.Tool.builder().name("{name}").annotations(Presets.{r.choice(sorted(PRESETS))}).build()));')
            st.tools_annotated += 1
            st.tools_preset += 1
        elif k == 2:
            out.append(f'        specs.add(spec(new McpSchema.Tool("{name}", "{b.sentence(r, 3, 7)}", INPUT)));')
            st.tools_unannotated += 1
        else:
            out.append(f'        specs.add(spec(new McpSchema.Tool("{name}", "{b.sentence(r, 3, 7)}", INPUT, '
                       "new McpSchema.ToolAnnotations(null, false, false, true, false, null))));")
            st.tools_annotated += 1
        st.tools += 1
        st.tool_names.append(name)
    out += ["        return McpServer.sync(transport).tools(specs).build();", "    }", "}"]
    st.servers += 1
    return "\n".join(out) + "\n"


def spring_server(r: random.Random, package: str, n: int, st: Stats, used: set[str]) -> str:
    """Spring AI @McpTool methods, with and without @McpAnnotations."""
    out = [f"package {package};", "",
           "import org.springaicommunity.mcp.annotation.McpTool;",
           "import org.springframework.stereotype.Component;", "",
           "@Component", "public class Handlers {"]
    for i in range(n):
        name = unique(r, used)
        if r.random() < 0.5:
            out.append(f'    @McpTool(name = "{name}", description = "{b.sentence(r, 3, 7)}",')
            out.append(f"            annotations = @McpTool.McpAnnotations(readOnlyHint = {r.choice(['true', 'false'])}, openWorldHint = false))")
            st.tools_annotated += 1
        else:
            out.append(f'    @McpTool(name = "{name}", description = "{b.sentence(r, 3, 7)}")')
            st.tools_unannotated += 1
        out.append(f"    public String handle{i}(String id) {{")
        out.append("        return id;")
        out.append("    }")
        out.append("")
        st.tools += 1
        st.tool_names.append(name)
    out.append("}")
    st.servers += 1
    return "\n".join(out) + "\n"


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the Java tree under root; update digest; return its counts."""
    r = random.Random(f"java:{seed}")
    st = Stats()
    used: set[str] = set()
    pom = ("<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.acme</groupId>\n"
           "  <artifactId>bench</artifactId>\n  <version>1.0</version>\n  <dependencies>\n"
           "    <dependency><groupId>io.modelcontextprotocol.sdk</groupId><artifactId>mcp</artifactId>"
           "<version>0.11.2</version></dependency>\n  </dependencies>\n</project>\n")
    (root / "pom.xml").write_text(pom)
    digest.update(pom.encode())
    total = len(pom)
    written = 1
    budget = max(1, round(n_files * mcp_ratio)) if mcp_ratio > 0 else 0
    dirs: list[str] = []
    max_depth = 1
    while written < n_files:
        depth = r.randint(1, 4)
        parts = [word(r, b.PKG_WORDS) for _ in range(depth)]
        while not java_clean(".".join(parts)):
            parts = [word(r, b.PKG_WORDS) for _ in range(depth)]
        parts[-1] += f"{len(dirs)}"
        test = r.random() < 0.1
        package = ".".join([ROOT_PACKAGE] + parts)
        rel = "/".join(["src", "test" if test else "main", "java"] + package.split("."))
        dirs.append(rel)
        max_depth = max(max_depth, depth)
        d = root / rel
        d.mkdir(parents=True, exist_ok=True)
        count = min(r.randint(20, 50), n_files - written)
        files: list[tuple[str, str]] = []
        mcp_here = not test and budget > 0 and count >= 4 and r.random() < min(1.0, mcp_ratio * 35 / 3)
        if mcp_here:
            files.append(("Presets.java", preset_file(package, st)))
            files.append(("Server.java", sdk_server(r, package, r.randint(3, 15), st, used)))
            files.append(("Handlers.java", spring_server(r, package, r.randint(3, 15), st, used)))
            st.mcp_files += 3
            st.tool_modules += 2
            budget -= 3
        names: set[str] = {f for f, _ in files}
        siblings: list[str] = []
        while len(files) < count:
            lines = r.randint(50, 400)
            for attempt in range(50):
                fr = random.Random(f"{seed}:{rel}/{len(files)}:{attempt}")
                cls = class_name(fr)
                if f"{cls}.java" in names:
                    cls += str(len(files))
                text = ordinary_file(fr, package, cls, lines, siblings)
                if java_clean(text):
                    break
            else:
                raise RuntimeError(f"could not generate a clean Java file for {rel}")
            names.add(f"{cls}.java")
            if "public class" in text:
                siblings.append(cls)
            files.append((f"{cls}.java", text))
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
