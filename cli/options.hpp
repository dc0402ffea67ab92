// Command-line options of the epochcalc tool.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "epochcalc/errors.hpp"

namespace epochcalc::cli {

enum class Action { solve, expand, calibrate, schema, list_presets, list_hardware, list_datasets, list_profiles, help, version };

struct Options {
  Action action = Action::solve;
  std::optional<std::string> preset;
  std::optional<std::string> scenario_file;  // "-" is standard input
  std::optional<std::string> calibration_file;  // measurements to fit; "-" is standard input
  std::vector<std::string> settings;         // "path=value", in order
  bool json = false;
};

struct ParsedOptions {
  Options options;
  Errors errors;  // E_ARGS, one per problem
};

ParsedOptions parse_options(const std::vector<std::string>& args);
std::string usage_text();

}  // namespace epochcalc::cli
