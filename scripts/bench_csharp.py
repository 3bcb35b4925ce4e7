"""C# part of the synthetic benchmark tree (see bench.py).

Several projects (a ``.csproj`` each, one assembly: its files share their
top-level names), 20-200 files a project in nested namespace folders.

Ordinary files (~98%): classes with fields, constants, properties,
constructors and methods with ``if``/``for``/``foreach``/``switch``/lambdas,
``using`` directives; 50-400 lines; never containing the substrings of
``CS_BANNED`` in any letter case.

MCP material (~2%), written the ways real servers do:
  * ``[McpServerToolType]`` classes of ``[McpServerTool(...)]`` methods (static
    or instance) with inline hint properties, names from constants, derived
    names (``...Async`` methods returning ``Task``) or no hints at all;
  * a ``Program.cs`` serving them with ``.WithTools<T>()`` or
    ``.WithToolsFromAssembly()``;
  * ``McpServerTool.Create(delegate, new McpServerToolCreateOptions {...})``
    lists handed to ``.WithTools(tools)``.

Each generated tool is counted in ``Stats``; every tool is served, so
``tools`` is what a correct linter reports.
"""

from __future__ import annotations

import random

import bench as b

CS_BANNED = b.BANNED + ("tool", "annotation", "readonly", "destructive", "idempotent", "openworld")

CS_RESERVED = {"abstract", "as", "base", "bool", "break", "case", "catch", "char", "checked", "class",
               "const", "continue", "default", "delegate", "do", "double", "else", "enum", "event",
               "explicit", "extern", "false", "finally", "fixed", "float", "for", "foreach", "goto",
               "if", "implicit", "in", "int", "interface", "internal", "is", "lock", "long",
               "namespace", "new", "null", "object", "operator", "out", "override", "params",
               "private", "protected", "public", "ref", "return", "sealed", "short", "static",
               "string", "struct", "switch", "this", "throw", "true", "try", "typeof", "using",
               "virtual", "void", "volatile", "while", "value", "var", "async", "await", "record"}

STD = ["System", "System.Collections.Generic", "System.Linq", "System.Text", "System.Threading.Tasks"]


def cs_clean(text: str) -> bool:
    low = text.lower()
    return not any(x in low for x in CS_BANNED)


def word(r: random.Random, pool: list[str]) -> str:
    while True:
        w = r.choice(pool)
        if w not in CS_RESERVED:
            return w


def local(r: random.Random) -> str:
    return f"{word(r, b.ADJS)}{b.camel(word(r, b.NOUNS))}"


def pascal(r: random.Random) -> str:
    return f"{b.camel(word(r, b.VERBS))}{b.camel(word(r, b.NOUNS))}"


def expr(r: random.Random, names: list[str]) -> str:
    v = r.choice(names) if names else "0"
    k = r.randrange(6)
    if k == 0:
        return str(r.randint(0, 9999))
    if k == 1:
        return f'"{word(r, b.ADJS)}-{word(r, b.NOUNS)}"'
    if k == 2:
        return f"{v}.ToString().Length"
    if k == 3:
        return f'string.Concat("{word(r, b.NOUNS)}", {v})'
    if k == 4:
        return f'$"{{{v}}}-{r.randint(0, 99)}"'
    return f'"{word(r, b.NOUNS)}".ToUpperInvariant()'


