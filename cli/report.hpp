// The readable breakdown the command-line tool prints, built from the typed scenario and result.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/scenario_json.hpp"

namespace epochcalc::cli {

// The report for people (stdout); the warnings go to stderr (format_warnings).
std::string format_report(const Scenario& scenario, const Result& result);
// One line per warning, for stderr in every mode but --json (whose document holds them; issue 45: the
// CSV dropped them, and the text mode mixed them into stdout). `in_words`: the report already says
// W_OVERHEAD_ENERGY in a sentence, so it is left out.
std::string format_warnings(const std::vector<Warning>& warnings, bool in_words);
// Who wins at the configured batch size and at batch size 1, then where the accelerator wins at all,
// written from the win ranges.
std::string verdict(const Scenario& scenario, const Result& result);
// Where the accelerator wins, in one sentence, from the ranges alone.
std::string win_ranges_sentence(const Scenario& scenario, const Result& result);
std::string format_errors(const Errors& errors);
std::string format_presets();
std::string format_hardware();
std::string format_datasets();
std::string format_profiles();
// A calibration reply (epochcalc/calibration@2) as text: the fitted values, what stays undetermined
// and why, and each measurement against the fit.
std::string format_calibration(const nlohmann::ordered_json& reply);

}  // namespace epochcalc::cli
