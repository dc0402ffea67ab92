// The what-if module's C exports (wasm/CMakeLists.txt), loaded by the wrapper on the first what-if call
// so that the page's first visit does not carry them. The same transport as the core's
// (wasm/exchange.hpp): the scenario in argument 0, the call's own arguments after it (the sweeps and
// the devices as JSON data, which the engine reads: whatif_json.hpp), and every answer a tape in the
// reply, a field sweep's series as Float64Arrays.
#include <optional>
#include <string>

#include "epochcalc/api/api.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/whatif_json.hpp"
#include "exchange.hpp"

namespace {

using epochcalc::wasm::argument;
using epochcalc::wasm::reply;
using json = nlohmann::ordered_json;

// Argument `i` read as JSON: `what` names it in the error, which is then the reply.
std::optional<json> read(int i, const char* what) {
  epochcalc::Errors errors;
  auto document = epochcalc::parse_json_text(argument(i), what, errors);
  if (!document) reply = epochcalc::document_reply(epochcalc::errors_to_json(errors));
  return document;
}

}  // namespace

extern "C" {

// 0 a field sweep (argument 1: the sweeps), 1 solve-for (1: the field, 2: the goal), 2 the break-even
// summary, 3 devices side by side (1: the devices, 2: "" or a sweep of the batch size to compare them
// across), 4 the one-click what-ifs, 5 a CSV (1: of what, 2:
// the sweeps or devices as data or null, 3: the units).
EMSCRIPTEN_KEEPALIVE void epochcalc_whatif(int which) {
  const auto scenario = read(0, "the scenario");
  if (!scenario) return;
  if (which == 0 || which == 3 || which == 5) {
    const auto data = read(which == 5 ? 2 : 1, which == 0 ? "the sweeps" : which == 3 ? "the devices" : "the CSV's request");
    if (!data) return;
    if (which == 0) reply = epochcalc::field_sweep_reply(*scenario, *data);
    else if (which == 3) {
      std::optional<json> across = json();
      if (!argument(2).empty()) across = read(2, "the batch sizes to compare across");
      if (across) reply = epochcalc::document_reply(epochcalc::compare_document(*scenario, *data, *across));
    }
    else reply = epochcalc::document_reply(epochcalc::csv_data(*scenario, argument(1), *data, argument(3)));
    return;
  }
  if (which == 1) reply = epochcalc::document_reply(epochcalc::solve_for_document(*scenario, argument(1), argument(2)));
  else if (which == 2) reply = epochcalc::document_reply(epochcalc::break_even_document(*scenario));
  else reply = epochcalc::document_reply(epochcalc::quick_whatifs_document(*scenario));
}

// The words the tapes refer to by index (the wrapper reads them once per module).
EMSCRIPTEN_KEEPALIVE void epochcalc_words() { reply = epochcalc::reply_words_json(); }

}  // extern "C"
