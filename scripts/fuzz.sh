#!/usr/bin/env bash
# Coverage-guided fuzzing of mcp-lint (fuzz/: cargo-fuzz targets on libFuzzer).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]   run each TARGET for SECONDS (default 60; all
#                                            targets by default: python typescript go rust config)
#   scripts/fuzz.sh 14400 python             four hours on one target
#   FUZZ_JOBS=2 scripts/fuzz.sh 3600 go      libFuzzer's -fork=N: N processes, crashes don't stop it
#   scripts/fuzz.sh repro TARGET FILE        run one input again (a crash-* or timeout-* file)
#   scripts/fuzz.sh tmin TARGET FILE         minimise a crashing input
#
# A panic, a stack overflow or one input running past FUZZ_TIMEOUT seconds (default 15) is a
# failure: the input is saved under fuzz/artifacts/TARGET/ and the run exits non-zero.
# The committed seeds in fuzz/corpus/TARGET are only read; what libFuzzer finds on the way is
# kept in $FUZZ_WORK/TARGET (default fuzz/corpus-work, gitignored), so a long run resumes.
#
# Stable Rust only: cargo-fuzz passes a few -Z flags, which RUSTC_BOOTSTRAP=1 allows, and runs
# without a sanitizer (-s none): the Rust code is safe (panics and overflows are what we look
# for), and AddressSanitizer needs a nightly runtime. Coverage is the same SanitizerCoverage
# libFuzzer uses on nightly.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.2
TARGETS=(python typescript go rust config)
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
    echo "installing cargo-fuzz $CARGO_FUZZ_VERSION" >&2
    cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi

fuzz() { cargo fuzz "$1" -s none --fuzz-dir fuzz "${@:2}"; }

case "${1:-}" in
    build)
        fuzz build
        exit
        ;;
    repro)
        fuzz run "${2:?TARGET}" "${3:?FILE}"
        exit
        ;;
    tmin)
        fuzz tmin "${2:?TARGET}" "${3:?FILE}"
        exit
        ;;
esac

seconds="${1:-60}"
shift || true
[ "$#" -gt 0 ] && TARGETS=("$@")
work="${FUZZ_WORK:-fuzz/corpus-work}"
timeout="${FUZZ_TIMEOUT:-15}"
jobs=()
[ -n "${FUZZ_JOBS:-}" ] && jobs=(-fork="$FUZZ_JOBS")

fuzz build
for t in "${TARGETS[@]}"; do
    [ -d "fuzz/corpus/$t" ] || { echo "no such fuzz target: $t (${TARGETS[*]})" >&2; exit 2; }
    mkdir -p "$work/$t"
    echo "== fuzz $t for ${seconds} s"
    # The first corpus directory receives new inputs; the seeds are only read.
    set +e
    fuzz run "$t" "$work/$t" "fuzz/corpus/$t" -- \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 "${jobs[@]}" \
        2>&1 | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)'
    code=${PIPESTATUS[0]}
    set -e
    [ "$code" -eq 0 ] || { echo "fuzz target $t failed (exit $code): the input is in fuzz/artifacts/$t/" >&2; exit 1; }
done
