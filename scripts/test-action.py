#!/usr/bin/env python3
"""Run the composite action in action.yml locally, the way a runner would.

Parses action.yml, checks its shape (inputs, no `${{ inputs.* }}` inside a
`run:` script, the install command), then runs its `run:` steps with bash
in a simulated GitHub environment (GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP …) against the fixture
servers in tests/fixtures/ci, and checks annotations, job summary, SARIF
file, outputs and exit code — including inputs that try to run commands.

The install path is run too: the download step fetches release assets
(SHA256SUMS and a tar.gz of the --bin-dir binary) from a local HTTP server
on 127.0.0.1 and verifies them; the `uses:` cache step is simulated (a hit
or a miss); the `cargo install` fallback is a dry run (its `if:` is
evaluated and its command recorded; the --bin-dir binary is put where it
would install). Needs PyYAML (pre-commit brings it).

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
import threading
import time
import http.server
import tarfile
import hashlib
import functools
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
    wanted = {"paths", "profile", "fail-on", "config", "sarif-file", "args", "version", "download-url"}
    check("inputs", wanted <= set(action["inputs"]), sorted(action["inputs"]))
    for step in steps:
        name = step.get("name", step.get("id", "?"))
        if "run" in step:
            check(f"no expression inside run: ({name})", "${{" not in step["run"], step["run"])
            check(f"shell is bash ({name})", step.get("shell") == "bash")
        if "uses" in step:
            ref = str(step["uses"]).partition("@")[2]
            check(f"pinned by commit SHA ({name})", re.fullmatch(r"[0-9a-f]{40}", ref) is not None, step["uses"])
        # Inputs reach a script only through env:.
        rest = {k: v for k, v in step.items() if k != "env"}
        check(f"inputs only through env: ({name})", "inputs." not in json.dumps(rest))
    install = [s for s in steps if s.get("id") == "install"]
    check(
        "falls back to building the action's own source",
        len(install) == 1 and 'cargo install --locked --path "$GITHUB_ACTION_PATH"' in install[0]["run"],
        install,
    )
    download = [s for s in steps if s.get("id") == "download"]
    check("downloads and verifies against SHA256SUMS", len(download) == 1 and "SHA256SUMS" in download[0]["run"])
    cache = [s for s in steps if str(s.get("uses", "")).startswith("actions/cache@")]
    paths = cache[0]["with"]["path"] if len(cache) == 1 else ""
    # What is cached is what is installed and put on PATH (never CARGO_HOME).
    check("caches the install root", "steps.resolve.outputs.root" in paths and ".cargo" not in paths, cache)
    check("cache key from the resolve step", cache and "steps.resolve.outputs.key" in cache[0]["with"]["key"])


def condition(expr, evaluate):
    """The `if:` forms this action uses: `A == 'x'` / `A != 'x'` joined by `&&`."""
    result = True
    for part in expr.split("&&"):
        m = re.fullmatch(r"\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*", part)
        if not m:
            raise ValueError(f"the simulator cannot evaluate `if: {expr}`")
        value = evaluate("${{ " + m.group(1) + " }}")
        result &= (value == m.group(3)) == (m.group(2) == "==")
    return result


class Runner:
    """Just enough of a GitHub runner for this action's steps."""

    def __init__(self, action, bin_dir, workspace, temp):
        self.action = action
        self.bin_dir = bin_dir
        self.workspace = workspace
        self.temp = temp

    def evaluate(self, text, inputs, outputs, github):
        def one(m):
            expr = m.group(1)
            if expr.startswith("inputs."):
                key = expr[len("inputs."):]
                return inputs.get(key, self.action["inputs"][key].get("default", ""))
            if expr == "runner.temp":
                return str(self.temp)
            if expr == "runner.os":
                return github["RUNNER_OS"]
            if expr.startswith("github."):
                return github.get(expr, "")
            m2 = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
            if m2:
                return outputs.get(m2.group(1), {}).get(m2.group(2), "")
            raise ValueError(f"the simulator does not know `{expr}`")

        return EXPR.sub(one, str(text))

    def run(self, inputs, cache_hit=False, action_ref="", action_repository="", env_extra=None,
            path_prefix=None, runner_os="Linux", runner_arch="X64", only=None):
        """Run the steps; returns a Run. A cache miss empties the install root."""
        root = self.temp / "mcp-lint"
        if not cache_hit and root.exists():
            shutil.rmtree(root)
        summary = self.temp / "step-summary.md"
        summary.write_text("# earlier step\n")
        github_path = self.temp / "github-path"
        github_path.write_text("")
        github = {
            "RUNNER_OS": runner_os,
            "github.action_ref": action_ref,
            "github.action_repository": action_repository,
        }
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "INPUT_", "RUNNER_"))}
        env.update(
            {
                "PATH": os.pathsep.join([str(p) for p in (path_prefix or [])] + [os.environ["PATH"]]),
                "CI": "true",
                "GITHUB_ACTIONS": "true",
                "GITHUB_ACTION_PATH": str(REPO),
                "GITHUB_WORKSPACE": str(self.workspace),
                "GITHUB_STEP_SUMMARY": str(summary),
                "GITHUB_PATH": str(github_path),
                "RUNNER_OS": runner_os,
                "RUNNER_ARCH": runner_arch,
                "RUNNER_TEMP": str(self.temp),
            }
        )
        env.update(env_extra or {})
        run = Run()
        outputs = {}
        for i, step in enumerate(self.action["runs"]["steps"]):
            sid = step.get("id", f"step{i}")
            if only is not None and sid not in only:
                continue
            evaluate = lambda text: self.evaluate(text, inputs, outputs, github)  # noqa: E731
            if "if" in step and not condition(step["if"], evaluate):
                continue
            if "uses" in step:
                # The cache: a hit means an earlier job saved the install root.
                outputs[sid] = {"cache-hit": "true" if cache_hit else ""}
                run.ran.append(sid)
                continue
            step_env = dict(env)
            for k, v in (step.get("env") or {}).items():
                step_env[k] = evaluate(v)
            if sid == "install":
                # Dry run of the fallback build: record it, install what it would.
                run.ran.append(sid)
                run.build_command = step["run"]
                dest = Path(step_env["ROOT"]) / "bin"
                dest.mkdir(parents=True, exist_ok=True)
                shutil.copy2(self.bin_dir / "mcp-lint", dest / "mcp-lint")
                outputs[sid] = {}
                continue
            out_file = self.temp / f"output-{sid}"
            out_file.write_text("")
            step_env["GITHUB_OUTPUT"] = str(out_file)
            script = self.temp / f"step-{sid}.sh"
            script.write_text(step["run"])
            start = time.monotonic()
            # What a runner runs for `shell: bash`.
            p = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                cwd=self.workspace,
                env=step_env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            run.seconds[sid] = time.monotonic() - start
            run.ran.append(sid)
            run.stdout += p.stdout
            run.stderr += p.stderr
            if VERBOSE:
                sys.stderr.write(p.stderr)
            outputs[sid] = dict(
                line.split("=", 1) for line in out_file.read_text().splitlines() if "=" in line
            )
            run.code = p.returncode
            if run.code != 0:
                break
        run.outputs = outputs
        run.action_outputs = {
            k: self.evaluate(v["value"], inputs, outputs, github) for k, v in self.action.get("outputs", {}).items()
        }
        run.summary = summary.read_text()
        run.github_path = github_path.read_text().splitlines()
        return run


