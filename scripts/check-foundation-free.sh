#!/usr/bin/env bash
# Checks that `import CAMathBatch` alone loads neither Foundation nor the layer and animation modules: a file
# that imports only CAMathBatch is type-checked against the modules of a build, and the compiler's trace of
# every module it loaded (-emit-loaded-module-trace) must name none of them. A file importing CAMathLayer is
# the control: its trace must name Foundation.
#   bash scripts/check-foundation-free.sh [build-folder]    (default: the debug build in .build, made if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-}"
if [ -z "$build" ]; then
  swift build --target CAMathBatch >/dev/null
  build="$(swift build --show-bin-path)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The modules a file importing $1 loads, by name (a toolchain module is Name.swiftmodule/<triple>.swiftmodule).
loaded_by() {
  printf 'import %s\n' "$1" > "$work/import_$1.swift"
  swiftc -typecheck -module-name ImportCheck "$work/import_$1.swift" -I "$build/Modules" \
    -Xcc -fmodule-map-file="$build/_CAMathKernels.build/module.modulemap" \
    -emit-loaded-module-trace-path "$work/$1.json"
  python3 -c '
import json, sys
names = set()
for path in json.load(open(sys.argv[1]))["swiftmodules"]:
    names.add(next(part for part in path.split("/") if part.endswith(".swiftmodule"))[:-len(".swiftmodule")])
print(" ".join(sorted(names)))' "$work/$1.json"
}
# The control: the check must see Foundation where it is loaded, or it proves nothing.
control=$(loaded_by CAMathLayer)
if [[ " $control " != *" Foundation "* ]]; then
  echo "error: the check does not see Foundation in import CAMathLayer ($control)" >&2
  exit 1
fi
loaded=$(loaded_by CAMathBatch)
echo "import CAMathBatch loads: $loaded"
for forbidden in Foundation FoundationEssentials CAMathLayer CAMathAnimation CAMathLayerBatch CAMathAnimationBatch; do
  if [[ " $loaded " == *" $forbidden "* ]]; then
    echo "error: import CAMathBatch loads $forbidden" >&2
    exit 1
  fi
done
echo "import CAMathBatch: no Foundation, no layer or animation module (import CAMathLayer, the control, loads Foundation)"
