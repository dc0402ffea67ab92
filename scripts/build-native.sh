#!/usr/bin/env bash
# Builds the engine, the epochcalc command-line tool (build/native/cli/epochcalc) and the native tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc 2>/dev/null || echo 2)"
