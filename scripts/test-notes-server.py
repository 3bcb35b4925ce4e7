#!/usr/bin/env python3
"""Run the "Run it" commands of examples/notes-server/README.md as written,
in a copy of the example (the tree itself is never written to), then talk
MCP to the server over stdio: it must initialise and list the seven tools
that `mcp-lint tools examples/notes-server` finds. Needs network for PyPI.

    python3 scripts/test-notes-server.py
"""
import json
import shlex
import shutil
import subprocess
import threading
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "notes-server"


def run_block(readme: str) -> list[list[str]]:
    """The `$ ` commands of the console block under "## Run it"."""
    section = readme.split("## Run it", 1)[1]
    block = section.split("```console", 1)[1].split("```", 1)[0]
    return [shlex.split(line[2:]) for line in block.splitlines() if line.startswith("$ ")]


def main() -> int:
    commands = run_block((EXAMPLE / "README.md").read_text())
    assert commands[0] == ["cd", "examples/notes-server"], commands
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(EXAMPLE, root / "examples" / "notes-server")
        cwd = root
        *setup, serve = commands
        for argv in setup:
            if argv[0] == "cd":
                cwd = cwd / argv[1]
                continue
            print("$", shlex.join(argv), flush=True)
            subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
        print("$", shlex.join(serve), "(answering initialize and tools/list)", flush=True)
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "test-notes-server", "version": "0"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ]
        # stdin stays open until the answer arrives: newer SDKs stop on end of
        # input without answering a request still in flight.
        server = subprocess.Popen(serve, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        timer = threading.Timer(120, server.kill)
        timer.start()
        listed, seen = None, []
        try:
            for r in requests:
                server.stdin.write(json.dumps(r) + "\n")
            server.stdin.flush()
            for line in server.stdout:
                seen.append(line)
                if line.strip() and json.loads(line).get("id") == 2:
                    listed = json.loads(line)
                    break
        finally:
            timer.cancel()
            server.stdin.close()
            server.kill()
            err = server.stderr.read()
            server.wait()
        if listed is None or "result" not in listed:
            print("".join(seen), err, sep="\n", file=sys.stderr)
            print("FAIL the server did not answer tools/list", file=sys.stderr)
            return 1
        names = sorted(t["name"] for t in listed["result"]["tools"])
    inventory = subprocess.run(
        [sys.argv[1] if len(sys.argv) > 1 else "mcp-lint", "tools", "--format", "json", "examples/notes-server"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    linted = sorted(t["name"] for t in json.loads(inventory.stdout)["tools"])
    if names != linted:
        print(f"FAIL the server lists {names}, mcp-lint found {linted}", file=sys.stderr)
        return 1
    print(f"ok   the server starts as the README says and lists the {len(names)} tools mcp-lint finds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
