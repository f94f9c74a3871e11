#!/usr/bin/env bash
# Measures CAMath's elementary functions and writes Reports/<date>-<host>-elementary/report.md: the largest
# error of each function over one million mpmath-checked arguments (scripts/elementary/oracle.py) and the
# scalar time per call beside the C library's (camath-elementary speed). Needs python3 with mpmath.
#   bash scripts/elementary/report.sh [cases-per-function]
set -euo pipefail
cd "$(dirname "$0")/../.."
cases="${1:-1000000}"
out="Reports/$(date +%Y-%m-%d)-$(hostname -s)-elementary"
oracle="$(mktemp -d)/elementary.oracle"
mkdir -p "$out"
python3 scripts/elementary/oracle.py --per-function "$cases" --out "$oracle"
swift build -c release --product camath-elementary
cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"
flags="$(grep -o 'avx512[a-z]*\|avx2\|fma' /proc/cpuinfo | sort -u | tr '\n' ' ')"
{
    echo "# CAMath's elementary functions — $(date +%Y-%m-%d), $(hostname -s)"
    echo
    echo "CPU: $cpu ($flags). Swift $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*' | cut -d' ' -f3), release build; C library: $(ldd --version | head -1)."
    echo
    echo "## Accuracy: $cases arguments per function against mpmath (scripts/elementary/oracle.py, seed 20261124)"
    echo
    .build/release/camath-elementary accuracy "$oracle"
    echo
    echo "## Scalar speed: ns per call, medians of 15 alternated samples of 4 096 calls"
    echo
    .build/release/camath-elementary speed
} > "$out/report.md"
rm -f "$oracle"
echo "wrote $out/report.md"
