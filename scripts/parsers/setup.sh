#!/usr/bin/env bash
# Install the languages' own parsers that the fix tests re-parse every fixed
# file with, and list in DIR/parsers.txt the ones this machine has:
#   typescript  npm's `typescript` (pinned) in DIR/node_modules: TypeScript/JavaScript
#   gofmt       `gofmt -e`: Debian's golang-go when gofmt is missing and apt can install it
#   javac       javac's parser, when the machine has a JDK (11 or later)
# CPython's `ast` and `syn` (Rust) always run; Kotlin and C# have no parser here.
# Usage: scripts/parsers/setup.sh DIR   then   MCP_LINT_PARSERS=DIR cargo test --test it fix::
set -euo pipefail
dir="${1:?usage: $0 DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
list="$dir/parsers.txt"
: > "$list"

npm install --silent --no-audit --no-fund --no-save --prefix "$dir" typescript@5.9.3 >/dev/null
test -f "$dir/node_modules/typescript/package.json"
echo typescript >> "$list"

if ! command -v gofmt >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # Best effort: a machine without a Debian mirror skips the Go check, and says so.
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends golang-go; } \
        >/dev/null 2>&1 || echo "note: could not install golang-go: fixed Go files are not re-parsed" >&2
fi
command -v gofmt >/dev/null && echo gofmt >> "$list"
command -v java >/dev/null && command -v javac >/dev/null && echo javac >> "$list"
echo "parsers: $(tr '\n' ' ' < "$list")"
