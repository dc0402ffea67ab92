// The engine's calls for C++ callers that hold nlohmann documents (the CLI, the tests): typed results
// (solve_checked, evaluate) and documents in and out. The plain-text face is epochcalc/api/api.hpp, which
// this includes. No function here throws.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/api/api.hpp"
#include "epochcalc/model/model.hpp"
#include "epochcalc/contract/scenario_document.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/model/sweep.hpp"

namespace epochcalc {

// A scenario document checked and solved. `errors` is empty exactly when `result` is set; a result
// holding NaN or infinity is refused with E_INTERNAL, so every caller sees finite numbers only.
struct Solved {
  std::optional<Scenario> scenario;
  std::optional<Result> result;
  Errors errors;
  std::vector<Warning> warnings;
};
Solved solve_checked(const nlohmann::ordered_json& input);
// The name of the first number of a result that is NaN or infinite ("host.batched"), if any: what
// solve_checked refuses with E_INTERNAL.
std::optional<std::string> first_non_finite(const Result& result);

// The result and its batch-size sweep from one validation and one win-range search: what the page
// calls on every edit. `batch_sizes` null (or absent) means the default grid; otherwise an array of
// 1 to max_sweep_points whole numbers in [1, N], reported at /batch_sizes/i when not.
struct Evaluation {
  Solved solved;
  SweepSeries sweep;
};
Evaluation evaluate(const nlohmann::ordered_json& input, const std::vector<double>* batch_sizes);

// The result contract for a solved scenario.
nlohmann::ordered_json result_to_json(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);
nlohmann::ordered_json errors_to_json(const Errors& errors);

// JSON text parsed without exceptions and at most max_json_depth levels deep; on failure nullopt and
// an E_JSON error naming `what` ("the scenario") and the position.
std::optional<nlohmann::ordered_json> parse_json_text(std::string_view text, const std::string& what, Errors& errors);

// Scenario document in, result or error document out.
nlohmann::ordered_json solve_document(const nlohmann::ordered_json& input);
// The sweep with its series as JSON arrays: {"schema": "epochcalc/sweep@2", "accelerator_wins",
// "crossover_batch_size", "points", "batch_size": [...], "host": {"epoch_time_s": [...], ...}, ...}.
nlohmann::ordered_json sweep_document(const nlohmann::ordered_json& input, const nlohmann::ordered_json& batch_sizes);

// Any document as the module's reply (a tape, reply_tape.hpp; an error document too): what the
// on-demand modules answer with, on the same transport as the core's.
std::string document_reply(const nlohmann::ordered_json& document);
// update_reply's document (api.hpp) of a document already read: a prepared scenario's, after its edits.
std::string update_reply(const nlohmann::ordered_json& document);

// The calibration document (calibrate_json's, see api.hpp) from a document.
nlohmann::ordered_json calibrate_document(const nlohmann::ordered_json& input);

}  // namespace epochcalc
