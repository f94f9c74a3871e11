#!/usr/bin/env bash
# Builds the DocC documentation of every library module with `docc convert`, treating every warning (an
# unresolved link, a missing symbol) as an error:
#   bash scripts/docs.sh [build-dir] [output-dir]
# The symbol graphs come from the modules of an existing build (`swift symbolgraph-extract`, public
# symbols, extensions of other modules' types as extension blocks: what swift-docc-plugin extracts), so
# the documentation needs no compilation of its own; CI passes its AddressSanitizer build. Without a
# build directory it runs `swift build` first and uses that. `swift package generate-documentation`
# (swift-docc-plugin) renders the same catalogs, with one more build.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(CAMath CAMathCore CAMathLayer CAMathAnimation CAMathBatch CAMathLayerBatch CAMathAnimationBatch CAMathEngine CAMathQuartzCore)
build="${1:-}"
output="${2:-.build/documentation}"
if [ -z "$build" ]; then
  swift build >/dev/null
  build="$(swift build --show-bin-path)"
fi
triple="$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"
mkdir -p "$output"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for module in "${modules[@]}"; do
  mkdir -p "$scratch/$module"
  swift symbolgraph-extract -module-name "$module" -I "$build/Modules" \
    -Xcc -fmodule-map-file="$build/_CAMathKernels.build/module.modulemap" -target "$triple" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$scratch/$module"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$scratch/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --output-path "$output/$module.doccarchive" --warnings-as-errors >"$scratch/$module.log" 2>&1 || {
      cat "$scratch/$module.log" >&2
      echo "docs: $module has documentation warnings or errors (above)" >&2
      exit 1
    }
  echo "docs: $module"
done
