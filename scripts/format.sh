#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the configuration in .swift-format:
#   bash scripts/format.sh           # formats every file in place
#   bash scripts/format.sh --check   # exits 1, showing the difference, when a file is not as swift-format writes it
# Tests/ReadmeExamples/main.swift is left as scripts/readme-examples.sh writes it (the README's own layout). The C
# kernels are laid out by hand (formula tables, several statements a line, macro idioms) and not formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" != --check ] || check=true
files=$(find Sources Tests Benchmarks/Sources Benchmarks/Tests Fuzz -name '*.swift' -not -path 'Tests/ReadmeExamples/*' \
  -not -path '*/.build*' | sort; printf '%s\n' Package.swift Benchmarks/Package.swift)
count=$(echo "$files" | wc -l)
if ! $check; then
  # shellcheck disable=SC2086
  swift-format format --in-place --parallel $files
  echo "format: formatted $count Swift files"
  exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The files are formatted as copies, in one run, and compared with the originals.
# shellcheck disable=SC2086
cp --parents $files "$scratch"
# shellcheck disable=SC2086
(cd "$scratch" && swift-format format --in-place --parallel --configuration "$OLDPWD/.swift-format" $files)
status=0
for file in $files; do
  cmp -s "$file" "$scratch/$file" || { diff -u --label "$file" --label "$file (formatted)" "$file" "$scratch/$file" || true; status=1; }
done
if [ $status -ne 0 ]; then
  echo "format: the Swift files above are not formatted: run 'bash scripts/format.sh'" >&2
  exit 1
fi
echo "format: the $count Swift files are formatted"
