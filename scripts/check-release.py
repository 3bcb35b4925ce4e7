#!/usr/bin/env python3
"""Static checks of the release machinery (nothing here can run without GitHub).

- every workflow, action.yml and hook file parses as YAML;
- every third-party `uses:` is pinned by a 40-hex commit SHA with a `# vX` comment;
- the release targets agree across release.yml, action.yml and npm/stage.py;
- versions agree: Cargo.toml, npm/mcp-lint/package.json (and its platform
  optionalDependencies), pre-commit/pyproject.toml's wheel pin, CHANGELOG.md;
- the python hook (pre-commit/) lints the same files as the rust hook;
- ci.yml runs .ci/run.

Needs PyYAML (pre-commit brings it).   python3 scripts/check-release.py
"""

import json
import re
import sys
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "npm"))
import stage  # noqa: E402

FAILED = []


def check(name, ok, detail=""):
    if not ok:
        FAILED.append(name)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f"\n     {detail}"))


def uses_lines(text):
    return [line.strip() for line in text.splitlines() if re.match(r"\s*(-\s+)?uses:", line)]


def main():
    files = [REPO / "action.yml", *sorted((REPO / ".github" / "workflows").glob("*.yml")),
             REPO / ".pre-commit-hooks.yaml", REPO / "pre-commit" / ".pre-commit-hooks.yaml"]
    docs = {}
    for f in files:
        try:
            docs[f.name if f.parent.name != "pre-commit" else "pre-commit/" + f.name] = yaml.safe_load(f.read_text())
            check(f"{f.relative_to(REPO)} parses", True)
        except yaml.YAMLError as e:
            check(f"{f.relative_to(REPO)} parses", False, e)
    for f in files:
        for line in uses_lines(f.read_text()):
            m = re.fullmatch(r"(?:-\s+)?uses:\s*([\w.-]+/[\w./-]+)@([0-9a-f]{40})\s+#\s*v\d[\w.]*", line)
            check(f"{f.relative_to(REPO)}: pinned by SHA: {line}", m is not None, line)

    release = docs["release.yml"]
    matrix = {e["target"] for e in release["jobs"]["build"]["strategy"]["matrix"]["include"]}
    check("release targets = npm platform packages", matrix == set(stage.TARGETS), (matrix, set(stage.TARGETS)))
    action_text = (REPO / "action.yml").read_text()
    action_targets = set(re.findall(r"\) target=([\w-]+) ;;", action_text))
    check("release targets = the Action's downloads", matrix == action_targets, (matrix, action_targets))

    version = tomllib.loads((REPO / "Cargo.toml").read_text())["package"]["version"]
    npm = json.loads((REPO / "npm" / "mcp-lint" / "package.json").read_text())
    check("npm launcher version", npm["version"] == version, npm["version"])
    wanted = {f"mcp-lint-{os}-{cpu}": version for os, cpu in stage.TARGETS.values()}
    check("npm platform packages at this version", npm.get("optionalDependencies") == wanted,
          npm.get("optionalDependencies"))
    hook_project = tomllib.loads((REPO / "pre-commit" / "pyproject.toml").read_text())["project"]
    check("python hook pins this version's wheel", hook_project["dependencies"] == [f"mcp-lint-cli=={version}"]
          and hook_project["version"] == version, hook_project)
    wheel = tomllib.loads((REPO / "pyproject.toml").read_text())
    check("wheel version comes from Cargo.toml", "version" in wheel["project"].get("dynamic", []), wheel["project"])
    changelog = (REPO / "CHANGELOG.md").read_text()
    check("CHANGELOG.md has a section for this version", f"## [{version}]" in changelog)

    rust_hooks = {h["id"]: h for h in docs[".pre-commit-hooks.yaml"]}
    py_hooks = {h["id"]: h for h in docs["pre-commit/.pre-commit-hooks.yaml"]}
    check("both hook files have the same hooks", set(rust_hooks) == set(py_hooks), (set(rust_hooks), set(py_hooks)))
    for hook in ["mcp-lint", "mcp-lint-fix"]:
        rust_hook, py_hook = rust_hooks.get(hook, {}), py_hooks.get(hook, {})
        for key in ["entry", "types_or", "files", "require_serial"]:
            check(f"python hook {hook} {key} = rust hook {key}", py_hook.get(key) == rust_hook.get(key),
                  (py_hook.get(key), rust_hook.get(key)))
        check(f"python hook {hook} is language: python", py_hook.get("language") == "python")
    check("the fix hook fixes", "--fix" in rust_hooks.get("mcp-lint-fix", {}).get("entry", ""))

    ci_steps = docs["ci.yml"]["jobs"]["ci"]["steps"]
    check("ci.yml runs .ci/run", any(s.get("run") == ".ci/run" for s in ci_steps))
    print(f"\nrelease checks: {len(FAILED)} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
