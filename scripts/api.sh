#!/usr/bin/env bash
# The public API of the library modules, one sorted line per declaration, in API/<module>.txt — the baseline
# every public change is announced against (the same commit updates it and CHANGELOG.md):
#   bash scripts/api.sh [build-dir]           # writes the baseline
#   bash scripts/api.sh --check [build-dir]   # exits 1, with the difference, when the API is not the baseline
# The declarations come from the modules of an existing build (`swift symbolgraph-extract`, public symbols,
# extensions of other modules' types included), as in scripts/docs.sh; without a build directory it runs
# `swift build` first. Linux's API: the Apple spellings that exist only without QuartzCore are part of it.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
if [ "${1:-}" = --check ]; then check=true; shift; fi
modules=(CAMath CAMathCore CAMathLayer CAMathAnimation CAMathBatch CAMathLayerBatch CAMathAnimationBatch CAMathEngine CAMathQuartzCore)
build="${1:-}"
if [ -z "$build" ]; then
  swift build >/dev/null
  build="$(swift build --show-bin-path)"
fi
triple="$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/api"
for module in "${modules[@]}"; do
  mkdir -p "$scratch/$module"
  swift symbolgraph-extract -module-name "$module" -I "$build/Modules" \
    -Xcc -fmodule-map-file="$build/_CAMathKernels.build/module.modulemap" -target "$triple" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$scratch/$module"
  # One line per symbol: its kind, its path and its declaration; SPI symbols are marked, not part of the promise
  # but listed so that a change of them is seen too.
  python3 - "$scratch/$module" >"$scratch/api/$module.txt" <<'PY'
import json, os, sys
lines = set()
for name in sorted(os.listdir(sys.argv[1])):
    graph = json.load(open(os.path.join(sys.argv[1], name)))
    for symbol in graph.get("symbols", []):
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        path = ".".join(symbol["pathComponents"])
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        spi = " [SPI]" if symbol.get("spi") else ""
        lines.add(f"{kind} {path}{spi}: {declaration}")
print("\n".join(sorted(lines)))
PY
done
if $check; then
  if ! diff -ru API "$scratch/api" >"$scratch/diff"; then
    cat "$scratch/diff"
    echo "api: the public API differs from API/ (above: - baseline, + this build). If the change is meant, run" \
      "'bash scripts/api.sh' and say what changed in CHANGELOG.md, in the same commit." >&2
    exit 1
  fi
  echo "api: the public API of ${#modules[@]} modules matches API/"
else
  rm -rf API
  cp -r "$scratch/api" API
  echo "api: wrote API/ ($(cat API/*.txt | wc -l) declarations)"
fi
