#!/usr/bin/env bash
# The README's test command: installs what the tests use (OpenBLAS, SIMDe) when missing, then runs
# `swift test` with the SIMDe trait when SIMDe is there. Extra arguments go to `swift test`
# (CI adds an optimised AddressSanitizer build: see .ci/run).
#   bash scripts/test.sh [swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
traits=$(bash scripts/install-dependencies.sh tests)
exec swift test ${traits:+--traits "$traits"} "$@"
