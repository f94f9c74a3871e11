#!/usr/bin/env bash
# Builds every libFuzzer target of the Fuzz/ package (with AddressSanitizer) in one invocation, then runs
# them two at a time (one per core), each for a bounded time, from the committed seed corpus.
#   bash scripts/fuzz.sh [SECONDS] [TARGET…]                 # SECONDS per target (default 60)
#   bash scripts/fuzz.sh --merge-seeds SECONDS [TARGET…]     # then fold the finds into the committed seeds
#   bash scripts/fuzz.sh --campaign MINUTES [TARGET…]        # MINUTES per target, merge, and log the campaign
# A TARGET may carry its own time after a colon (fuzz-transactions:40): the slow targets can get longer than the
# fast ones in one run, which keeps both cores busy to the end.
# Each target starts from Fuzz/Corpus/<target> and writes what it finds to .build-fuzz/corpus/<target>; a crash
# leaves its input in .build-fuzz/artifacts/ and fails the script (a campaign runs the other targets to the end
# first). Prints the executions per target. Inputs reach libFuzzer's full length (4 096 bytes) from the start
# (-len_control=0): a short run would otherwise stay with inputs of a few bytes.
# Every run also reads Fuzz/Regressions/<target>: inputs that once failed, kept as they are (a merge would drop one
# that adds no coverage once fixed), so each run replays them first.
# Merging replaces a target's seeds by the minimal set that keeps the coverage of the old seeds and the new finds
# (libFuzzer's -merge=1). A campaign also appends one line per target to Reliability/campaigns.tsv: date, commit, CPU,
# seconds, executions, seeds after the merge, coverage (edges and features at the end of the run), crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/fuzz.sh [SECONDS] [TARGET[:SECONDS]…] | --merge-seeds SECONDS [TARGET[:SECONDS]…] | --campaign MINUTES [TARGET[:MINUTES]…]"
mode=run
case "${1:-}" in
  --merge-seeds) mode=merge; shift ;;
  --campaign) mode=campaign; shift ;;
esac
seconds="${1:-60}"
shift || true
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || { echo "$usage" >&2; exit 2; }
[ "$mode" != campaign ] || seconds=$((seconds * 60))
all=(fuzz-key-paths fuzz-decomposition fuzz-layer-trees fuzz-batch fuzz-animations fuzz-layer-mutations fuzz-transactions)
requested=("$@")
[ ${#requested[@]} -gt 0 ] || requested=("${all[@]}")
targets=()
declare -A time_of
for r in "${requested[@]}"; do
  t="${r%%:*}" own="${r#*:}"
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz: unknown target $t (targets: ${all[*]})" >&2; exit 2; }
  if [ "$r" = "$t" ]; then time_of[$t]=$seconds
  else
    [[ "$own" =~ ^[0-9]+$ ]] && [ "$own" -gt 0 ] || { echo "$usage" >&2; exit 2; }
    time_of[$t]=$own
    [ "$mode" != campaign ] || time_of[$t]=$((own * 60))
  fi
  targets+=("$t")
done
# The commit the binaries are built from (edits made while a long campaign runs do not change it).
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Tests Fuzz ':!Fuzz/Corpus' || echo "+changes")

# Let a failed precondition reach libFuzzer directly (the runtime's backtracer trips ASan while it reads memory).
export SWIFT_BACKTRACE=enable=no
# No allocation stacks: recording one per allocation was a sixth of an input's time. A report still names the
# faulting access and its stack; ASAN_OPTIONS=malloc_context_size=30 on the reproducer gives the allocation's too.
export ASAN_OPTIONS="malloc_context_size=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
build=(swift build --package-path Fuzz --scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address -Xlinker --build-id)
mkdir -p .build-fuzz/artifacts
# A campaign builds from scratch (the corpora and artifacts stay): an incremental build here has mixed objects
# compiled before and after a change of a type's layout, and the mix crashed in unrelated code.
[ "$mode" != campaign ] || rm -rf .build-fuzz/release .build-fuzz/x86_64-unknown-linux-gnu .build-fuzz/release.yaml
if ! "${build[@]}" >.build-fuzz/build.log 2>&1; then
  grep -E "error" .build-fuzz/build.log >&2 || tail -20 .build-fuzz/build.log >&2
  echo "fuzz: build failed" >&2
  exit 1
fi
if grep -E "^$PWD/(Fuzz|Sources|Tests)/.*: warning:" .build-fuzz/build.log; then
  echo "fuzz: the build printed warnings in our own code (above)" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)"

