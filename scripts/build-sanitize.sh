#!/usr/bin/env bash
# Builds the engine, the epochcalc tool and the doctest suite with AddressSanitizer and
# UndefinedBehaviorSanitizer (the "sanitize" CMake preset, build/sanitize): npm test runs the whole
# native suite under them, so any memory error, leak, overflow or undefined behaviour fails a test.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j"$(nproc 2>/dev/null || echo 2)"
