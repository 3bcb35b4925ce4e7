#!/usr/bin/env bash
# Install mcp-lint the ways a user without a Rust toolchain does, from the
# artefacts of the release build CI already made (target/release), offline:
#
#   1. the PyPI wheel: `maturin build --release --locked` (reuses the release
#      build: same profile and flags), then `pip install --no-index
#      --find-links dist/` into a fresh venv, then run on the demo server;
#   2. the `language: python` pre-commit hook (pre-commit/) through
#      `pre-commit try-repo`, pip pointed at that wheel with PIP_FIND_LINKS;
#   3. the npm packages: `npm pack` of the launcher and the linux-x64 platform
#      package, `npm install --offline` of both tarballs into a scratch
#      project, `npx mcp-lint .` on the demo server.
#
# Each step prints how long it took.
#
#   scripts/test-packages.sh    # MCP_LINT_VENV=DIR: a venv with pre-commit and maturin
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mcp-lint-packages.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
BIN=${CARGO_TARGET_DIR:-$REPO/target}/release/mcp-lint
export NO_COLOR=1

VENV=${MCP_LINT_VENV:-$WORK/tools}
if [ ! -x "$VENV/bin/maturin" ] || [ ! -x "$VENV/bin/pre-commit" ]; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check pre-commit "maturin>=1.7,<2"
fi

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
now() { python3 -c 'import time; print(time.monotonic())'; }
took() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}s')" "$1" "$(now)"; }

# run_demo NAME CMD…: the demo server has findings on purpose (exit 1, 5 findings).
run_demo() {
    local name=$1
    shift
    set +e
    out=$("$@" 2>&1)
    code=$?
    set -e
    if [ "$code" -eq 1 ] && grep -q 'Found 4 findings' <<<"$out"; then
        ok "$name"
    else
        echo "$out" | sed 's/^/    /'
        fail "$name (exit $code)"
    fi
}

[ -x "$BIN" ] || { echo "$BIN not found: run cargo build --release --locked first" >&2; exit 2; }

# -- 1. the wheel ------------------------------------------------------------
start=$(now)
(cd "$REPO" && "$VENV/bin/maturin" build --release --locked --quiet --out "$WORK/dist" 2>&1) | sed 's/^/    /'
echo "maturin build (reusing the release build): $(took "$start")"
wheel=$(ls "$WORK"/dist/mcp_lint_cli-*.whl)
if cmp -s <(python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.stdout.buffer.write(z.read(next(n for n in z.namelist() if n.endswith("/scripts/mcp-lint"))))' "$wheel") "$BIN"; then
    ok "the wheel holds the release binary itself"
else
    fail "the wheel holds the release binary itself"
fi
if python3 -c 'import sys, zipfile; names = zipfile.ZipFile(sys.argv[1]).namelist(); sys.exit(any(n.endswith("cargo-mcp-lint") for n in names))' "$wheel"; then
    ok "the wheel holds mcp-lint only (no cargo-mcp-lint)"
else
    fail "the wheel holds mcp-lint only (no cargo-mcp-lint)"
fi

python3 -m venv "$WORK/user-venv"
start=$(now)
"$WORK/user-venv/bin/pip" install --quiet --disable-pip-version-check --no-index --find-links "$WORK/dist" mcp-lint-cli
echo "pip install --no-index --find-links dist/ mcp-lint-cli: $(took "$start")"
run_demo "pip: mcp-lint runs on the demo server" \
    env -C "$REPO" PATH="$WORK/user-venv/bin:/usr/bin:/bin" mcp-lint check examples/notes-server

# -- 2. the python pre-commit hook -------------------------------------------
# pre-commit/ is published as its own repository: make it one.
hook_repo="$WORK/mcp-lint-pre-commit"
cp -R "$REPO/pre-commit" "$hook_repo"
git -C "$hook_repo" init -q
git -C "$hook_repo" add -A
git -C "$hook_repo" -c user.name=ci -c user.email=ci@example.invalid commit -q -m hook
project="$WORK/project"
cp -R "$REPO/tests/fixtures/ci/dirty" "$project"
git -C "$project" init -q
git -C "$project" add -A
git -C "$project" -c user.name=ci -c user.email=ci@example.invalid commit -q -m fixture
# No Rust toolchain on PATH: the hook cannot compile anything, it must use the wheel.
no_rust="$VENV/bin:/usr/bin:/bin"
if PATH=$no_rust command -v cargo >/dev/null; then
    echo "cargo is in $no_rust: the check below would prove nothing" >&2
    exit 2
fi
start=$(now)
set +e
out=$(cd "$project" && PATH=$no_rust PRE_COMMIT_HOME="$WORK/pre-commit-home" PIP_FIND_LINKS="$WORK/dist" \
    "$VENV/bin/pre-commit" try-repo "$hook_repo" mcp-lint --all-files 2>&1)
code=$?
set -e
echo "pre-commit try-repo (python hook, installs the wheel): $(took "$start")"
if [ "$code" -eq 1 ] && grep -q '^mcp-lint.*Failed' <<<"$out" && grep -q 'error\[MCP012\]' <<<"$out"; then
    ok "python hook, no Rust toolchain: a server with omissions fails the hook"
else
    echo "$out" | sed 's/^/    /'
    fail "python hook, no Rust toolchain: a server with omissions fails the hook (exit $code)"
fi
# -- 3. npm --------------------------------------------------------------------
stage="$WORK/npm"
start=$(now)
python3 "$REPO/npm/stage.py" launcher --out "$stage" >/dev/null
python3 "$REPO/npm/stage.py" platform --target x86_64-unknown-linux-musl --binary "$BIN" --out "$stage" >/dev/null
(cd "$stage" && npm pack --silent ./mcp-lint ./mcp-lint-linux-x64 >/dev/null)
echo "npm pack (launcher + linux-x64): $(took "$start")"
scratch="$WORK/ts-project"
mkdir -p "$scratch"
cp -R "$REPO/examples/notes-server/." "$scratch/"
printf '{ "name": "scratch", "version": "1.0.0", "private": true }\n' >"$scratch/package.json"
start=$(now)
(cd "$scratch" && npm install --offline --no-audit --no-fund --silent \
    "$stage/mcp-lint-linux-x64-0.1.0.tgz" "$stage/mcp-lint-0.1.0.tgz")
echo "npm install --offline of the two tarballs: $(took "$start")"
run_demo "npx mcp-lint . on the demo server" env -C "$scratch" npx --offline mcp-lint .
set +e
out=$(cd "$scratch" && npx --offline mcp-lint --version 2>&1)
set -e
[ "$out" = "mcp-lint $("$BIN" --version | cut -d' ' -f2)" ] && ok "npx mcp-lint --version" || fail "npx mcp-lint --version: $out"

# Without the platform package the launcher says what is missing.
bare="$WORK/no-platform"
mkdir -p "$bare"
printf '{ "name": "bare", "version": "1.0.0", "private": true }\n' >"$bare/package.json"
(cd "$bare" && npm install --offline --omit=optional --no-audit --no-fund --silent "$stage/mcp-lint-0.1.0.tgz")
set +e
out=$(cd "$bare" && npx --offline mcp-lint . 2>&1)
code=$?
set -e
if [ "$code" -eq 2 ] && grep -q 'the package `mcp-lint-linux-x64` that holds the mcp-lint binary' <<<"$out"; then
    ok "npm: a missing platform package is a clear error"
else
    echo "$out" | sed 's/^/    /'
    fail "npm: a missing platform package is a clear error (exit $code)"
fi

echo
echo "packages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
