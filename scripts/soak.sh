#!/usr/bin/env bash
# The long soak: camath-soak (Benchmarks/) in a release build runs a churning UI — layers and implicit and explicit
# animations coming and going, completion blocks, the frame hook — for FRAMES frames on a manual clock, checks that
# frame time and resident memory stay flat after warm-up, and appends its record to Reliability/soaks.tsv.
#   bash scripts/soak.sh [FRAMES] [LEAVES]      # default: 1 000 000 frames of a 10 000-leaf UI
# Exit codes: 0 flat; 1 grew; 2 bad arguments. The small version is SoakTests in the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-1000000}"
leaves="${2:-10000}"
build=(swift build --package-path Benchmarks -c release --product camath-soak)
buildlog=$(mktemp)
trap 'rm -f "$buildlog"' EXIT
if ! "${build[@]}" >"$buildlog" 2>&1; then
  grep -E "error" "$buildlog" >&2 || tail -20 "$buildlog" >&2
  echo "soak: build failed" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)"
log=Reliability/soaks.tsv
status=0
record=$("$bin/camath-soak" --frames "$frames" --leaves "$leaves") || status=$?
if [ -n "$record" ]; then
  [ -s "$log" ] || printf 'date\tcommit\tcpu\tleaves\tframes\tseconds\tus_per_frame_early\tus_per_frame_late\tMiB_early\tMiB_late\tverdict\n' > "$log"
  echo "$record" >> "$log"
fi
exit "$status"
