// The first visit's module: plain C exports over wasm/exchange.hpp (the arguments, the reply, one
// transport for every module). The engine catches every exception itself (api.cpp), so nothing escapes
// as a bare number.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "epochcalc/api/api.hpp"
#include "epochcalc/api/prepared.hpp"
#include "exchange.hpp"

namespace {

// The arguments: the scenario (or a link's parameters), then an edit's path and text, or a sweep's batch
// sizes as float64 bytes; and a prepared scenario's field path, which only its edits write (so a drag
// that sets one field sends the path once).
using epochcalc::wasm::argument;
using epochcalc::wasm::reply;

// The prepared scenarios the wrapper holds, by handle (an index here); null once disposed, and the
// slot is taken again by the next prepare.
std::vector<std::unique_ptr<epochcalc::PreparedScenario>> prepared;

epochcalc::PreparedScenario* handle(int id) {
  const auto i = static_cast<std::size_t>(id);
  return id >= 0 && i < prepared.size() ? prepared[i].get() : nullptr;
}

// An edit's answer: 0 when applied, else 1 with the errors in the reply.
int edited(const epochcalc::Errors& errors) {
  if (errors.empty()) return 0;
  reply = epochcalc::errors_reply(errors);
  return 1;
}

}  // namespace

extern "C" {

// has_sizes 0: the default grid; else argument 1 holds the batch sizes as float64 (checked by the wrapper).
EMSCRIPTEN_KEEPALIVE void epochcalc_evaluate(int has_sizes) {
  if (!has_sizes) {
    reply = epochcalc::evaluate_reply(argument(0), nullptr);
    return;
  }
  std::vector<double> sizes(argument(1).size() / sizeof(double));
  std::memcpy(sizes.data(), argument(1).data(), sizes.size() * sizeof(double));
  reply = epochcalc::evaluate_reply(argument(0), &sizes);
}

// has_edit 0: the document alone (arguments 1 and 2 unread).
EMSCRIPTEN_KEEPALIVE void epochcalc_update(int has_edit) {
  const epochcalc::FieldEdit edit{argument(1), argument(2)};
  reply = epochcalc::update_reply(argument(0), has_edit ? &edit : nullptr);
}

// A prepared scenario (epochcalc/api/prepared.hpp) from argument 0: its handle, or -1 with the errors
// in the reply.
EMSCRIPTEN_KEEPALIVE int epochcalc_prepare() {
  epochcalc::Errors errors;
  auto p = epochcalc::prepare_text(argument(0), errors);
  if (!p) {
    reply = epochcalc::errors_reply(errors);
    return -1;
  }
  for (std::size_t i = 0; i < prepared.size(); ++i)
    if (!prepared[i]) {
      prepared[i] = std::move(p);
      return static_cast<int>(i);
    }
  prepared.push_back(std::move(p));
  return static_cast<int>(prepared.size() - 1);
}

// What a prepared scenario's handle does, one export for all (each export costs the first visit its
// glue): 0 set the field whose path is argument 3 to the number `value` (SI units), 1 to the text in
// argument 2 (both answer 0, or 1 with the errors in the reply); 2 where the result view's numbers are
// (the same memory for the handle's life, result_view.hpp); 3 the result document (a tape) and 4 the
// edited scenario (JSON text) into the reply; 5 dispose; 6 the page's update document of the edited
// scenario (epochcalc_update's, a tape). The wrapper never names a disposed handle.
EMSCRIPTEN_KEEPALIVE std::intptr_t epochcalc_prepared(int id, int op, double value) {
  epochcalc::PreparedScenario& p = *handle(id);
  switch (op) {
    case 0: return edited(p.set(argument(3), value));
    case 1: return edited(p.set(argument(3), argument(2)));
    case 2: return reinterpret_cast<std::intptr_t>(p.view().data());
    case 3: reply = epochcalc::result_reply(p); return 0;
    case 4: reply = epochcalc::document_text(p); return 0;
    case 6: reply = epochcalc::update_reply(p.document()); return 0;
    default: prepared[static_cast<std::size_t>(id)].reset(); return 0;
  }
}

EMSCRIPTEN_KEEPALIVE void epochcalc_read_link() { reply = epochcalc::read_link_reply(argument(0)); }
EMSCRIPTEN_KEEPALIVE void epochcalc_write_link() { reply = epochcalc::write_link_reply(argument(0)); }

// The texts read once: 0 the reply words, 1 the schema, 2 hardware, 3 datasets, 4 presets, 5 profiles,
// 6 the default scenario, 7 the version, 8 the result view's names.
EMSCRIPTEN_KEEPALIVE void epochcalc_text(int which) {
  switch (which) {
    case 0: reply = epochcalc::reply_words_json(); break;
    case 1: reply = epochcalc::schema_json(); break;
    case 2: reply = epochcalc::hardware_json(); break;
    case 3: reply = epochcalc::datasets_json(); break;
    case 4: reply = epochcalc::presets_json(); break;
    case 5: reply = epochcalc::profiles_json(); break;
    case 6: reply = epochcalc::default_scenario_json(); break;
    case 7: reply = std::string(epochcalc::version()); break;
    default: reply = epochcalc::result_view_json(); break;
  }
}

}  // extern "C"
