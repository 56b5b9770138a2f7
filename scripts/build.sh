#!/usr/bin/env bash
# Installs what is missing and builds Lanes (compiler, runtime, tools, tests
# and examples) into build/. Extra arguments go to `cmake --build`.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
cmake --build build "$@"
