#!/usr/bin/env bash
# Builds every libFuzzer target of the Fuzz/ package (with AddressSanitizer) in one invocation, then runs
# them two at a time (one per core), each for a bounded time, from the committed seed corpus.
#   bash scripts/fuzz.sh [seconds-per-target] [target ...]
# Each target starts from Fuzz/Corpus/<target> (read, never written) and writes what it finds to
# .build-fuzz/corpus/<target>; a crash leaves its input in .build-fuzz/artifacts/ and fails the script.
# Prints the executions per target. Inputs reach libFuzzer's full length (4 096 bytes) from the start
# (-len_control=0): a short run would otherwise stay with inputs of a few bytes.
# `bash scripts/fuzz.sh --merge-seeds SECONDS` fuzzes each target for SECONDS and replaces its seed corpus by
# the minimal set that keeps the coverage of the old seeds and the new finds (libFuzzer's -merge=1).
set -euo pipefail
cd "$(dirname "$0")/.."
merge=0
if [ "${1:-}" = "--merge-seeds" ]; then
  merge=1
  shift
fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-key-paths fuzz-decomposition fuzz-layer-trees fuzz-batch fuzz-animations fuzz-layer-mutations fuzz-transactions)

# Let a failed precondition reach libFuzzer directly (the runtime's backtracer trips ASan while it reads memory).
export SWIFT_BACKTRACE=enable=no
# No allocation stacks: recording one per allocation was a sixth of an input's time. A report still names the
# faulting access and its stack; ASAN_OPTIONS=malloc_context_size=30 on the reproducer gives the allocation's too.
export ASAN_OPTIONS="malloc_context_size=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
build=(swift build --package-path Fuzz --scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address -Xlinker --build-id)
mkdir -p .build-fuzz/artifacts
if ! "${build[@]}" >.build-fuzz/build.log 2>&1; then
  grep -E "error" .build-fuzz/build.log >&2 || tail -20 .build-fuzz/build.log >&2
  echo "fuzz: build failed" >&2
  exit 1
fi
if grep -E "^$PWD/(Fuzz|Sources)/.*: warning:" .build-fuzz/build.log; then
  echo "fuzz: the build printed warnings in our own code (above)" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)"

run() {
  local t="$1" log=".build-fuzz/$1.log"
  mkdir -p ".build-fuzz/corpus/$t" "Fuzz/Corpus/$t"
  if "$bin/$t" ".build-fuzz/corpus/$t" "Fuzz/Corpus/$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
       -rss_limit_mb=4096 -len_control=0 -artifact_prefix=".build-fuzz/artifacts/$t-" >"$log" 2>&1; then
    local runs
    runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    echo "fuzz $t: ${runs:-?} executions in ${seconds} s from $(find "Fuzz/Corpus/$t" -type f | wc -l) seeds, no crash"
  else
    echo "fuzz $t: FAILED (see $log and .build-fuzz/artifacts/)" >&2
    grep -E "ERROR|panic|Fatal error|Precondition failed|SUMMARY" "$log" | head -5 >&2 || true
    return 1
  fi
}

status=0
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge 2 ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  run "$t" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
[ "$status" = 0 ] || exit "$status"

if [ "$merge" = 1 ]; then
  for t in "${targets[@]}"; do
    merged=".build-fuzz/merged/$t"
    rm -rf "$merged" && mkdir -p "$merged"
    "$bin/$t" -merge=1 "$merged" "Fuzz/Corpus/$t" ".build-fuzz/corpus/$t" >".build-fuzz/$t-merge.log" 2>&1
    rm -rf "Fuzz/Corpus/$t" && mv "$merged" "Fuzz/Corpus/$t"
    echo "fuzz $t: seed corpus $(find "Fuzz/Corpus/$t" -type f | wc -l) inputs, $(( $(du -sb "Fuzz/Corpus/$t" | cut -f1) / 1024 )) KiB"
  done
fi
