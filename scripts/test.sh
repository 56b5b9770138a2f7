#!/usr/bin/env bash
# Installs what is missing, builds everything and runs the whole test suite:
# lit pass tests, GoogleTest suites, the kernel corpus and the examples
# (each compiled with lanes++ and library-only), and the fuzz smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
