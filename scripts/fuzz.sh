#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (with AddressSanitizer) and runs each for a bounded time.
#   bash scripts/fuzz.sh [seconds-per-target] [target ...]
# Corpora persist in .build-fuzz/corpus/<target>; a crash leaves its input in .build-fuzz/artifacts/
# and fails the script. Prints the executions per target. Inputs reach libFuzzer's full length (4 096 bytes)
# from the start (-len_control=0): a short run would otherwise stay with inputs of a few bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-key-paths fuzz-decomposition fuzz-layer-trees fuzz-batch fuzz-animations)

export CAMATH_FUZZ=1
# Let a failed precondition reach libFuzzer directly (the runtime's backtracer trips ASan while it reads memory).
export SWIFT_BACKTRACE=enable=no
build=(swift build --scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
       -Xcc -fsanitize=fuzzer-no-link,address -Xlinker --build-id)
mkdir -p .build-fuzz
for t in "${targets[@]}"; do
  if ! "${build[@]}" --product "$t" >".build-fuzz/build-$t.log" 2>&1; then
    grep -E "error" ".build-fuzz/build-$t.log" >&2 || tail -20 ".build-fuzz/build-$t.log" >&2
    echo "fuzz $t: build failed" >&2
    exit 1
  fi
  if grep -E "^$PWD/(Fuzz|Sources)/.*: warning:" ".build-fuzz/build-$t.log"; then
    echo "fuzz $t: the build printed warnings in our own code (above)" >&2
    exit 1
  fi
done
bin="$("${build[@]}" --show-bin-path)"

mkdir -p .build-fuzz/artifacts
status=0
for t in "${targets[@]}"; do
  mkdir -p ".build-fuzz/corpus/$t"
  log=".build-fuzz/$t.log"
  if "$bin/$t" ".build-fuzz/corpus/$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 -len_control=0 \
       -artifact_prefix=".build-fuzz/artifacts/$t-" >"$log" 2>&1; then
    runs=$(awk "/stat::number_of_executed_units/ {print \$2}" "$log")
    echo "fuzz $t: ${runs:-?} executions in ${seconds} s, no crash"
  else
    echo "fuzz $t: FAILED (see $log and .build-fuzz/artifacts/)" >&2
    grep -E "ERROR|panic|Fatal error|Precondition failed|SUMMARY" "$log" | head -5 >&2 || true
    status=1
  fi
done
exit $status
