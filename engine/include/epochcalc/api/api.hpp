// The engine's outward face in plain types: JSON text in, JSON text (or the module's reply bytes) out.
// No function here throws; every failure comes back as errors (an epochcalc/error@1 document).
// C++ callers that hold nlohmann documents (the CLI, the tests) use epochcalc/api/api_json.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "epochcalc/contract/documents.hpp"
#include "epochcalc/scenario/limits.hpp"

namespace epochcalc {

std::string_view version();

// Scenario document in, result or error document out.
std::string solve_json(std::string_view input);

// Preset merged and every registry reference resolved into a full object (see scenario_json.hpp),
// or the errors that stop it: {"schema": "epochcalc/expanded@1", "scenario": {...}} or an error document.
std::string expand_json(std::string_view input);
// The document after one edit: {"schema": "epochcalc/edited@1", "scenario": {...}} or an error document.
std::string set_field_json(std::string_view document, std::string_view path, std::string_view text);

// Calibration: {"scenario": {...}, "measurements": [{"device", "batch_size", "epoch_time_s", "note"?,
// "ops_per_step"?, "widths"?}], "fit"?: [...], "measured_with"?: {...}, "predict"?: [batch sizes]} in
// (a scenario that names no preset starts from the default preset); out {"schema":
// "epochcalc/calibration@2", "fitted", "fitted_own" (each device's own overheads), "undetermined",
// "held" (what the fit held, and why), "dispatch_plus_launch", "overhead_per_step", "notes",
// "measurements" (each with "predicted_s", "residual_s", "uncalibrated_s"), "predictions"? (the fitted
// model's epochs at "predict"), "scenario" (the input's scenario with the fitted values set)} or an
// error document (scenario errors keep their paths under /scenario).
inline constexpr std::string_view calibration_schema = "epochcalc/calibration@2";
std::string calibrate_json(std::string_view input);
// The same document as the module's reply (a tape; see below).
std::string calibrate_reply(std::string_view input);

// The module's replies (wasm/epochcalc.js decodes them): the documents above, written as a tape of
// tokens, numbers and text that the module turns into objects without parsing text
// (engine/src/contract/reply_tape.hpp describes the bytes). Each returns an error document on failure.
// The words the tapes refer to by index, as a JSON array of strings: read once by the module.
std::string reply_words_json();
// {"schema": "epochcalc/evaluation@1", "result": {...}, "sweep": {schema, accelerator_wins,
// crossover_batch_size, points, batch_size, host: {epoch_time_s, work_time_s, overhead_time_s},
// accelerator: {...}}}, every series a Float64Array.
std::string evaluate_reply(std::string_view input, const std::vector<double>* batch_sizes);
// One edit of the page: the document with the edit applied (set_field), its expansion for the form,
// its result and default sweep, in one call: {"schema": "epochcalc/update@1", "scenario", "expanded",
// "result", "sweep", "errors"}. "expanded" is null when the document cannot be expanded (not JSON, not
// an object, an unknown preset or id), "result" and "sweep" are null when it does not solve; "errors"
// says why ([] when it solved). An edit that cannot be made (a malformed path; the document not
// JSON) returns an error document instead: the document stays as it was. The module's expand() and
// set() are this call too (expand_json's and set_field_json's documents are its parts).
struct FieldEdit {
  std::string_view path;
  std::string_view text;
};
std::string update_reply(std::string_view document, const FieldEdit* edit);

// Links (link.hpp). A link's parameters as JSON text, [["key", "value"], ...] in the link's order, in;
// out {"schema": "epochcalc/link@1", "scenario": {...} or null (its scenario JSON is not JSON), "notes":
// [errors: parameters not applied]}. And the parameters that read back as a document:
// {"schema": "epochcalc/link-params@1", "params": [["key", "value"], ...]}.
std::string read_link_reply(std::string_view params);
std::string write_link_reply(std::string_view document);

// Listings for pickers: {"hardware": [...]}, {"datasets": [...]}, {"presets": [...]}, {"profiles": [...]} as shipped.
std::string hardware_json();
std::string datasets_json();
std::string presets_json();
std::string profiles_json();
// The default preset's complete scenario document.
std::string default_scenario_json();
// Every scenario rule as data: epochcalc/schema@1 (schema.hpp).
std::string schema_json();

}  // namespace epochcalc
