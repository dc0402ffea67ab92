// The result contract (epochcalc/result@1) and the normalized scenario written as JSON text: the one
// implementation of both; result_to_json and scenario_to_json parse what these write. Private.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/model.hpp"
#include "epochcalc/api.hpp"
#include "epochcalc/scenario_json.hpp"
#include "json_text.hpp"

namespace epochcalc::detail {

void write_scenario(JsonText& out, const Scenario& scenario);
void write_ranges(JsonText& out, const std::vector<BatchRange>& ranges);
// The sweep's header: schema, win ranges, crossover and the number of points (the series travel apart).
void write_sweep_header(JsonText& out, const Result& result, std::size_t points);
std::string result_text(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);

}  // namespace epochcalc::detail
