#!/usr/bin/env bash
# Coverage-guided fuzzing of mcp-lint (fuzz/: libFuzzer targets, cargo-fuzz layout).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]   run each TARGET for SECONDS (default 60; all
#                                            targets by default: python typescript go rust java kotlin csharp config)
#   scripts/fuzz.sh 14400 python             four hours on one target
#   FUZZ_JOBS=2 scripts/fuzz.sh 3600 go      libFuzzer's -fork=N: N processes, crashes don't stop it
#   FUZZ_RUNS=1000000 scripts/fuzz.sh 0      stop each target after N executions (0 s: no time bound)
#   FUZZ_MAX_LEN=1024 scripts/fuzz.sh 600     inputs of at most N bytes (libFuzzer's -max_len; by
#                                            default the largest seed's size): shorter inputs run
#                                            faster, so a long run makes more of them
#   scripts/fuzz.sh repro TARGET FILE        run one input again (a crash-* or timeout-* file)
#   scripts/fuzz.sh tmin TARGET FILE         minimise a crashing input
#   FUZZ_OPT_LEVEL=1 scripts/fuzz.sh 10       a build with a fifth less CPU, slower code:
#                                            what CI's short smoke run uses (default 3)
#
# A panic, a stack overflow or one input running past FUZZ_TIMEOUT seconds (default 15) is a
# failure: the input is saved under fuzz/artifacts/TARGET/ and the run exits non-zero.
# The committed seeds in fuzz/corpus/TARGET are only read; what libFuzzer finds on the way is
# kept in $FUZZ_WORK/TARGET (default fuzz/corpus-work, gitignored), so a long run resumes.
#
# Stable Rust, no cargo-fuzz: the targets are built with plain cargo and the SanitizerCoverage
# flags cargo-fuzz itself passes with `-s none` (read from its source, 0.13), for the host
# triple so that build scripts and proc macros stay uninstrumented; the binaries are libFuzzer
# programs, run directly. No sanitizer: the Rust code is safe (panics, stack overflows and
# time are what we look for), and AddressSanitizer needs a nightly runtime.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(python typescript go rust java kotlin csharp config)
triple="$(rustc -vV | sed -n 's/^host: //p')"
bin_dir="fuzz/target/$triple/release"

build() {
    RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-sanitizer-coverage-stack-depth \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks" \
        CARGO_PROFILE_RELEASE_OPT_LEVEL="${FUZZ_OPT_LEVEL:-3}" \
        cargo build --manifest-path fuzz/Cargo.toml --locked --release --target "$triple" --bins
}

case "${1:-}" in
    build)
        build
        exit
        ;;
    repro)
        build
        "$bin_dir/${2:?TARGET}" "${3:?FILE}"
        exit
        ;;
    tmin)
        build
        "$bin_dir/${2:?TARGET}" -minimize_crash=1 -runs=100000 "${3:?FILE}"
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
[ -n "${FUZZ_RUNS:-}" ] && jobs+=(-runs="$FUZZ_RUNS")
[ -n "${FUZZ_MAX_LEN:-}" ] && jobs+=(-max_len="$FUZZ_MAX_LEN")

build
for t in "${TARGETS[@]}"; do
    [ -d "fuzz/corpus/$t" ] || { echo "no such fuzz target: $t (${TARGETS[*]})" >&2; exit 2; }
    mkdir -p "$work/$t" "fuzz/artifacts/$t"
    echo "== fuzz $t for ${seconds} s${FUZZ_RUNS:+ or $FUZZ_RUNS executions}"
    # The first corpus directory receives new inputs; the seeds are only read.
    set +e
    "$bin_dir/$t" "$work/$t" "fuzz/corpus/$t" \
        -artifact_prefix="fuzz/artifacts/$t/" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 "${jobs[@]}" \
        2>&1 | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)'
    code=${PIPESTATUS[0]}
    set -e
    [ "$code" -eq 0 ] || { echo "fuzz target $t failed (exit $code): the input is in fuzz/artifacts/$t/" >&2; exit 1; }
done
