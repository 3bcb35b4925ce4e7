#!/usr/bin/env python3
"""Run the composite action in action.yml locally, the way a runner would.

Parses action.yml, checks its shape (inputs, no `${{ inputs.* }}` inside a
`run:` script, the install command), then runs its `run:` steps with bash
in a simulated GitHub environment (GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP …) against the fixture
servers in tests/fixtures/ci, and checks annotations, job summary, SARIF
file, outputs and exit code — including inputs that try to run commands.

The `uses:` cache step and the `cargo install` step are not run (CI has a
release build already): the binary is taken from --bin-dir, put first on
PATH. Needs PyYAML (pre-commit brings it).

    python3 scripts/test-action.py [--bin-dir target/release]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
VERBOSE = False
PASSED = []
FAILED = []


def check(name, ok, detail=""):
    (PASSED if ok else FAILED).append(name)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f"\n     {detail}"), flush=True)


def load_action():
    return yaml.safe_load((REPO / "action.yml").read_text())


def static_checks(action):
    steps = action["runs"]["steps"]
    check("composite action", action["runs"]["using"] == "composite")
    wanted = {"paths", "profile", "fail-on", "config", "sarif-file", "args"}
    check("inputs", wanted <= set(action["inputs"]), sorted(action["inputs"]))
    for step in steps:
        name = step.get("name", step.get("id", "?"))
        if "run" in step:
            check(f"no expression inside run: ({name})", "${{" not in step["run"], step["run"])
            check(f"shell is bash ({name})", step.get("shell") == "bash")
        # Inputs reach a script only through env:.
        rest = {k: v for k, v in step.items() if k != "env"}
        check(f"inputs only through env: ({name})", "inputs." not in json.dumps(rest))
    install = [s for s in steps if s.get("id") == "install"]
    check(
        "installs from the action's own source",
        len(install) == 1 and 'cargo install --locked --path "$GITHUB_ACTION_PATH"' in install[0]["run"],
        install,
    )
    cache = [s for s in steps if str(s.get("uses", "")).startswith("actions/cache@")]
    check("caches the build", len(cache) == 1 and "cargo" in cache[0]["with"]["path"], cache)


class Runner:
    """Just enough of a GitHub runner for this action's steps."""

    def __init__(self, action, bin_dir, workspace, temp):
        self.action = action
        self.bin_dir = bin_dir
        self.workspace = workspace
        self.temp = temp

    def evaluate(self, text, inputs, outputs):
        def one(m):
            expr = m.group(1)
            if expr.startswith("inputs."):
                key = expr[len("inputs."):]
                return inputs.get(key, self.action["inputs"][key].get("default", ""))
            if expr == "runner.temp":
                return str(self.temp)
            if expr == "runner.os":
                return "Linux"
            if expr == "github.action_path":
                return str(REPO)
            m2 = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
            if m2:
                return outputs.get(m2.group(1), {}).get(m2.group(2), "")
            raise ValueError(f"the simulator does not know `{expr}`")

        return EXPR.sub(one, str(text))

    def run(self, inputs):
        summary = self.temp / "step-summary.md"
        summary.write_text("# earlier step\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "INPUT_", "RUNNER_"))}
        env.update(
            {
                "PATH": f"{self.bin_dir}{os.pathsep}{os.environ['PATH']}",
                "CI": "true",
                "GITHUB_ACTIONS": "true",
                "GITHUB_ACTION_PATH": str(REPO),
                "GITHUB_WORKSPACE": str(self.workspace),
                "GITHUB_STEP_SUMMARY": str(summary),
                "RUNNER_OS": "Linux",
                "RUNNER_TEMP": str(self.temp),
            }
        )
        outputs, stdout, code = {}, "", 0
        for i, step in enumerate(self.action["runs"]["steps"]):
            sid = step.get("id", f"step{i}")
            if "uses" in step or sid == "install":
                continue  # checked statically; the binary comes from --bin-dir
            if "if" in step:
                raise ValueError(f"the simulator cannot evaluate `if:` of step {sid}")
            out_file = self.temp / f"output-{sid}"
            out_file.write_text("")
            step_env = dict(env, GITHUB_OUTPUT=str(out_file))
            for k, v in (step.get("env") or {}).items():
                step_env[k] = self.evaluate(v, inputs, outputs)
            script = self.temp / f"step-{sid}.sh"
            script.write_text(step["run"])
            # What a runner runs for `shell: bash`.
            p = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                cwd=self.workspace,
                env=step_env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            stdout += p.stdout
            if VERBOSE:
                sys.stderr.write(p.stderr)
            outputs[sid] = dict(
                line.split("=", 1) for line in out_file.read_text().splitlines() if "=" in line
            )
            code = p.returncode
            if code != 0:
                break
        action_outputs = {
            k: self.evaluate(v["value"], inputs, outputs) for k, v in self.action.get("outputs", {}).items()
        }
        return code, stdout, summary.read_text(), action_outputs


def annotations(stdout):
    return [line for line in stdout.splitlines() if line.startswith("::")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin-dir", default=str(REPO / "target" / "release"))
    ap.add_argument("--verbose", action="store_true", help="show the steps' standard error")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    bin_dir = Path(args.bin_dir).resolve()
    if not (bin_dir / "mcp-lint").exists():
        sys.exit(f"{bin_dir}/mcp-lint not found: run `cargo build --release` first")

    action = load_action()
    static_checks(action)

    with tempfile.TemporaryDirectory(prefix="mcp-lint-action-") as tmp:
        tmp = Path(tmp)
        ws = tmp / "workspace"
        for case in ["dirty", "clean"]:
            shutil.copytree(REPO / "tests" / "fixtures" / "ci" / case, ws / case)
        temp = tmp / "runner-temp"
        temp.mkdir()
        runner = Runner(action, bin_dir, ws, temp)

        # A server with omissions: annotations, summary, SARIF, exit 1.
        code, out, summary, outputs = runner.run({"paths": "dirty", "sarif-file": "mcp-lint.sarif"})
        notes = annotations(out)
        check("dirty: exit 1", code == 1, (code, out))
        check("dirty: exit-code output", outputs.get("exit-code") == "1", outputs)
        check("dirty: one annotation per finding", len(notes) == 5, notes)
        check(
            "dirty: error annotation on the misspelt key",
            "::error file=dirty/server.py,line=30,col=24,endLine=30,endColumn=38,title=MCP012 misspelled-hint::"
            "`readonlyHint` is not a hint key" in out,
            out,
        )
        check(
            "dirty: warning with the preset's location",
            any(
                n.startswith("::warning file=dirty/server.py,line=17,")
                and "dirty/presets.py:5:1: annotations come from preset `WRITE`" in n
                for n in notes
            ),
            notes,
        )
        check("dirty: info is a notice", any(n.startswith("::notice ") for n in notes), notes)
        check("dirty: summary appended", summary.startswith("# earlier step\n## mcp-lint\n"), summary)
        check("dirty: summary per tree", "| `dirty` | 5 | 2 | 1 | 1 | 3 | 1 |" in summary, summary)
        check("dirty: summary by rule", "| MCP012 | `misspelled-hint` | error | 1 |" in summary, summary)
        sarif_path = ws / "mcp-lint.sarif"
        check("dirty: sarif-file output", outputs.get("sarif-file") == "mcp-lint.sarif", outputs)
        if sarif_path.exists():
            sarif = json.loads(sarif_path.read_text())
            results = sarif["runs"][0]["results"]
            check("dirty: SARIF 2.1.0", sarif["version"] == "2.1.0")
            check("dirty: SARIF results", len(results) == 5, len(results))
            uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
            check("dirty: SARIF paths relative to the workspace", uris == {"dirty/server.py"}, uris)
        else:
            check("dirty: SARIF written", False, "no file")

        # fail-on decides the verdict; --args reach mcp-lint.
        code, out, _, _ = runner.run({"paths": "dirty", "fail-on": "error"})
        check("fail-on error: the misspelt key still fails", code == 1, code)
        code, out, _, _ = runner.run({"paths": "dirty", "fail-on": "error", "args": "--ignore MCP012"})
        check("fail-on error + args --ignore MCP012: passes", code == 0 and len(annotations(out)) == 8, (code, out))
        code, out, _, outputs = runner.run({"paths": "dirty", "fail-on": "never"})
        check("fail-on never: passes with annotations", code == 0 and len(annotations(out)) == 5, (code, out))

        # A clean server: no annotations, exit 0, a summary that says so.
        code, out, summary, outputs = runner.run({"paths": "clean"})
        check("clean: exit 0", code == 0 and outputs.get("exit-code") == "0", (code, outputs))
        check("clean: no annotations", annotations(out) == [], out)
        check("clean: summary", "| `clean` | 2 |" in summary and "No findings." in summary, summary)
        check("clean: no SARIF unless asked", outputs.get("sarif-file") == "", outputs)

        # Several paths, space- or newline-separated, and an unused default.
        code, out, summary, _ = runner.run({"paths": "dirty clean"})
        check("two paths: both trees", code == 1 and "| `dirty` |" in summary and "| `clean` |" in summary,
              (code, summary))
        code, out, summary, _ = runner.run({"paths": "clean\n\ndirty\n"})
        check("newline-separated paths", code == 1 and "| `dirty` |" in summary and "| `clean` |" in summary,
              (code, summary))

        # Inputs that would run commands if they reached a shell unquoted.
        marker = tmp / "pwned"
        evil = f"$(touch {marker}-1) `touch {marker}-2`; touch {marker}-3 && touch {marker}-4 | touch {marker}-5"
        for field in ["paths", "args", "sarif-file", "fail-on", "profile", "config"]:
            code, out, _, _ = runner.run({"paths": "clean", field: evil})
            pwned = sorted(p.name for p in tmp.iterdir() if p.name.startswith("pwned"))
            check(f"injection through {field}: nothing runs", pwned == [], pwned)
            check(f"injection through {field}: the step fails", code != 0, (code, out))
        code, out, _, _ = runner.run({"paths": f"clean\n$(touch {marker}-6)"})
        check("injection through a newline-separated path", not any(tmp.glob("pwned*")) and code == 2, code)
        # Control: the same inputs do run through a step that evaluates them,
        # so the checks above can fail.
        unsafe = json.loads(json.dumps(action))
        for step in unsafe["runs"]["steps"]:
            if step.get("id") == "lint":
                step["run"] = 'eval "true $INPUT_PATHS"'
        Runner(unsafe, bin_dir, ws, temp).run({"paths": f"$(touch {marker}-control)"})
        check("control: an evaluating step is caught", (tmp / "pwned-control").exists())
        (tmp / "pwned-control").unlink(missing_ok=True)

        literal = Path("/tmp/pwned")
        if literal.exists():
            literal.unlink()
        code, out, _, _ = runner.run({"paths": "$(touch /tmp/pwned)", "args": "$(touch /tmp/pwned)"})
        check("`$(touch /tmp/pwned)` does not run", not literal.exists() and code == 2, code)

        # One path per line allows spaces.
        shutil.copytree(ws / "clean", ws / "my server")
        code, out, summary, _ = runner.run({"paths": "my server\n"})
        check("a path with a space, one per line", code == 0 and "| `my server` | 2 |" in summary, (code, summary))

    print(f"\naction: {len(PASSED)} passed, {len(FAILED)} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
