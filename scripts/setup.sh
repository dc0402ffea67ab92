#!/usr/bin/env bash
# Installs what epochcalc needs to build and test, and nothing that is already there.
# Debian/Ubuntu: apt packages (as root, or with sudo). Other systems: prints what to install.
# npm packages come from package-lock.json. Safe to run again; quiet when all is in place.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(cmake g++ make nlohmann-json3-dev doctest-dev emscripten chromium chromium-headless-shell python3-numpy clang libclang-rt-14-dev)
missing=()
lean=()  # installed without their recommended packages
have_header() { [ -e "/usr/include/$1" ] || [ -e "/usr/local/include/$1" ] || [ -e "/opt/homebrew/include/$1" ]; }
# scripts/measure.py and its test need NumPy; a python3 early on PATH (pyenv) may lack it where Debian's has it.
have_numpy() { local py; for py in /usr/bin/python3 python3; do "$py" -c 'import numpy' >/dev/null 2>&1 && return 0; done; return 1; }
# The sanitize build (scripts/build-sanitize.sh: the suite under ASan and UBSan, and the fuzz targets)
# needs clang and libFuzzer's runtime: a trivial fuzz target must link with the preset's sanitizers.
have_libfuzzer() {
  local dir ok=1
  command -v clang++ >/dev/null || return 1
  dir=$(mktemp -d) || return 1
  printf '%s\n' '#include <cstddef>' '#include <cstdint>' \
    'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }' >"$dir/fuzz.cpp"
  if clang++ -fsanitize=fuzzer,address,undefined "$dir/fuzz.cpp" -o "$dir/fuzz" >/dev/null 2>&1; then ok=0; fi
  rm -rf "$dir"
  return $ok
}
# Debian names libFuzzer's runtime after clang's major version (bookworm: clang 14, libclang-rt-14-dev;
# older Ubuntu ships it in libclang-common-N-dev). Asked after apt-get update, when the lists are there.
clang_runtime_package() {
  local major
  major=$(clang++ -dumpversion 2>/dev/null | cut -d. -f1)
  [ -n "$major" ] || major=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9][0-9]*\)$/\1/p' | head -n1)
  major=${major:-14}
  if ! apt-cache show "libclang-rt-$major-dev" >/dev/null 2>&1 && apt-cache show "libclang-common-$major-dev" >/dev/null 2>&1; then
    echo "libclang-common-$major-dev"
  else
    echo "libclang-rt-$major-dev"
  fi
}
command -v cmake >/dev/null || missing+=(cmake)
command -v g++ >/dev/null || command -v clang++ >/dev/null || missing+=(g++)
command -v make >/dev/null || missing+=(make)
have_header nlohmann/json.hpp || missing+=(nlohmann-json3-dev)
have_header doctest/doctest.h || missing+=(doctest-dev)
command -v em++ >/dev/null || missing+=(emscripten)
[ -x "${EPOCHCALC_CHROMIUM:-/usr/bin/chromium}" ] || missing+=(chromium)
# Chromium's headless shell runs the browser tests and the build's prerender for about half the CPU of
# the full browser (scripts/chromium.mjs); where the package manager has none, the full browser does.
[ -x "${EPOCHCALC_HEADLESS_SHELL:-/usr/bin/chromium-headless-shell}" ] || ! command -v apt-get >/dev/null || missing+=(headless-shell)
have_numpy || missing+=(python3-numpy)
# npm test (setup.sh --test) also builds the engine's Python extension and runs its tests: the Python
# headers, pybind11 and pytest for Debian's python3 (scripts/build-python.sh picks that Python).
# npm run bench (setup.sh --bench) builds it too, and times it beside pint (bench/pint_anchor.py, whose
# calls of the package a test runs once).
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--bench" ]; then
  /usr/bin/python3 -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null || missing+=(python3-dev)
  /usr/bin/python3 -c 'import pybind11' 2>/dev/null || missing+=(python3-pybind11 pybind11-dev)
  /usr/bin/python3 -c 'import pint' 2>/dev/null || missing+=(python3-pint)
fi
if [ "${1:-}" = "--test" ]; then
  /usr/bin/python3 -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
  # The install test pip-installs python/ into a virtual environment that sees the system's packages, as
  # the README says: Debian's pip (with setuptools and wheel, which it depends on) does the install.
  /usr/bin/python3 -c 'import setuptools, wheel, pip' 2>/dev/null || missing+=(python3-pip)  # setuptools first: its distutils shim must load before pip's
  # The notebook test executes a notebook headless and exports it (nbconvert, an IPython kernel): their
  # recommended packages (plotting, symbolic maths) are not needed, so they are installed apart, without.
  /usr/bin/python3 -c 'import nbformat, nbconvert, ipykernel' 2>/dev/null || lean+=(python3-nbformat python3-nbconvert python3-ipykernel)
  # Sweep.to_pandas() is tested against pandas itself (optional for users: the package works without it).
  /usr/bin/python3 -c 'import pandas' 2>/dev/null || lean+=(python3-pandas)
fi
command -v clang++ >/dev/null || missing+=(clang)
have_libfuzzer || missing+=(libfuzzer)  # named after apt-get update (clang_runtime_package)
# Only the shell missing, and the package lists as they are do not have it: no apt-get update on every run.
if [ "${missing[*]}" = headless-shell ] && ! apt-cache show chromium-headless-shell >/dev/null 2>&1; then missing=(); fi

if [ ${#lean[@]} -gt 0 ] && command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q >/dev/null
  echo "setup: installing ${lean[*]} with apt-get (no recommended packages)"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${lean[@]}" >/dev/null
elif [ ${#lean[@]} -gt 0 ]; then
  missing+=("${lean[@]}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q >/dev/null
    for i in "${!missing[@]}"; do [ "${missing[$i]}" != libfuzzer ] || missing[$i]=$(clang_runtime_package); done
    for i in "${!missing[@]}"; do
      [ "${missing[$i]}" = headless-shell ] || continue
      if apt-cache show chromium-headless-shell >/dev/null 2>&1; then missing[$i]=chromium-headless-shell; else unset 'missing[i]'; fi
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "setup: installing ${missing[*]} with apt-get"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null
    fi
  else
    cat >&2 <<MSG
setup: missing ${missing[*]}.
Install them with your package manager: a C++20 compiler, CMake >= 3.20, nlohmann-json 3.10+,
doctest 2.4+, Emscripten (emsdk: put em++ on PATH), Chromium (set EPOCHCALC_CHROMIUM to its path),
NumPy for python3, clang with libFuzzer and the ASan/UBSan runtimes (the sanitize build), and for the
tests the Python headers, pybind11 and pytest (and pint for npm run bench).
MSG
    exit 1
  fi
fi

# Node 18+ is needed for the build scripts and node's test runner.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 18 ]; then
  echo "setup: Node.js 18 or newer is needed (found ${node_major}); install it and run again" >&2
  exit 1
fi

# npm packages: install when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi
