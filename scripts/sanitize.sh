#!/usr/bin/env bash
# Runs the test suite (or the tests matching a filter, less those matching a skip pattern) under a
# sanitizer, in its own build folder.
#   bash scripts/sanitize.sh address|thread [filter] [skip]
# Any report fails the run (halt_on_error), and the summary names the sanitizer, the filter and the skip.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?usage: scripts/sanitize.sh address|thread [filter] [skip]}"
filter="${2:-}"
skip="${3:-}"
case "$kind" in
  address) export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" ;;
  thread) export TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" ;;
  *) echo "usage: scripts/sanitize.sh address|thread [filter] [skip]" >&2; exit 2 ;;
esac
# Tests that scale their inputs to what a sanitizer can find (KernelAgreementTests) read this.
export CAMATH_SANITIZER="$kind"
args=(--scratch-path ".build-$kind" --sanitize="$kind")
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --build-tests "${args[@]}" >"$log" 2>&1; then
  grep -E "error" "$log" >&2 || tail -20 "$log" >&2
  echo "sanitize $kind: build failed" >&2
  exit 1
fi
swift test --skip-build "${args[@]}" ${filter:+--filter "$filter"} ${skip:+--skip "$skip"}
echo "sanitize $kind${filter:+ ($filter)}${skip:+ less $skip}: no report"
