#!/usr/bin/env bash
# Builds, with clang, AddressSanitizer and UndefinedBehaviorSanitizer (the "sanitize" CMake preset,
# build/sanitize): the engine, the epochcalc tool, the doctest suite and the libFuzzer targets of
# fuzz/. npm test runs the whole native suite under the sanitizers, so any memory error, leak, overflow
# or undefined behaviour fails a test, and then fuzzes each target briefly (scripts/fuzz.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
# A build folder configured by another compiler (the preset used g++ before the fuzz targets came)
# cannot switch in place: start it again.
cache=build/sanitize/CMakeCache.txt
if [ -f "$cache" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$cache"; then
  rm -rf build/sanitize
fi
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j"$(nproc 2>/dev/null || echo 2)"
