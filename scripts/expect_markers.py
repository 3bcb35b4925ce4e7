#!/usr/bin/env python3
"""Compare the `# expect:` / `// expect:` markers of fixture cases with what
mcp-lint reports, and optionally rewrite the markers on the lines that differ.

    python3 scripts/expect_markers.py tests/fixtures/typescript          # show differences
    python3 scripts/expect_markers.py tests/fixtures/typescript --write  # rewrite markers

Meant for a rule change that adds or replaces findings across many cases (a
new rule in the default profile): rewrite, then READ the diff of every case
before committing. Blessing markers blindly defeats their purpose.
Uses target/debug/mcp-lint (build it first).
"""

import argparse
import json
import os
import re
import subprocess
import sys

MARKER = re.compile(r"(#|//) expect:.*$")


def leader(path):
    return "#" if path.endswith(".py") else "//"


def markers(case):
    out = {}
    for root, _, files in os.walk(case):
        for name in files:
            path = os.path.join(root, name)
            try:
                lines = open(path, encoding="utf-8").read().split("\n")
            except (UnicodeDecodeError, OSError):
                continue
            rel = os.path.relpath(path, case).replace(os.sep, "/")
            for i, line in enumerate(lines):
                for m in ("# expect:", "// expect:"):
                    if m in line:
                        codes = line[line.index(m) + len(m):].split(",")
                        out[(rel, i + 1)] = {c.strip() for c in codes}
    return out


def findings(binary, case):
    run = subprocess.run([binary, "check", "--format", "json", "--exit-zero"], cwd=case,
                         capture_output=True, text=True, check=False)
    out = {}
    for f in json.loads(run.stdout)["findings"]:
        out.setdefault((f["file"], f["line"]), set()).add(f["code"])
    return out


def rewrite(case, rel, line, codes):
    path = os.path.join(case, rel)
    lines = open(path, encoding="utf-8").read().split("\n")
    text = lines[line - 1]
    m = MARKER.search(text)
    listed = ", ".join(sorted(codes))
    if m:
        text = (text[:m.start()] + (f"{m.group(1)} expect: {listed}" if codes else "")).rstrip()
    else:
        text = f"{text}  {leader(rel)} expect: {listed}"
    lines[line - 1] = text
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", help="a directory of fixture cases, e.g. tests/fixtures/python")
    ap.add_argument("--write", action="store_true", help="rewrite the markers that differ")
    args = ap.parse_args()
    binary = os.path.abspath("target/debug/mcp-lint")
    differ = 0
    for case in sorted(os.listdir(args.root)):
        path = os.path.join(args.root, case)
        if not os.path.isdir(path):
            continue
        want, got = markers(path), findings(binary, path)
        for key in sorted(set(want) | set(got)):
            if want.get(key, set()) != got.get(key, set()):
                differ += 1
                print(f"{case}/{key[0]}:{key[1]}: {sorted(want.get(key, []))} -> {sorted(got.get(key, []))}")
                if args.write:
                    rewrite(path, key[0], key[1], got.get(key, set()))
    return 1 if differ and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
