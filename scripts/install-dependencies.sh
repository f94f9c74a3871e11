#!/usr/bin/env bash
# Installs the Debian packages a purpose needs, when missing (idempotent; as root, else it says what is
# missing and goes on without them):
#   bash scripts/install-dependencies.sh tests    # OpenBLAS (the .blas path), SIMDe (the emulated AVX2/AVX-512
#                                                 # levels) and what the aarch64 check needs (below)
#   bash scripts/install-dependencies.sh aarch64  # an aarch64 cross gcc and C library, QEMU's user mode
#                                                 # (scripts/aarch64-kernels.sh)
#   bash scripts/install-dependencies.sh bench    # OpenBLAS, Eigen 3.4 and glm 0.9.9 (camath-bench's baselines)
#   bash scripts/install-dependencies.sh format   # clang-format (scripts/format.sh; swift-format comes with Swift)
# Prints the package trait to build with (SIMDe for tests, EigenGLM for bench) when its packages are present.
set -euo pipefail
case "${1:-}" in
  tests) packages=(libopenblas-dev libsimde-dev gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static); trait=SIMDe
         needs=(libsimde-dev) ;;
  aarch64) packages=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static); trait=; needs=() ;;
  bench) packages=(libopenblas-dev libeigen3-dev libglm-dev); trait=EigenGLM; needs=(libeigen3-dev libglm-dev) ;;
  format) packages=(clang-format); trait=; needs=() ;;
  *) echo "usage: scripts/install-dependencies.sh tests|aarch64|bench|format" >&2; exit 2 ;;
esac
installed() { dpkg -s "$1" >/dev/null 2>&1; }
missing=()
for package in "${packages[@]}"; do installed "$package" || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; } >&2
  else
    echo "warning: ${missing[*]} missing and not installable here (not root, or no apt-get): what needs them is skipped, with the reason" >&2
  fi
fi
for package in "${needs[@]}"; do installed "$package" || exit 0; done
[ -z "$trait" ] || echo "$trait"
