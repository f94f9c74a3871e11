#!/usr/bin/env bash
# Measures CAMath's elementary functions and writes Reports/<machine class>/elementary.md: the largest error of
# each function over one million mpmath-checked arguments (scripts/elementary/oracle.py) and the scalar time
# per call beside the C library's (camath-elementary speed). Needs python3 with mpmath.
#   bash scripts/elementary/report.sh [cases-per-function]
set -euo pipefail
cd "$(dirname "$0")/../.."
cases="${1:-1000000}"
oracle="$(mktemp -d)/elementary.oracle"
python3 scripts/elementary/oracle.py --per-function "$cases" --out "$oracle"
swift build --package-path Benchmarks -c release --product camath-elementary
bin="Benchmarks/.build/release/camath-elementary"
machine="$("$bin" machine)"
out="Reports/$(echo "$machine" | head -1)"
mkdir -p "$out"
{
    echo "# CAMath's elementary functions — $(date +%Y-%m-%d)"
    echo
    echo "$machine" | tail -n +2 | sed 's/^/- /'
    echo "- C library: $(ldd --version | head -1)."
    echo
    echo "## Accuracy: $cases arguments per function against mpmath (scripts/elementary/oracle.py, seed 20261124)"
    echo
    "$bin" accuracy "$oracle"
    echo
    echo "## Scalar speed: ns per call, medians of 15 alternated samples of 4 096 calls"
    echo
    "$bin" speed
} > "$out/elementary.md"
rm -f "$oracle"
echo "wrote $out/elementary.md"
