#!/usr/bin/env bash
# Builds the engine and the epochcalc command-line tool (build/native/cli/epochcalc) from the "native"
# CMake preset; with --all also the native test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=native-app
[ "${1:-}" = "--all" ] && preset=native
cmake --preset native >/dev/null
cmake --build --preset "$preset" -j"$(nproc 2>/dev/null || echo 2)"
