#!/usr/bin/env bash
# The README's benchmark command: installs what the baselines use (OpenBLAS, Eigen, glm) when missing, then
# runs camath-bench from the Benchmarks package in a release build (the EigenGLM trait when Eigen and glm
# are there). Arguments go to camath-bench (`--help` lists them); run from the repository root, the report
# lands in Reports/.
#   bash scripts/bench.sh [camath-bench arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
traits=$(bash scripts/install-dependencies.sh bench)
exec swift run --package-path Benchmarks -c release ${traits:+--traits "$traits"} camath-bench "$@"
