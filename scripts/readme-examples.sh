#!/usr/bin/env bash
# README.md's and GUIDE.md's examples as a target: every ```swift block of the README, then of the guide, except
# the Package.swift excerpt, in order, becomes Tests/ReadmeExamples/main.swift (the executable target ReadmeExamples, which imports nothing
# but CAMath; `swift test` builds it with every other target and CAMathTests runs it).
#   bash scripts/readme-examples.sh           # writes the file
#   bash scripts/readme-examples.sh --check   # fails when the file is not what README.md gives (CI)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="$root/Tests/ReadmeExamples/main.swift"
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
{
  echo "// README.md's and GUIDE.md's Swift examples, in order: written by scripts/readme-examples.sh, checked by CI. Edit those."
  awk '
      /^```swift$/ { inBlock = 1; first = 1; next }
      /^```$/ && inBlock { inBlock = 0; print ""; next }
      inBlock {
          if (first && $0 ~ /^\/\/ Package\.swift/) { inBlock = 0; next }
          first = 0
          print
      }
  ' "$root/README.md" "$root/GUIDE.md"
} > "$generated"
if grep -n '^import ' "$generated" | grep -v ':import CAMath$'; then
  echo "error: README.md's examples import more than CAMath (above)" >&2
  exit 1
fi
if [ "${1:-}" = "--check" ]; then
  if ! diff -u "$target" "$generated"; then
    echo "error: Tests/ReadmeExamples/main.swift is not README.md's and GUIDE.md's examples: run bash scripts/readme-examples.sh" >&2
    exit 1
  fi
  echo "readme-examples: Tests/ReadmeExamples/main.swift is the $(cat "$root/README.md" "$root/GUIDE.md" | grep -c '^```swift$') Swift blocks of README.md and GUIDE.md less the Package.swift excerpt"
else
  cp "$generated" "$target"
fi
