// The result contract (epochcalc/result@1) and the normalized scenario, written by one set of
// functions to either writer: JsonText (the text of --json; result_to_json and scenario_to_json parse
// it) or Tape (the module's reply, reply_tape.hpp). Instantiated for both in result_text.cpp. Private.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "contract/json_text.hpp"

namespace epochcalc::detail {

template <typename Out>
void write_scenario(Out& out, const Scenario& scenario);
template <typename Out>
void write_ranges(Out& out, const std::vector<BatchRange>& ranges);
// The sweep's keys but its series (schema, win ranges, crossover, number of points), inside an object
// the caller opened.
template <typename Out>
void write_sweep_fields(Out& out, const Result& result, std::size_t points);
// The sweep's header: schema, win ranges, crossover and the number of points (the series travel apart).
template <typename Out>
void write_sweep_header(Out& out, const Result& result, std::size_t points);
template <typename Out>
void write_result(Out& out, const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);
std::string result_text(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings);

}  // namespace epochcalc::detail
