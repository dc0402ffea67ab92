// Command-line options of the epochcalc tool.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "epochcalc/model/errors.hpp"

namespace epochcalc::cli {

enum class Action { solve, expand, calibrate, sweep, solve_for, break_even, compare, quick_whatifs, explain, schema, list_presets, list_hardware, list_datasets, list_profiles, help, version };

struct Options {
  Action action = Action::solve;
  std::optional<std::string> preset;
  std::optional<std::string> scenario_file;  // "-" is standard input
  std::optional<std::string> calibration_file;  // measurements to fit; "-" is standard input
  std::vector<std::int64_t> predict;            // batch sizes for the fitted model's epochs (--predict)
  std::vector<std::string> settings;         // "path=value", in order
  std::vector<std::string> sweeps;           // "PATH=FROM:TO[:N][:log]", one or two
  std::string solve_for;                     // a field's path
  std::string goal = "flip";                 // for --solve-for
  std::string compare;                       // device ids, "accelerators" or "all"
  std::string explain;                       // a field's path: its value in force on each device
  bool json = false;
  bool csv = false;
  bool csv_human = false;  // --csv-units human
};

struct ParsedOptions {
  Options options;
  Errors errors;  // E_ARGS, one per problem
};

ParsedOptions parse_options(const std::vector<std::string>& args);
std::string usage_text();

}  // namespace epochcalc::cli
