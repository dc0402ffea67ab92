#!/usr/bin/env bash
# Builds the engine's Python extension (python/, pybind11) into build/native/python-package/epochcalc/,
# a folder that is the package: PYTHONPATH=build/native/python-package imports it. It shares the native
# build (position-independent code, CMakePresets.json), so after scripts/build-native.sh only the
# bindings are compiled. The Python is the first of $PYTHON, /usr/bin/python3 and python3 that has its
# headers and pybind11 (Debian: python3-dev, pybind11-dev, python3-pybind11); a pyenv python3 early on
# PATH often has neither. Prints that Python (with --which, only prints it).
set -euo pipefail
cd "$(dirname "$0")/.."
python=""
for candidate in ${PYTHON:-} /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import sysconfig, os, pybind11, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
    python=$(command -v "$candidate")
    break
  fi
done
if [ -z "$python" ]; then
  echo "build-python: no Python with its headers and pybind11 (Debian: apt install python3-dev pybind11-dev python3-pybind11)" >&2
  exit 1
fi
# --which: only that Python, for a job that runs the tests on what an earlier job built.
if [ "${1:-}" = "--which" ]; then
  echo "$python"
  exit 0
fi
# CMake gets the interpreter a virtual environment links to (the same headers and ABI), so that the shared
# cache does not name a venv that may be deleted later (scripts/build-native.sh also repairs that).
interpreter=$("$python" -c 'import os, sys; print(os.path.realpath(sys.executable))')
cmake --preset native -DEPOCHCALC_BUILD_PYTHON=ON -DPYTHON_EXECUTABLE="$interpreter" \
  -Dpybind11_DIR="$("$python" -c 'import pybind11; print(pybind11.get_cmake_dir())')" >/dev/null
cmake --build build/native --target epochcalc_python -j"$(nproc 2>/dev/null || echo 2)" >&2
# The notebook's calculator page and its loader (epochcalc.Calculator), when the web build has written them.
for name in notebook notebook-loader; do
  if [ -f "dist/epochcalc-$name.html" ]; then
    cp -f "dist/epochcalc-$name.html" "build/native/python-package/epochcalc/$name.html"
  fi
done
echo "$python"
