#!/usr/bin/env bash
# Builds the WebAssembly module folder (build/wasm/wasm/: epochcalc.js, epochcalc_core.js/.wasm,
# .d.ts) from the "wasm" CMake preset; with --all also the doctest suite as wasm. Works with Debian's
# emscripten package or an emsdk on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

em=$(command -v em++) || { echo "build-wasm: em++ not found; run scripts/setup.sh or activate emsdk" >&2; exit 1; }
# The Emscripten root holds cmake/Modules/Platform/Emscripten.cmake: /usr/share/emscripten for the
# Debian package (em++ is a link into it), upstream/emscripten for an emsdk.
EPOCHCALC_EMSCRIPTEN_ROOT=$(dirname "$(readlink -f "$em")")
[ -f "$EPOCHCALC_EMSCRIPTEN_ROOT/cmake/Modules/Platform/Emscripten.cmake" ] ||
  { echo "build-wasm: no Emscripten.cmake under $EPOCHCALC_EMSCRIPTEN_ROOT" >&2; exit 1; }
# Not emcmake: it makes ctest run node with a flag node 20 rejects; the plain node path works.
EPOCHCALC_NODE=$(command -v node)
export EPOCHCALC_EMSCRIPTEN_ROOT EPOCHCALC_NODE
# Debian's em++ finds its acorn module only here (node 20 does not look there by itself).
[ -d /usr/share/nodejs ] && export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

# The glue is minified by Closure (--closure 1 in wasm/CMakeLists.txt), from the npm package of the
# version this Emscripten was tested with (package.json); Debian's closure-compiler is far older.
closure="$PWD/node_modules/.bin/google-closure-compiler"
[ -x "$closure" ] || { echo "build-wasm: $closure is missing; run npm ci (or bash scripts/setup.sh)" >&2; exit 1; }
export EM_CLOSURE_COMPILER="$closure"

preset=wasm-app
[ "${1:-}" = "--all" ] && preset=wasm
cmake --preset wasm >/dev/null
cmake --build --preset "$preset" -j"$(nproc 2>/dev/null || echo 2)"
