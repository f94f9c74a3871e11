#!/usr/bin/env bash
# The portable C kernels on aarch64, under QEMU. Cross-compiles _CAMathKernels for aarch64-unknown-linux-gnu
# with the flags SwiftPM gives C targets there (debug: -O0; release: -O2), with clang from the Swift toolchain,
# and links each with the replay driver (Tests/_CAMathKernelReplay/driver), statically; builds the same driver
# for x86-64 as the replay's own check. A kernel source that warns on aarch64 fails the build.
#   bash scripts/aarch64-kernels.sh build               # builds (when a source changed); prints the labels
#   bash scripts/aarch64-kernels.sh replay LABEL IN OUT # runs driver LABEL on recording IN (under QEMU for aarch64)
#   bash scripts/aarch64-kernels.sh check [ARGS…]       # CI: installs, builds, then the README's test command
#                                                       # (scripts/test.sh) with ARGS… and `--filter
#                                                       # AArch64PortableKernelTests` (record, replay, play back)
# Needs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user-static (`install-dependencies.sh aarch64`).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-aarch64
kernels=(Sources/_CAMathKernels/*.c)
replay=(Tests/_CAMathKernelReplay/replay_calls.c Tests/_CAMathKernelReplay/replay_file.c Tests/_CAMathKernelReplay/driver/replay_driver.c)
labels=(x86_64-O2 aarch64-O0 aarch64-O2)

clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)

# The flags SwiftPM passes to clang for a C target (swift build -v), per configuration.
flags() {
  case "$1" in
    *-O0) echo "-O0 -DSWIFT_PACKAGE=1 -DDEBUG=1 -fblocks -fPIC -g -fno-omit-frame-pointer" ;;
    *-O2) echo "-O2 -DSWIFT_PACKAGE=1 -fblocks -fPIC -g -fno-omit-frame-pointer" ;;
  esac
}

build_one() {
  local label=$1 target linker dir objects=() log
  case "$label" in
    aarch64-*) target=aarch64-unknown-linux-gnu; linker=aarch64-linux-gnu-gcc ;;
    x86_64-*) target=x86_64-unknown-linux-gnu; linker=cc ;;
  esac
  dir=$out/$label
  mkdir -p "$dir"
  log=$dir/warnings.log
  : > "$log"
  for source in "${kernels[@]}" "${replay[@]}"; do
    local object=$dir/$(basename "$source").o
    # shellcheck disable=SC2046
    "$clang" -target "$target" $(flags "$label") -I Sources/_CAMathKernels/include -DREPLAY_BUILD="\"$label\"" \
      -c "$source" -o "$object" 2>>"$log"
    objects+=("$object")
  done
  "$linker" -static "${objects[@]}" -o "$dir/replay_driver" -lm
  if grep -q "warning:" "$log"; then
    cat "$log" >&2
    echo "error: the kernels print warnings when compiled for $label (above)" >&2
    return 1
  fi
}

build() {
  local missing=()
  [ -x "$clang" ] || missing+=("clang beside swift")
  command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu)
  [ -e /usr/aarch64-linux-gnu/lib/libc.a ] || missing+=(libc6-dev-arm64-cross)
  [ -n "$qemu" ] || missing+=(qemu-user-static)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing ${missing[*]} (bash scripts/install-dependencies.sh aarch64)" >&2
    exit 3
  fi
  # Rebuilt when a source, a header or this script changed.
  local stamp
  stamp=$(cat Sources/_CAMathKernels/*.[ch] Sources/_CAMathKernels/include/*.h Tests/_CAMathKernelReplay/*.[ch] \
              Tests/_CAMathKernelReplay/driver/*.c "$0" | sha256sum | cut -c1-16)
  if [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$out"
    mkdir -p "$out"
    local pids=() label status=0
    for label in "${labels[@]}"; do build_one "$label" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid" || status=1; done
    [ $status = 0 ] || exit 1
    echo "$stamp" > "$out/stamp"
  fi
  printf '%s\n' "${labels[@]}"
}

case "${1:-}" in
  build) build ;;
  replay)
    [ $# = 4 ] || { echo "usage: scripts/aarch64-kernels.sh replay LABEL RECORDING RESULTS" >&2; exit 2; }
    driver=$out/$2/replay_driver
    [ -x "$driver" ] || { echo "error: no driver $2 (bash scripts/aarch64-kernels.sh build)" >&2; exit 2; }
    case "$2" in
      aarch64-*) exec "$qemu" "$driver" "$3" "$4" ;;
      *) exec "$driver" --strict "$3" "$4" ;;
    esac ;;
  check)
    shift
    bash scripts/install-dependencies.sh aarch64 >/dev/null
    build >/dev/null
    exec bash scripts/test.sh "$@" --filter AArch64PortableKernelTests ;;
  *) echo "usage: scripts/aarch64-kernels.sh build | replay LABEL RECORDING RESULTS | check [swift test arguments]" >&2; exit 2 ;;
esac
