// The what-ifs as text and CSV, written from the engine's documents (epochcalc/api/whatif_json.hpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace epochcalc::cli {

std::string format_field_sweep(const nlohmann::ordered_json& sweep);
std::string format_solve_for(const nlohmann::ordered_json& answer, const std::string& host, const std::string& accelerator);
// "CUDA Graphs: one launch per step (assumptions.launches_per_step = 1): H100 254.700 ms -> 29.7 ms, 8.58x faster"
std::string format_quick_whatifs(const nlohmann::ordered_json& list, const std::string& host, const std::string& accelerator);
std::string format_break_even(const nlohmann::ordered_json& summary, const std::string& host, const std::string& accelerator);
// --explain: one field's value in force on each device, the field that sets it and its layer.
std::string format_explain(const nlohmann::ordered_json& explained, const std::string& host, const std::string& accelerator);
std::string format_compare(const nlohmann::ordered_json& comparison);



// A value of a field in its unit, scaled for people: "20.0000 µs", "3.35000 TB/s", "60.0%", "1,875".
std::string format_value(double value, const std::string& unit, bool whole);

}  // namespace epochcalc::cli
