#!/usr/bin/env bash
# README.md as a new user meets it: every ```swift block of the README except the Package.swift excerpt,
# in order, becomes the main.swift of a fresh package that depends on this one by path and imports
# nothing but `CAMath`. The script builds and runs it and fails on any error, on any warning in the
# examples, and on an example that stops with an error.
#   bash scripts/readme-consumer.sh [work-directory]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work/Sources/ReadmeExamples"

cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ReadmeExamples",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(name: "ReadmeExamples",
                          dependencies: [.product(name: "CAMath", package: "$(basename "$root")")]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE

awk '
    /^```swift$/ { inBlock = 1; first = 1; next }
    /^```$/ && inBlock { inBlock = 0; print ""; next }
    inBlock {
        if (first && $0 ~ /^\/\/ Package\.swift/) { inBlock = 0; next }
        first = 0
        print
    }
' "$root/README.md" > "$work/Sources/ReadmeExamples/main.swift"

if grep -n '^import ' "$work/Sources/ReadmeExamples/main.swift" | grep -v ':import CAMath$'; then
  echo "error: README.md's examples import more than CAMath (above)" >&2
  exit 1
fi
blocks=$(grep -c '^```swift$' "$root/README.md")
echo "readme-consumer: $((blocks - 1)) Swift blocks of README.md, $(wc -l < "$work/Sources/ReadmeExamples/main.swift") lines, in $work"

log="$work/build.log"
(cd "$work" && swift build 2>&1) | tee "$log"
if grep -E "ReadmeExamples/main.swift:[0-9]+:[0-9]+: warning:" "$log"; then
  echo "error: README.md's examples compile with warnings (above)" >&2
  exit 1
fi
(cd "$work" && "$(swift build --show-bin-path)/ReadmeExamples")
echo "readme-consumer: README.md's examples compiled and ran with import CAMath alone"
