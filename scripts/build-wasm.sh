#!/usr/bin/env bash
# Builds the WebAssembly module (build/wasm/wasm/: epochcalc.js, epochcalc_core.js/.wasm, .d.ts)
# and the doctest suite as wasm. Works with Debian's emscripten package or an emsdk on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

em=$(command -v em++) || { echo "build-wasm: em++ not found; run scripts/setup.sh or activate emsdk" >&2; exit 1; }
# The Emscripten root holds cmake/Modules/Platform/Emscripten.cmake: /usr/share/emscripten for the
# Debian package (em++ is a link into it), upstream/emscripten for an emsdk.
root=$(dirname "$(readlink -f "$em")")
toolchain="$root/cmake/Modules/Platform/Emscripten.cmake"
[ -f "$toolchain" ] || { echo "build-wasm: no Emscripten.cmake under $root" >&2; exit 1; }
# Debian's em++ finds its acorn module only here (node 20 does not look there by itself).
[ -d /usr/share/nodejs ] && export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

# Not emcmake: it makes ctest run node with a flag node 20 rejects; the plain node path works.
cmake -S . -B build/wasm -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" \
  -DCMAKE_BUILD_TYPE=MinSizeRel >/dev/null
cmake --build build/wasm -j"$(nproc 2>/dev/null || echo 2)"
