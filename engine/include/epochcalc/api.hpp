// The engine's outward face: typed calls for C++ (the CLI) and JSON text for the wasm module.
// No function here throws; every failure comes back as errors (an epochcalc/error@1 document in text).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model.hpp"
#include "epochcalc/scenario_json.hpp"
#include "epochcalc/sweep.hpp"

namespace epochcalc {

inline constexpr std::string_view result_schema = "epochcalc/result@1";
inline constexpr std::string_view error_schema = "epochcalc/error@1";
inline constexpr std::string_view sweep_schema = "epochcalc/sweep@2";

std::string_view version();

// A scenario document checked and solved. `errors` is empty exactly when `result` is set; a result
// holding NaN or infinity is refused with E_INTERNAL, so every caller sees finite numbers only.
struct Solved {
  std::optional<Scenario> scenario;
  std::optional<Result> result;
  Errors errors;
  std::vector<Warning> warnings;
};
Solved solve_checked(const nlohmann::ordered_json& input);

// The result and its batch-size sweep from one validation and one win-range search: what the page
// calls on every edit. `batch_sizes` null (or absent) means the default grid; otherwise an array of
// 1 to max_sweep_points whole numbers in [1, N], reported at /batch_sizes/i when not.
inline constexpr std::size_t max_sweep_points = 100'000;
struct Evaluation {
  Solved solved;
  SweepSeries sweep;
};
Evaluation evaluate(const nlohmann::ordered_json& input, const std::vector<double>* batch_sizes);

// evaluate() as text for the module: {"schema": "epochcalc/evaluation@1", "result": {...}, "sweep":
// {schema, accelerator_wins, crossover_batch_size, points}} or an error document; the series are moved into `series`, for the caller to hand
// over as typed arrays (cleared on error).
std::string evaluate_json(std::string_view input, const std::vector<double>* batch_sizes, SweepSeries& series);

// The result contract for a solved scenario.
nlohmann::ordered_json result_to_json(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);
nlohmann::ordered_json errors_to_json(const Errors& errors);

// JSON text parsed without exceptions and at most max_json_depth levels deep; on failure nullopt and
// an E_JSON error naming `what` ("the scenario") and the position.
inline constexpr std::size_t max_json_depth = 64;
std::optional<nlohmann::ordered_json> parse_json_text(std::string_view text, const std::string& what, Errors& errors);

// Scenario document in, result or error document out.
nlohmann::ordered_json solve_document(const nlohmann::ordered_json& input);
std::string solve_json(std::string_view input);
// The sweep with its series as JSON arrays: {"schema": "epochcalc/sweep@2", "accelerator_wins",
// "crossover_batch_size", "points", "batch_size": [...], "host": {"epoch_time_s": [...], ...}, ...}.
nlohmann::ordered_json sweep_document(const nlohmann::ordered_json& input, const nlohmann::ordered_json& batch_sizes);

// Preset merged and every registry reference resolved into a full object (see scenario_json.hpp),
// or the errors that stop it: {"schema": "epochcalc/expanded@1", "scenario": {...}} or an error document.
std::string expand_json(std::string_view input);
// The document after one edit: {"schema": "epochcalc/edited@1", "scenario": {...}} or an error document.
std::string set_field_json(std::string_view document, std::string_view path, std::string_view text);

// Calibration: {"scenario": {...}, "measurements": [{"device", "batch_size", "epoch_time_s", "note"?,
// "ops_per_step"?}], "measured_with"?: {...}} in; out {"schema": "epochcalc/calibration@1", "fitted",
// "undetermined", "dispatch_plus_launch", "notes", "measurements" (each with "predicted_s",
// "residual_s", "uncalibrated_s"), "scenario" (the input's scenario with the fitted values set)} or an
// error document (scenario errors keep their paths under /scenario).
inline constexpr std::string_view calibration_schema = "epochcalc/calibration@1";
nlohmann::ordered_json calibrate_document(const nlohmann::ordered_json& input);
std::string calibrate_json(std::string_view input);

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
