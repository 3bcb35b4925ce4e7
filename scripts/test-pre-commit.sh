#!/usr/bin/env bash
# Use the pre-commit hook as a user would: install pre-commit from PyPI into
# a virtualenv, make temporary git repositories holding fixture servers,
# each with a `.pre-commit-config.yaml` naming this repository's hook, and
# run `pre-commit run` there. The hook must fail on a server with omissions
# and pass on a clean one; with only the changed file passed, presets
# imported from an unchanged file must still be followed; a staged .mts
# file is linted; a staged file the config excludes is not.
#
# The config names a snapshot of this checkout (a one-commit repository of
# its tracked and untracked files, as `pre-commit try-repo` would make) at
# that commit, and every check shares one PRE_COMMIT_HOME: pre-commit
# installs the hook (`language: rust`: `cargo install --path` on its clone)
# once, on the first check, and the others reuse it, as they would on a
# user's machine. (`try-repo` uses a fresh store per call: it installed the
# hook for every check.) CARGO_TARGET_DIR points at this checkout's target/,
# so the dependencies of the release build that CI already made are reused
# and only the mcp-lint crate itself is compiled.
#
#   scripts/test-pre-commit.sh            # MCP_LINT_VENV=DIR reuses a venv
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mcp-lint-pre-commit.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

VENV=${MCP_LINT_VENV:-$WORK/venv}
if [ ! -x "$VENV/bin/pre-commit" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check pre-commit
fi
PRE_COMMIT="$VENV/bin/pre-commit"
"$PRE_COMMIT" --version

# A fresh pre-commit home: the hook is really installed, once per run.
export PRE_COMMIT_HOME="$WORK/pre-commit-home"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
export NO_COLOR=1

# This checkout as pre-commit will clone it: its files (uncommitted changes
# included, ignored files left out) committed once in a scratch repository.
HOOK_REPO="$WORK/hook-repo"
mkdir -p "$HOOK_REPO"
(cd "$REPO" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -xf - -C "$HOOK_REPO"
git -C "$HOOK_REPO" init -q
git -C "$HOOK_REPO" add -A
git -C "$HOOK_REPO" -c user.name=ci -c user.email=ci@example.invalid commit -q -m "mcp-lint under test"
HOOK_REV=$(git -C "$HOOK_REPO" rev-parse HEAD)

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# new_repo NAME FIXTURE: a git repository holding a copy of a fixture server.
new_repo() {
    local dir="$WORK/$1"
    mkdir -p "$dir"
    cp -R "$REPO/tests/fixtures/ci/$2/." "$dir/"
    cat >"$dir/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $HOOK_REPO
    rev: $HOOK_REV
    hooks:
      - id: mcp-lint
YAML
    git -C "$dir" init -q
    git -C "$dir" add -A
    git -C "$dir" -c user.name=ci -c user.email=ci@example.invalid commit -q -m fixture
    echo "$dir"
}

# run_hook DIR ARGS…: run the hook there; sets $code and $out.
run_hook() {
    local dir=$1
    shift
    set +e
    out=$(cd "$dir" && "$PRE_COMMIT" run mcp-lint "$@" 2>&1)
    code=$?
    set -e
}

dirty=$(new_repo dirty dirty)
start=$(date +%s)
run_hook "$dirty" --all-files
took=$(($(date +%s) - start))
echo "$out" | sed 's/^/    /'
echo "first run (installs the hook: cargo install of this repository): ${took}s"
if [ "$code" -eq 1 ] && grep -q 'warning\[MCP002\]' <<<"$out" && grep -q '^mcp-lint.*Failed' <<<"$out"; then
    ok "a server with omissions fails the hook"
else
    fail "a server with omissions fails the hook (exit $code)"
fi

clean=$(new_repo clean clean)
# An extensionless script that pre-commit types as python: not passed.
printf '#!/usr/bin/env python3\nprint("serve")\n' >"$clean/serve"
chmod +x "$clean/serve"
git -C "$clean" add serve
git -C "$clean" -c user.name=ci -c user.email=ci@example.invalid commit -q -m script
start=$(date +%s)
run_hook "$clean" --all-files
took=$(($(date +%s) - start))
echo "second run (the installed hook is reused): ${took}s"
if [ "$code" -eq 0 ] && grep -q '^mcp-lint.*Passed' <<<"$out"; then
    ok "a clean server passes the hook"
else
    echo "$out" | sed 's/^/    /'
    fail "a clean server passes the hook (exit $code)"
fi

# Only server.py changes: pre-commit passes it alone. The preset it imports
# from the unchanged presets.py must still be read (its definition labelled).
printf '\n# touched\n' >>"$dirty/server.py"
git -C "$dirty" add server.py
run_hook "$dirty"
if [ "$code" -eq 1 ] && grep -q 'presets.py:5:9' <<<"$out" && ! grep -q 'MCP031.*restock' <<<"$out"; then
    ok "with only the changed file passed, the imported preset is still followed"
else
    echo "$out" | sed 's/^/    /'
    fail "with only the changed file passed, the imported preset is still followed (exit $code)"
fi

# A change to a file that is not source: the hook is skipped.
echo "notes" >"$clean/README.md"
git -C "$clean" add README.md
run_hook "$clean"
if [ "$code" -eq 0 ] && grep -q '^mcp-lint.*Skipped' <<<"$out"; then
    ok "no source file changed: the hook is skipped"
else
    echo "$out" | sed 's/^/    /'
    fail "no source file changed: the hook is skipped (exit $code)"
fi

# A staged .mts file: identify has no tag for it, so only `files:` can pick
# it; the hook must lint it (and fail on its omission).
mts=$(new_repo mts ts-module)
printf '\n// touched\n' >>"$mts/server.mts"
git -C "$mts" add server.mts
run_hook "$mts"
if [ "$code" -eq 1 ] && grep -q 'server.mts:7:1' <<<"$out" && grep -q 'warning\[MCP001\]' <<<"$out"; then
    ok "a staged .mts file is linted"
else
    echo "$out" | sed 's/^/    /'
    fail "a staged .mts file is linted (exit $code)"
fi

# The config's `exclude` holds under pre-commit, which names the file
# (the hook passes --force-exclude).
printf 'exclude = ["generated"]\n' >"$clean/mcp-lint.toml"
mkdir -p "$clean/generated"
cp "$REPO/tests/fixtures/ci/dirty/server.py" "$clean/generated/server.py"
git -C "$clean" add mcp-lint.toml generated/server.py
run_hook "$clean"
if [ "$code" -eq 0 ] && grep -q '^mcp-lint.*Passed' <<<"$out"; then
    ok "a staged file the config excludes is not linted"
else
    echo "$out" | sed 's/^/    /'
    fail "a staged file the config excludes is not linted (exit $code)"
fi

echo
echo "pre-commit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
