#!/usr/bin/env bash
# Formats the sources: Swift with the toolchain's swift-format (.swift-format), C with clang-format (.clang-format;
# Debian's clang-format 14, which `bash scripts/install-dependencies.sh format` installs):
#   bash scripts/format.sh           # formats every file in place
#   bash scripts/format.sh --check   # exits 1, showing the difference, when a file is not as the tools write it
# Left as they are: Tests/ReadmeExamples/main.swift (scripts/readme-examples.sh writes it, in the README's layout)
# and the generated Sources/_CAMathKernels/recompose_reduced.h. Formula tables that read as the matrices they
# compute sit between `// clang-format off` and `// clang-format on`.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" != --check ] || check=true
swift_files=$(find Sources Tests Benchmarks/Sources Benchmarks/Tests Fuzz -name '*.swift' -not -path 'Tests/ReadmeExamples/*' \
  -not -path '*/.build*' | sort; printf '%s\n' Package.swift Benchmarks/Package.swift)
c_files=$(find Sources/_CAMathKernels Tests/_CAMathKernelsSIMDe Benchmarks/Sources \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) \
  -not -name recompose_reduced.h | sort)
if ! command -v clang-format >/dev/null; then
  echo "format: clang-format is missing: bash scripts/install-dependencies.sh format" >&2
  exit 1
fi
counts="$(echo "$swift_files" | wc -l) Swift and $(echo "$c_files" | wc -l) C files"
if ! $check; then
  # shellcheck disable=SC2086
  swift-format format --in-place --parallel $swift_files
  # shellcheck disable=SC2086
  clang-format -i $c_files
  echo "format: formatted $counts"
  exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The Swift files are formatted as copies, in one run, and compared with the originals.
# shellcheck disable=SC2086
cp --parents $swift_files "$scratch"
# shellcheck disable=SC2086
(cd "$scratch" && swift-format format --in-place --parallel --configuration "$OLDPWD/.swift-format" $swift_files)
status=0
for file in $swift_files; do
  cmp -s "$file" "$scratch/$file" || { diff -u --label "$file" --label "$file (formatted)" "$file" "$scratch/$file" || true; status=1; }
done
# shellcheck disable=SC2086
clang-format --dry-run --Werror $c_files || status=1
if [ $status -ne 0 ]; then
  echo "format: the files above are not formatted: run 'bash scripts/format.sh'" >&2
  exit 1
fi
echo "format: the $counts are formatted"
