#!/usr/bin/env bash
# Builds the engine and the epochcalc command-line tool (build/native/cli/epochcalc) from the "native"
# CMake preset; with --all also the native test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=native-app
[ "${1:-}" = "--all" ] && preset=native
# A Python build configured from a virtual environment that is gone since (a pip install's, a test's)
# leaves its interpreter and pybind11 in the shared cache, and every later configure fails: that
# Python build is switched off here (scripts/build-python.sh configures it again with a Python that is there).
cache=build/native/CMakeCache.txt
stale=0
for key in PYTHON_EXECUTABLE pybind11_DIR; do
  value=$(sed -n "s/^$key:[A-Z]*=//p" "$cache" 2>/dev/null || true)
  [ -n "$value" ] && [ ! -e "$value" ] && stale=1
done
if [ "$stale" = 1 ]; then
  cmake --preset native -DEPOCHCALC_BUILD_PYTHON=OFF -UPYTHON_EXECUTABLE -Upybind11_DIR -UPYTHON_LIBRARY -UPYTHON_INCLUDE_DIR >/dev/null
else
  cmake --preset native >/dev/null
fi
cmake --build --preset "$preset" -j"$(nproc 2>/dev/null || echo 2)"
