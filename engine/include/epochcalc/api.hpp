// The engine's whole outward face as JSON text: what the command-line tool and the wasm module call.
// No function here throws; every failure comes back as an epochcalc/error@1 document.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "epochcalc/model.hpp"
#include "epochcalc/scenario_json.hpp"

namespace epochcalc {

inline constexpr std::string_view result_schema = "epochcalc/result@1";
inline constexpr std::string_view error_schema = "epochcalc/error@1";

std::string_view version();

// The result contract for a solved scenario.
nlohmann::ordered_json result_to_json(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);
nlohmann::ordered_json errors_to_json(const Errors& errors);

// JSON text parsed without exceptions and at most max_json_depth levels deep; on failure nullopt and
// an E_JSON error naming `what` ("the scenario") and the position.
inline constexpr std::size_t max_json_depth = 64;
std::optional<nlohmann::ordered_json> parse_json_text(std::string_view text, const std::string& what, Errors& errors);

// Scenario document in, result or error document out.
nlohmann::ordered_json solve_document(const nlohmann::ordered_json& input);
// Same, from and to text; unparseable text gives E_JSON with the position.
std::string solve_json(std::string_view input);

// Epoch times at many batch sizes: {"schema": "epochcalc/sweep@1", "crossover_batch_size",
// "points": [{"batch_size", "host": RUN, "accelerator": RUN}]}. batch_sizes is an array of whole
// numbers in [1, N], or null for the default grid (powers of two, the configured batch size, the
// crossover and N).
nlohmann::ordered_json sweep_document(const nlohmann::ordered_json& input, const nlohmann::ordered_json& batch_sizes);
std::string sweep_json(std::string_view input, std::string_view batch_sizes);

// Listings for pickers: {"hardware": [...]}, {"datasets": [...]}, {"presets": [...]} as shipped.
std::string hardware_json();
std::string datasets_json();
std::string presets_json();
// The default preset's complete scenario document.
std::string default_scenario_json();

}  // namespace epochcalc