run() {
  local t="$1" log=".build-fuzz/$1.log" seconds="${time_of[$1]}"
  mkdir -p ".build-fuzz/corpus/$t" "Fuzz/Corpus/$t"
  local regressions=()
  [ -d "Fuzz/Regressions/$t" ] && regressions=("Fuzz/Regressions/$t")
  if "$bin/$t" ".build-fuzz/corpus/$t" "Fuzz/Corpus/$t" "${regressions[@]}" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
       -rss_limit_mb=4096 -len_control=0 -artifact_prefix=".build-fuzz/artifacts/$t-" >"$log" 2>&1; then
    echo "fuzz $t: $(executions "$log") executions in ${seconds} s from $(find "Fuzz/Corpus/$t" -type f | wc -l) seeds, no crash"
  else
    echo "fuzz $t: FAILED (see $log and .build-fuzz/artifacts/)" >&2
    grep -E "ERROR|panic|Fatal error|Precondition failed|SUMMARY" "$log" | head -5 >&2 || true
    return 1
  fi
}
executions() { awk '/stat::number_of_executed_units/ {print $2}' "$1" | tail -1; }

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
[ "$mode" != run ] || exit "$status"

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') (family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 '^model[[:space:]]' /proc/cpuinfo | cut -d: -f2 | tr -d ' '))"
log=Reliability/campaigns.tsv
[ -s "$log" ] || printf 'date\tcommit\tcpu\ttarget\tseconds\texecutions\tseeds\tcoverage\tcrashes\n' > "$log"
for t in "${targets[@]}"; do
  merged=".build-fuzz/merged/$t"
  rm -rf "$merged" && mkdir -p "$merged"
  if ! "$bin/$t" -merge=1 "$merged" "Fuzz/Corpus/$t" ".build-fuzz/corpus/$t" >".build-fuzz/$t-merge.log" 2>&1; then
    echo "fuzz $t: the merge failed (see .build-fuzz/$t-merge.log); seeds unchanged" >&2
    status=1
    continue
  fi
  rm -rf "Fuzz/Corpus/$t" && mv "$merged" "Fuzz/Corpus/$t"
  seeds=$(find "Fuzz/Corpus/$t" -type f | wc -l)
  echo "fuzz $t: seed corpus $seeds inputs, $(( $(du -sb "Fuzz/Corpus/$t" | cut -f1) / 1024 )) KiB"
  [ "$mode" = campaign ] || continue
  crashes=$(find .build-fuzz/artifacts -name "$t-*" -newer ".build-fuzz/build.log" | wc -l)
  coverage=$(grep -oE "cov: [0-9]+ ft: [0-9]+" ".build-fuzz/$t.log" | tail -1 | awk '{print $2 " edges, " $4 " features"}')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$commit" "$cpu" "$t" "${time_of[$t]}" \
    "$(executions ".build-fuzz/$t.log" || true)" "$seeds" "${coverage:-?}" "$crashes" >> "$log"
done
[ "$mode" != campaign ] || echo "fuzz: campaign logged in $log (executions per target so far: $(awk -F'\t' 'NR > 1 {n[$4] += $6} END {for (t in n) printf "%s %d, ", t, n[t]}' "$log"))"
exit "$status"