class Run:
    def __init__(self):
        self.code = 0
        self.stdout = ""
        self.stderr = ""
        self.ran = []
        self.seconds = {}
        self.build_command = None
        self.outputs = {}
        self.action_outputs = {}
        self.summary = ""
        self.github_path = []

    def __iter__(self):
        # code, stdout, summary, outputs: what the older checks unpack.
        return iter((self.code, self.stdout, self.summary, self.action_outputs))

    def __repr__(self):
        return f"exit {self.code}, steps {self.ran}\n{self.stdout}{self.stderr}"


def annotations(stdout):
    return [line for line in stdout.splitlines() if line.startswith("::")]


TARGET = "x86_64-unknown-linux-musl"
ASSET = f"mcp-lint-{TARGET}.tar.gz"


def serve(directory):
    """A quiet HTTP server on 127.0.0.1 for the release assets."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def make_releases(root, binary):
    """releases/download/v0.1.0: good; v0.2.0: a wrong checksum; v0.3.0: no asset for this runner."""
    download = root / "releases" / "download"
    for version in ["v0.1.0", "v0.2.0", "v0.3.0"]:
        (download / version).mkdir(parents=True)
    archive = download / "v0.1.0" / ASSET
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(binary, arcname="mcp-lint")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    (download / "v0.1.0" / "SHA256SUMS").write_text(
        f"{'0' * 64}  mcp-lint-aarch64-apple-darwin.tar.gz\n{digest}  {ASSET}\n"
    )
    shutil.copy2(archive, download / "v0.2.0" / ASSET)
    (download / "v0.2.0" / "SHA256SUMS").write_text(f"{'f' * 64}  {ASSET}\n")
    (download / "v0.3.0" / "SHA256SUMS").write_text(f"{'0' * 64}  mcp-lint-aarch64-apple-darwin.tar.gz\n")
    return download


def install_checks(runner, bin_dir, tmp, ws):
    """The install path: resolve, cache, download + verify, fallback build, PATH."""
    make_releases(tmp / "assets", bin_dir / "mcp-lint")
    server = serve(tmp / "assets")
    url = f"http://127.0.0.1:{server.server_address[1]}/releases/download"
    installed = runner.temp / "mcp-lint" / "bin" / "mcp-lint"
    try:
        # A release that matches: downloaded, verified, no build, first on PATH.
        r = runner.run({"paths": "dirty", "version": "0.1.0", "download-url": url})
        check("release: downloaded, no build", r.code == 1 and "download" in r.ran and "install" not in r.ran, r)
        check("release: the binary is the released one",
              installed.is_file() and installed.read_bytes() == (bin_dir / "mcp-lint").read_bytes(), r)
        check("release: its directory goes on PATH", r.github_path == [str(installed.parent)], r.github_path)
        check("release: the lint ran with it", len(annotations(r.stdout)) == 5, r)
        took = r.seconds.get("resolve", 0) + r.seconds.get("download", 0) + r.seconds.get("path", 0)
        print(f"     install steps with a matching release: {took:.2f}s")
        check("release: install under 10 s", took < 10, took)
        check("release: cache key by version and target",
              r.outputs["resolve"]["key"] == f"mcp-lint-bin-v0.1.0-{TARGET}", r.outputs["resolve"])
        check("release: no restore-keys (exact binaries only)", r.outputs["resolve"]["restore-keys"] == "", r.outputs)

        # The default version is the action's own tag.
        r = runner.run({"paths": "clean", "download-url": url}, action_ref="v0.1.0")
        check("action tag v0.1.0: that release is downloaded", r.code == 0 and "download" in r.ran
              and "install" not in r.ran and r.outputs["resolve"]["version"] == "0.1.0", r)
        r = runner.run({"paths": "clean"}, action_ref="v0.1.0", action_repository="OWNER/mcp-lint",
                       only=["resolve"])
        check("action tag: assets from the action repository's releases",
              r.outputs["resolve"]["base"] == "https://github.com/OWNER/mcp-lint/releases/download", r.outputs)

        # A bad checksum fails clearly and installs nothing, never builds instead.
        r = runner.run({"paths": "dirty", "version": "0.2.0", "download-url": url})
        check("bad checksum: the step fails", r.code == 2 and "lint" not in r.ran and "install" not in r.ran, r)
        check("bad checksum: a clear message", f"::error title=mcp-lint download::checksum mismatch for {ASSET}: "
              f"SHA256SUMS says {'f' * 64}" in r.stdout, r)
        check("bad checksum: nothing installed", not installed.exists(), r)

        # No asset for this runner: the action's own tag falls back to building;
        # a version asked for explicitly fails.
        r = runner.run({"paths": "dirty", "download-url": url}, action_ref="v0.3.0")
        check("missing asset, action tag: falls back to building",
              r.code == 1 and r.outputs["download"].get("installed") == "false" and "install" in r.ran, r)
        check("missing asset: says so", f"::notice title=mcp-lint download::no release asset {url}/v0.3.0/{ASSET}"
              in r.stdout, r)
        check("fallback: cargo install --locked of the action's source into the install root",
              r.build_command is not None and 'cargo install --locked --path "$GITHUB_ACTION_PATH" --bin mcp-lint '
              '--root "$ROOT"' in r.build_command, r.build_command)
        r = runner.run({"paths": "dirty", "version": "v0.3.0", "download-url": url})
        check("missing asset, explicit version: fails clearly", r.code == 2 and "install" not in r.ran
              and f"mcp-lint 0.3.0 has no release asset {url}/v0.3.0/{ASSET}" in r.stdout, r)
        r = runner.run({"paths": "dirty", "version": "9.9.9", "download-url": url})
        check("no such release, explicit version: fails clearly", r.code == 2 and "no release asset" in r.stdout, r)
        evil = "$(touch " + str(tmp / "pwned-url") + ")"
        r = runner.run({"paths": "clean", "version": "0.1.0", "download-url": f"{url}/{evil}"})
        check("injection through download-url: nothing runs, the step fails",
              r.code != 0 and not (tmp / "pwned-url").exists(), r)

        # Pinned to a commit: no release to look for, build from source.
        r = runner.run({"paths": "clean", "download-url": url}, action_ref="0123456789abcdef0123456789abcdef01234567")
        check("pinned to a commit: builds, downloads nothing", r.code == 0 and "download" not in r.ran
              and "install" in r.ran and r.outputs["resolve"]["key"].startswith("mcp-lint-src-Linux-X64-"), r)
        check("source build: restore-keys by OS and architecture",
              r.outputs["resolve"]["restore-keys"] == "mcp-lint-src-Linux-X64-", r.outputs["resolve"])

        # A cache hit: neither download nor build; CARGO_HOME does not matter.
        r = runner.run({"paths": "dirty", "version": "0.1.0", "download-url": url})
        r = runner.run({"paths": "dirty", "version": "0.1.0", "download-url": url}, cache_hit=True,
                       env_extra={"CARGO_HOME": "/usr/local/cargo"})
        check("cache hit with CARGO_HOME=/usr/local/cargo: the cached binary runs",
              r.code == 1 and "download" not in r.ran and "install" not in r.ran and len(annotations(r.stdout)) == 5, r)

        # Another mcp-lint earlier on PATH does not win.
        impostor = tmp / "impostor"
        impostor.mkdir()
        (impostor / "mcp-lint").write_text("#!/bin/sh\necho impostor\nexit 3\n")
        (impostor / "mcp-lint").chmod(0o755)
        r = runner.run({"paths": "dirty", "version": "0.1.0", "download-url": url}, path_prefix=[impostor])
        check("another mcp-lint on PATH: ours runs", r.code == 1 and "impostor" not in r.stdout, r)

        # One target per runner OS and architecture; an unknown one builds.
        for os_name, arch, target in [
            ("Linux", "X64", "x86_64-unknown-linux-musl"),
            ("Linux", "ARM64", "aarch64-unknown-linux-musl"),
            ("macOS", "X64", "x86_64-apple-darwin"),
            ("macOS", "ARM64", "aarch64-apple-darwin"),
            ("Windows", "X64", "x86_64-pc-windows-msvc"),
        ]:
            r = runner.run({"version": "0.1.0", "download-url": url}, runner_os=os_name, runner_arch=arch,
                           only=["resolve"])
            res = r.outputs["resolve"]
            archive = "zip" if os_name == "Windows" else "tar.gz"
            check(f"{os_name} {arch}: {target}", res["target"] == target and res["asset"] ==
                  f"mcp-lint-{target}.{archive}" and res["key"] == f"mcp-lint-bin-v0.1.0-{target}", res)
        r = runner.run({"version": "0.1.0", "download-url": url}, runner_os="Linux", runner_arch="ARM",
                       only=["resolve"])
        check("Linux ARM (32-bit): no release binary, builds", r.outputs["resolve"]["version"] == ""
              and r.outputs["resolve"]["key"].startswith("mcp-lint-src-Linux-ARM-"), r.outputs)
    finally:
        server.shutdown()
        server.server_close()


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
                and "dirty/presets.py:5:9: annotations come from preset `WRITE`" in n
                for n in notes
            ),
            notes,
        )
        check("dirty: info is a notice", any(n.startswith("::notice ") for n in notes), notes)
        check("dirty: summary appended", summary.startswith("# earlier step\n## mcp-lint\n"), summary)
        check("dirty: summary per tree", "| `dirty` | 5 | 2 | 1 | 1 | 4 | 1 |" in summary, summary)
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
        check("fail-on error + args --ignore MCP012: passes", code == 0 and len(annotations(out)) == 4, (code, out))
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

        # Nothing is written outside the workspace or through a committed link.
        victim = tmp / "victim"
        victim.write_text("precious\n")
        code, _, _, outputs = runner.run({"paths": "clean", "sarif-file": "../escape.sarif"})
        check("sarif-file ../: refused, exit 2", code == 2 and outputs.get("exit-code") == "2", (code, outputs))
        check("sarif-file ../: nothing written outside", not (tmp / "escape.sarif").exists())
        (ws / "linked.sarif").symlink_to(victim)
        code, _, _, outputs = runner.run({"paths": "clean", "sarif-file": "linked.sarif"})
        check("sarif-file through a committed link: refused, exit 2", code == 2, (code, outputs))
        check("sarif-file through a committed link: not offered for upload", outputs.get("sarif-file") == "", outputs)
        check("sarif-file through a committed link: victim intact", victim.read_text() == "precious\n")
        (ws / "linked.sarif").unlink()

        # Inputs that would run commands if they reached a shell unquoted.
        marker = tmp / "pwned"
        evil = f"$(touch {marker}-1) `touch {marker}-2`; touch {marker}-3 && touch {marker}-4 | touch {marker}-5"
        for field in ["paths", "args", "sarif-file", "fail-on", "profile", "config", "version"]:
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

        # Every line of args counts (not only the first).
        code, out, _, _ = runner.run({"paths": "dirty", "fail-on": "error", "args": "--ignore\nMCP012"})
        check("args over two lines: both words reach mcp-lint", code == 0 and len(annotations(out)) == 4, (code, out))
        code, out, _, _ = runner.run({"paths": "dirty", "args": "--ignore MCP012\n--ignore MCP002\n"})
        check("args, one flag per line", len(annotations(out)) == 3 and "MCP002" not in out, (code, out))

        # sarif-file: the name written is the name output; a line break inside is refused.
        code, out, _, outputs = runner.run({"paths": "dirty", "sarif-file": "block.sarif\n"})
        check("sarif-file with a trailing newline: written and output as one name",
              outputs.get("sarif-file") == "block.sarif" and (ws / "block.sarif").is_file()
              and not (ws / "block.sarif\n").exists(), (outputs, sorted(p.name for p in ws.iterdir())))
        code, out, _, outputs = runner.run({"paths": "dirty", "sarif-file": "one.sarif\ntwo.sarif"})
        check("sarif-file with a line break inside: refused", code == 2 and outputs.get("exit-code") == "2"
              and "sarif-file must be one path" in out and not any(ws.glob("one.sarif*")), (code, out, outputs))

        literal = Path("/tmp/pwned")
        if literal.exists():
            literal.unlink()
        code, out, _, _ = runner.run({"paths": "$(touch /tmp/pwned)", "args": "$(touch /tmp/pwned)"})
        check("`$(touch /tmp/pwned)` does not run", not literal.exists() and code == 2, code)

        # One path per line allows spaces.
        shutil.copytree(ws / "clean", ws / "my server")
        code, out, summary, _ = runner.run({"paths": "my server\n"})
        check("a path with a space, one per line", code == 0 and "| `my server` | 2 |" in summary, (code, summary))

        install_checks(runner, bin_dir, tmp, ws)

    print(f"\naction: {len(PASSED)} passed, {len(FAILED)} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