def body(r: random.Random, ind: str, names: list[str], n: int, depth: int) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        k = r.randrange(8 if depth < 3 else 4)
        if k <= 1:
            v = f"{local(r)}{len(names)}"
            out.append(f"{ind}var {v} = {expr(r, names)};")
            names.append(v)
        elif k == 2:
            out.append(f"{ind}// {b.sentence(r, 4, 12)}")
        elif k == 3:
            out.append(f'{ind}Console.WriteLine("{b.sentence(r, 2, 6)}" + {r.choice(names) if names else 0});')
        elif k == 4:
            out.append(f"{ind}if ({r.choice(names) if names else 1}.ToString().Length > {r.randint(0, 9)})")
            out.append(f"{ind}{{")
            out += body(r, ind + "    ", names[:], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 5:
            i = f"i{depth}"
            out.append(f"{ind}for (var {i} = 0; {i} < {r.randint(2, 9)}; {i}++)")
            out.append(f"{ind}{{")
            out += body(r, ind + "    ", names + [i], r.randint(1, 3), depth + 1)
            out.append(f"{ind}}}")
        elif k == 6:
            out.append(f"{ind}switch ({r.choice(names) if names else '1'})")
            out.append(f"{ind}{{")
            out.append(f"{ind}    case {expr(r, [])}:")
            out += body(r, ind + "        ", names[:], 1, depth + 1)
            out.append(f"{ind}        break;")
            out.append(f"{ind}    default:")
            out.append(f"{ind}        break;")
            out.append(f"{ind}}}")
        else:
            items = ", ".join(f'"{word(r, b.NOUNS)}"' for _ in range(r.randint(2, 5)))
            v = f"list{len(names)}"
            out.append(f"{ind}var {v} = new List<string> {{ {items} }};")
            out.append(f"{ind}{v}.ForEach(x => Console.WriteLine(x));")
            names.append(v)
    return out


def ordinary_file(r: random.Random, ns: str, target: int) -> str:
    usings = sorted(set(r.sample(STD, 3)))
    out = [f"using {u};" for u in usings] + ["", f"namespace {ns};", ""]
    while len(out) < target:
        cls = f"{b.camel(word(r, b.ADJS))}{b.camel(word(r, b.NOUNS))}{len(out)}"
        out += [f"public class {cls}", "{",
                f'    public const string Label = "{word(r, b.NOUNS)}";',
                f"    private int _{word(r, b.NOUNS)}Count = {r.randint(0, 99)};",
                f"    public string {b.camel(word(r, b.NOUNS))} {{ get; set; }} = \"{word(r, b.ADJS)}\";", ""]
        for _ in range(r.randint(2, 6)):
            name = pascal(r)
            out.append(f"    public string {name}(int n, string label)")
            out.append("    {")
            out += body(r, "        ", ["n", "label"], r.randint(3, 9), 1)
            out.append("        return label;")
            out.append("    }")
            out.append("")
        out.append("}")
        out.append("")
    return "\n".join(out) + "\n"


class Stats(b.Stats):
    pass


HINTS = [
    "ReadOnly = true, OpenWorld = false",
    "Destructive = false, OpenWorld = false",
    "Destructive = true, Idempotent = true, OpenWorld = false",
    "ReadOnly = true",
]


def unique(r: random.Random, used: set[str]) -> str:
    while True:
        name = f"{word(r, b.VERBS)}_{word(r, b.NOUNS)}_{len(used)}"
        if name not in used:
            used.add(name)
            return name


def tool_class(r: random.Random, ns: str, cls: str, n: int, st: Stats, used: set[str]) -> str:
    """A `[McpServerToolType]` class: inline hints, constant names, derived names, no hints."""
    out = ["using System.ComponentModel;", "using ModelContextProtocol.Server;", "", f"namespace {ns};", "",
           "[McpServerToolType]", f"public static class {cls}", "{"]
    consts: list[str] = []
    for _ in range(n):
        name = unique(r, used)
        k = r.randrange(4)
        method = "".join(b.camel(p) for p in name.split("_"))
        if k == 0:
            out.append(f'    [McpServerTool(Name = "{name}", {r.choice(HINTS)}), Description("{b.sentence(r, 3, 7)}")]')
            st.tools_annotated += 1
        elif k == 1:
            c = f"N{len(used)}"
            consts.append(f'    public const string {c} = "{name}";')
            out.append(f"    [McpServerTool(Name = {c}, {r.choice(HINTS)})]")
            st.tools_annotated += 1
        elif k == 2:
            # The derived name: `...Async` returning a Task.
            out.append(f"    [McpServerTool({r.choice(HINTS)})]")
            out.append(f"    public static Task<string> {method}Async(string id) => Task.FromResult(id);")
            out.append("")
            st.tools_annotated += 1
            st.tools += 1
            continue
        else:
            out.append(f'    [McpServerTool(Name = "{name}")]')
            st.tools_unannotated += 1
        out.append(f"    public static string {method}(string id) => id;")
        out.append("")
        st.tools += 1
    out += consts + ["}"]
    return "\n".join(out) + "\n"


def program(r: random.Random, ns: str, classes: list[str], st: Stats, used: set[str]) -> str:
    """Program.cs: serves the tool classes, and a list of `McpServerTool.Create` tools."""
    out = ["using Microsoft.Extensions.DependencyInjection;", "using Microsoft.Extensions.Hosting;",
           "using ModelContextProtocol.Server;", f"using {ns};", "",
           "var builder = Host.CreateApplicationBuilder(args);", "var created = new List<McpServerTool>", "{"]
    for _ in range(r.randint(1, 4)):
        name = unique(r, used)
        out.append(f'    McpServerTool.Create((string id) => id, new McpServerToolCreateOptions {{ Name = "{name}", '
                   f"{r.choice(HINTS)} }}),")
        st.tools += 1
        st.tools_annotated += 1
    out.append("};")
    chain = "builder.Services.AddMcpServer().WithStdioServerTransport()"
    if r.random() < 0.5:
        chain += ".WithToolsFromAssembly()"
    else:
        chain += "".join(f".WithTools<{c}>()" for c in classes)
    out += [chain + ".WithTools(created);", "await builder.Build().RunAsync();"]
    st.servers += 1
    return "\n".join(out) + "\n"


CSPROJ = ('<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
          '    <PackageReference Include="ModelContextProtocol" Version="1.2.0" />\n'
          '  </ItemGroup>\n</Project>\n')


def generate(root, n_files: int, seed: int, mcp_ratio: float, digest, progress=None) -> dict:
    """Write the C# tree under root; update digest; return its counts."""
    r = random.Random(f"csharp:{seed}")
    st = Stats()
    used: set[str] = set()
    total = 0
    written = 0
    budget = max(1, round(n_files * mcp_ratio)) if mcp_ratio > 0 else 0
    projects = 0
    dirs = 0
    max_depth = 1
    while written < n_files:
        proj = f"{b.camel(word(r, b.PKG_WORDS))}{projects}"
        projects += 1
        pdir = root / proj
        pdir.mkdir(parents=True, exist_ok=True)
        files: list[tuple[str, str]] = [(f"{proj}.csproj", CSPROJ)]
        count = min(r.randint(20, 200), n_files - written)
        mcp_here = budget > 0 and count >= 6 and r.random() < min(1.0, mcp_ratio * 110 / 4)
        if mcp_here:
            ns = f"{proj}.Server"
            classes = [f"{b.camel(word(r, b.NOUNS))}Handlers{i}" for i in range(r.randint(1, 3))]
            for c in classes:
                files.append((f"Server/{c}.cs", tool_class(r, ns, c, r.randint(3, 12), st, used)))
                st.tool_modules += 1
            files.append(("Program.cs", program(r, ns, classes, st, used)))
            st.mcp_files += len(classes) + 1
            budget -= len(classes) + 1
        while len(files) < count:
            depth = r.randint(1, 4)
            parts = [b.camel(word(r, b.PKG_WORDS)) for _ in range(depth)]
            max_depth = max(max_depth, depth + 1)
            stem = f"{b.camel(word(r, b.NOUNS))}{len(files)}"
            ns = ".".join([proj] + parts)
            for attempt in range(50):
                fr = random.Random(f"{seed}:{proj}/{stem}:{attempt}")
                text = ordinary_file(fr, ns, r.randint(50, 400))
                if cs_clean(text):
                    break
            else:
                raise RuntimeError(f"could not generate a clean C# file for {proj}/{stem}")
            files.append(("/".join(parts + [f"{stem}.cs"]), text))
        seen_dirs: set[str] = set()
        for fn, text in files:
            p = pdir / fn
            p.parent.mkdir(parents=True, exist_ok=True)
            seen_dirs.add(str(p.parent))
            p.write_text(text)
            digest.update(f"{proj}/{fn}".encode())
            digest.update(text.encode())
            total += len(text.encode())
        dirs += len(seen_dirs)
        written += len(files)
        if progress:
            progress(written)
    return {
        "files": written, "bytes": total, "dirs": dirs + 1, "max_depth": max_depth,
        "mcp_files": st.mcp_files, "servers": st.servers, "preset_modules": st.preset_modules,
        "tool_modules": st.tool_modules, "tools": st.tools, "tools_annotated": st.tools_annotated,
        "tools_unannotated": st.tools_unannotated, "tools_preset_annotations": st.tools_preset,
    }


def many_registrations(n: int, seed: int) -> tuple[str, int]:
    """One C# file with n `[McpServerTool]` methods in one served class."""
    r = random.Random(f"csharp-many:{seed}:{n}")
    st = Stats()
    used: set[str] = set()
    cls = tool_class(r, "Many", "ManyHandlers", n, st, used)
    head = ("using Microsoft.Extensions.DependencyInjection;\nusing Microsoft.Extensions.Hosting;\n\n"
            "var builder = Host.CreateApplicationBuilder(args);\n"
            "builder.Services.AddMcpServer().WithStdioServerTransport().WithTools<Many.ManyHandlers>();\n\n")
    # Top-level statements come before the namespace declaration.
    return head + cls.replace("namespace Many;", "namespace Many\n{") + "}\n", st.tools
