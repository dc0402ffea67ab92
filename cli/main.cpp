// epochcalc: the command-line face of the engine. Exit 0 on success, 2 on invalid input, 1 on a fault.
#include <fstream>
#include <iostream>
#include <iterator>

#include "epochcalc/api.hpp"
#include "epochcalc/registry.hpp"
#include "epochcalc/schema.hpp"
#include "options.hpp"
#include "overrides.hpp"
#include "report.hpp"

namespace {

using json = nlohmann::ordered_json;
using namespace epochcalc;

constexpr int exit_ok = 0, exit_fault = 1, exit_invalid = 2;

// Pretty JSON for the terminal. Arguments may carry invalid UTF-8; it is replaced, never fatal.
std::string pretty(const json& document) { return document.dump(2, ' ', false, json::error_handler_t::replace); }

int report_errors(const Errors& errors, bool as_json) {
  if (as_json) std::cout << pretty(errors_to_json(errors)) << "\n";
  else std::cerr << cli::format_errors(errors);
  const bool fault = !errors.empty() && errors.front().code == code::internal;
  return fault ? exit_fault : exit_invalid;
}

bool sets_preset(const std::string& setting) {
  return setting.rfind("preset=", 0) == 0 || setting.rfind("/preset=", 0) == 0;
}

// The scenario document the options describe: a file or a preset, then the --set lines, through the
// engine's field editor. "--set preset=ID" picks the preset first; the other lines edit on top of it.
std::optional<json> build_document(const cli::Options& options, Errors& errors) {
  json document = json::object();
  if (options.scenario_file) {
    std::string text;
    if (*options.scenario_file == "-") {
      text.assign(std::istreambuf_iterator<char>(std::cin), {});
    } else {
      std::ifstream file(*options.scenario_file, std::ios::binary);
      if (!file) {
        errors.push_back({code::args, "", "cannot read scenario file \"" + *options.scenario_file + "\""});
        return std::nullopt;
      }
      text.assign(std::istreambuf_iterator<char>(file), {});
    }
    auto parsed = parse_json_text(text, "the scenario", errors);
    if (!parsed) return std::nullopt;
    document = std::move(*parsed);
  } else {
    document["preset"] = options.preset.value_or(std::string(registry::default_preset_id));
  }
  for (const std::string& setting : options.settings)
    if (sets_preset(setting)) cli::apply_setting(document, setting, errors);
  for (const std::string& setting : options.settings)
    if (!sets_preset(setting)) cli::apply_setting(document, setting, errors);
  if (!errors.empty()) return std::nullopt;
  return document;
}

int run(const std::vector<std::string>& args) {
  const cli::ParsedOptions parsed = cli::parse_options(args);
  const cli::Options& options = parsed.options;
  if (!parsed.errors.empty()) return report_errors(parsed.errors, options.json);
  switch (options.action) {
    case cli::Action::help: std::cout << cli::usage_text(); return exit_ok;
    case cli::Action::version: std::cout << "epochcalc " << version() << "\n"; return exit_ok;
    case cli::Action::schema: std::cout << pretty(schema_document()) << "\n"; return exit_ok;
    case cli::Action::list_presets:
      std::cout << (options.json ? pretty(registry::presets_document()) + "\n" : cli::format_presets());
      return exit_ok;
    case cli::Action::list_hardware:
      std::cout << (options.json ? pretty(registry::hardware_document()) + "\n" : cli::format_hardware());
      return exit_ok;
    case cli::Action::list_datasets:
      std::cout << (options.json ? pretty(registry::datasets_document()) + "\n" : cli::format_datasets());
      return exit_ok;
    case cli::Action::expand:
    case cli::Action::solve: break;
  }
  Errors errors;
  const std::optional<json> document = build_document(options, errors);
  if (!document) return report_errors(errors, options.json);
  if (options.action == cli::Action::expand) {
    const json expanded = expand_scenario(*document, errors);
    if (!errors.empty()) return report_errors(errors, options.json);
    std::cout << pretty(expanded) << "\n";
    return exit_ok;
  }
  const Solved solved = solve_checked(*document);
  if (!solved.result) return report_errors(solved.errors, options.json);
  std::cout << (options.json ? pretty(result_to_json(*solved.scenario, *solved.result, solved.warnings)) + "\n"
                             : cli::format_report(*solved.scenario, *solved.result, solved.warnings));
  return exit_ok;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return exit_fault;
  }
}
