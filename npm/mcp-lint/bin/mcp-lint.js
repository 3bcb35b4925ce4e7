#!/usr/bin/env node
// Runs the mcp-lint binary of the platform package npm installed alongside
// (an optional dependency per os/cpu, as biome and esbuild do): nothing is
// downloaded at install time. MCP_LINT_BINARY overrides the binary.
"use strict";

const { spawnSync } = require("child_process");

const PLATFORMS = {
  "darwin arm64": "mcp-lint-darwin-arm64",
  "darwin x64": "mcp-lint-darwin-x64",
  "linux arm64": "mcp-lint-linux-arm64",
  "linux x64": "mcp-lint-linux-x64",
  "win32 x64": "mcp-lint-win32-x64",
};

function binaryPath() {
  if (process.env.MCP_LINT_BINARY) {
    return process.env.MCP_LINT_BINARY;
  }
  const key = `${process.platform} ${process.arch}`;
  const pkg = PLATFORMS[key];
  if (!pkg) {
    fail(`no prebuilt mcp-lint for ${key}; install it with \`cargo install --locked mcp-lint\` and set MCP_LINT_BINARY`);
  }
  const exe = process.platform === "win32" ? "mcp-lint.exe" : "mcp-lint";
  try {
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch (e) {
    fail(
      `the package \`${pkg}\` that holds the mcp-lint binary for ${key} is not installed; ` +
        "reinstall without --no-optional / --omit=optional"
    );
  }
}

function fail(message) {
  process.stderr.write(`mcp-lint: ${message}\n`);
  process.exit(2);
}

const result = spawnSync(binaryPath(), process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  fail(`cannot run ${result.error.path || "the binary"}: ${result.error.message}`);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 2 : result.status);
