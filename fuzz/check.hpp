// What every fuzz target checks of a reply, beyond "it did not crash": the text is one valid JSON
// object with a known "schema"; no NaN or Infinity anywhere (as a bare word, or as a number that
// overflowed); an error document lists at least one error, each with a known code, a non-empty
// message and a path that is "" or a JSON pointer; and no reply is E_INTERNAL, which errors.hpp calls
// a bug in epochcalc, never the user's fault. A broken invariant aborts, so libFuzzer keeps the input.
// The bodies are in check.cpp, compiled once for all targets.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/model/errors.hpp"

namespace epochcalc::fuzz {

using json = nlohmann::ordered_json;

// Prints what broke and the start of the reply (or any context), then aborts.
[[noreturn]] void fail(std::string_view what, std::string_view reply = {});
inline void expect(bool ok, std::string_view what, std::string_view reply = {}) {
  if (!ok) fail(what, reply);
}

// Compact JSON text, invalid UTF-8 replaced (as the engine writes its replies).
std::string text_of(const json& document);
bool valid_utf8(std::string_view text);

// One error value (typed API): known code, not E_INTERNAL, path "" or a JSON pointer, a message.
void expect_error_value(const Error& e, std::string_view context);
void expect_errors(const Errors& errors, std::string_view context);

// Every check above on one reply; returns it parsed. `schemas` lists the success schemas the call may
// return; the error schema is always allowed.
json check_reply(std::string_view reply, std::initializer_list<std::string_view> schemas, std::string_view call);
bool is_error(const json& document);
// A result without where each overhead came from (host/accelerator .overheads.sources) and without the
// words of its slip warnings: what a solve of its own normalized scenario, or of its expansion, keeps.
// Those write every value out (in SI units), so their sources say "scenario" where the original said
// preset, profile or default, and a slip warning quotes the value as written there.
json numbers_of(json result);

// The module's reply (a tape, api.hpp) read back into the document it stands for, as
// wasm/epochcalc.js reads it (a series becomes an array), then checked as check_reply checks text.
// A tape that does not decode (sizes that disagree, an unknown token, a word out of the list, text or
// numbers running past their area, unbalanced brackets, bytes after the document) aborts.
json check_tape(std::string_view reply, std::initializer_list<std::string_view> schemas, std::string_view call);

}  // namespace epochcalc::fuzz
