#!/usr/bin/env python3
"""Stage the npm packages for `npm pack` / `npm publish`.

    python3 npm/stage.py launcher --out DIR
        DIR/mcp-lint: the launcher (npm/mcp-lint plus README and licences).
    python3 npm/stage.py platform --target TRIPLE --binary PATH --out DIR
        DIR/mcp-lint-<os>-<cpu>: the package holding one platform's binary,
        with `os`/`cpu` so npm installs only the matching one.

Versions come from Cargo.toml; the launcher's optionalDependencies must name
every platform below at that version (checked here and by tests/it).
Python 3.11+ standard library only.
"""

import argparse
import json
import shutil
import stat
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Rust target triple -> (npm os, npm cpu). Linux binaries are static (musl).
TARGETS = {
    "x86_64-unknown-linux-musl": ("linux", "x64"),
    "aarch64-unknown-linux-musl": ("linux", "arm64"),
    "x86_64-apple-darwin": ("darwin", "x64"),
    "aarch64-apple-darwin": ("darwin", "arm64"),
    "x86_64-pc-windows-msvc": ("win32", "x64"),
}


def version():
    return tomllib.loads((REPO / "Cargo.toml").read_text())["package"]["version"]


def launcher_manifest():
    manifest = json.loads((REPO / "npm" / "mcp-lint" / "package.json").read_text())
    wanted = {f"mcp-lint-{os}-{cpu}": version() for os, cpu in TARGETS.values()}
    if manifest["version"] != version() or manifest.get("optionalDependencies") != wanted:
        sys.exit(
            f"npm/mcp-lint/package.json: version and optionalDependencies must be {version()} and {wanted}"
        )
    return manifest



def stage_launcher(out):
    launcher_manifest()
    dest = out / "mcp-lint"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(REPO / "npm" / "mcp-lint", dest)
    for name in ["README.md", "LICENSE-MIT", "LICENSE-APACHE"]:
        shutil.copy2(REPO / name, dest / name)
    return dest


def stage_platform(out, target, binary):
    if target not in TARGETS:
        sys.exit(f"unknown target `{target}`; known: {', '.join(TARGETS)}")
    if not binary.is_file():
        sys.exit(f"binary `{binary}` not found")
    os_name, cpu = TARGETS[target]
    name = f"mcp-lint-{os_name}-{cpu}"
    dest = out / name
    if dest.exists():
        shutil.rmtree(dest)
    (dest / "bin").mkdir(parents=True)
    exe = "mcp-lint.exe" if os_name == "win32" else "mcp-lint"
    shutil.copy2(binary, dest / "bin" / exe)
    mode = (dest / "bin" / exe).stat().st_mode
    (dest / "bin" / exe).chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    launcher = launcher_manifest()
    manifest = {
        "name": name,
        "version": version(),
        "description": f"The mcp-lint binary for {os_name} {cpu} (installed by the `mcp-lint` package)",
        "license": launcher["license"],
        "os": [os_name],
        "cpu": [cpu],
        "files": [f"bin/{exe}", "README.md", "LICENSE-MIT", "LICENSE-APACHE"],
        "preferUnplugged": True,
    }
    (dest / "package.json").write_text(json.dumps(manifest, indent=2) + "\n")
    (dest / "README.md").write_text(
        f"# {name}\n\nThe `mcp-lint` binary for {os_name} {cpu}. Install `mcp-lint` instead: "
        "it depends on this package and runs the binary.\n"
    )
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"]:
        shutil.copy2(REPO / licence, dest / licence)
    return dest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    la = sub.add_parser("launcher")
    la.add_argument("--out", type=Path, required=True)
    pl = sub.add_parser("platform")
    pl.add_argument("--out", type=Path, required=True)
    pl.add_argument("--target", required=True, choices=sorted(TARGETS))
    pl.add_argument("--binary", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.command == "launcher":
        print(stage_launcher(args.out))
    else:
        print(stage_platform(args.out, args.target, args.binary))


if __name__ == "__main__":
    main()
