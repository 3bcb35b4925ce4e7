#!/usr/bin/env bash
# Install the real MCP servers that the `probe::real` tests run, into DIR:
#   DIR/memory-old  @modelcontextprotocol/server-memory 0.6.2      (tools carry no annotations)
#   DIR/memory-new  @modelcontextprotocol/server-memory 2026.8.31  (all four hints on every tool)
#   DIR/venv        Python venv with the `mcp` SDK (2.x) for tests/fixtures/probe/sdk-server
# Only the npm and PyPI registries are used; nothing is fetched when the tests run.
# Usage: scripts/probe-servers-setup.sh DIR   then   MCP_LINT_PROBE_SERVERS=DIR cargo test --test it probe::real -- --ignored
set -euo pipefail
dir="${1:?usage: $0 DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
if [ -f "$dir/ready" ]; then
    exit 0
fi
npm_install() {
    npm install --silent --no-audit --no-fund --no-save --prefix "$dir/$1" "@modelcontextprotocol/server-memory@$2" >/dev/null
    test -f "$dir/$1/node_modules/@modelcontextprotocol/server-memory/dist/index.js"
}
npm_install memory-old 0.6.2
npm_install memory-new 2026.8.31
python3 -m venv "$dir/venv"
"$dir/venv/bin/pip" install --quiet --disable-pip-version-check "mcp==2.3.0"
touch "$dir/ready"
