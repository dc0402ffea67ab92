// How every module of epochcalc (the core, the what-ifs, the fit) talks to its JavaScript wrapper: plain
// C exports, no embind (its runtime was about 5 KB gzip, bench/REPORT.md). Text crosses as UTF-8 bytes:
// wasm/epochcalc.js writes each argument into a buffer this file hands out (epochcalc_argument), calls,
// and copies the reply's bytes out (epochcalc_reply_data and _size) before it returns, so nothing is kept
// from one call to the next but the buffers themselves. A reply is the engine's tape of its document
// (engine/src/contract/reply_tape.hpp), one transport for every module; the listings and the schema,
// read once, are JSON text. Included by one bindings file of each module.
#pragma once

#include <emscripten/emscripten.h>

#include <array>
#include <cstddef>
#include <string>

namespace epochcalc::wasm {

// The arguments of the next call (what each is: the module's bindings file says), and its reply.
inline std::array<std::string, 4> arguments;
inline std::string reply;

inline const std::string& argument(int i) { return arguments[static_cast<std::size_t>(i)]; }

}  // namespace epochcalc::wasm

extern "C" {

// Room for argument `i` (0 to 3) of `size` bytes, for the wrapper to write into.
EMSCRIPTEN_KEEPALIVE inline char* epochcalc_argument(int i, std::size_t size) {
  std::string& a = epochcalc::wasm::arguments[static_cast<std::size_t>(i) % epochcalc::wasm::arguments.size()];
  a.assign(size, '\0');
  return a.data();
}

EMSCRIPTEN_KEEPALIVE inline const char* epochcalc_reply_data() { return epochcalc::wasm::reply.data(); }
EMSCRIPTEN_KEEPALIVE inline std::size_t epochcalc_reply_size() { return epochcalc::wasm::reply.size(); }

}  // extern "C"
