#!/usr/bin/env bash
# Runs the test suite (or the tests matching a filter, less those matching a skip pattern) under a
# sanitizer, in its own build folder: a debug build, or with --release an optimised one (with testing
# enabled), where the C kernels are vectorised as users get them and the suites run several times faster.
#   bash scripts/sanitize.sh address|thread [--release] [filter] [skip]
# Any report fails the run (halt_on_error), and the summary names the sanitizer, the build, the filter and
# the skip. Under ThreadSanitizer every batch operation takes two threads from one block (256 elements) on
# (Tests/Fixtures/threaded-from-one-block.tuning, unless CAMATH_TUNING names another file): the suites then reach
# the threaded code at the sizes they use, rather than only above the measured thresholds (up to 3e5).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/sanitize.sh address|thread [--release] [filter] [skip]"
kind="${1:?$usage}"
shift
configuration=debug
if [ "${1:-}" = "--release" ]; then
  configuration=release
  shift
fi
filter="${1:-}"
skip="${2:-}"
case "$kind" in
  address) export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" ;;
  thread)
    export TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    export CAMATH_TUNING="${CAMATH_TUNING:-$PWD/Tests/Fixtures/threaded-from-one-block.tuning}" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
args=(--scratch-path ".build-$kind" --sanitize="$kind" -c "$configuration")
[ "$configuration" = debug ] || args+=(-Xswiftc -enable-testing)
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# The test product only (what `swift test` runs).
if ! swift build --product CAMathPackageTests "${args[@]}" >"$log" 2>&1; then
  grep -E "error" "$log" >&2 || tail -20 "$log" >&2
  echo "sanitize $kind: build failed" >&2
  exit 1
fi
swift test --skip-build "${args[@]}" ${filter:+--filter "$filter"} ${skip:+--skip "$skip"}
echo "sanitize $kind ($configuration build)${filter:+ ($filter)}${skip:+ less $skip}${CAMATH_TUNING:+, tuning $CAMATH_TUNING}: no report"
