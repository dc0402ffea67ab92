// epochcalc: the command-line face of the engine. Exit 0 on success, 2 on invalid input, 1 on a fault.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "epochcalc/api.hpp"
#include "epochcalc/registry.hpp"
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
  const json document = errors_to_json(errors);
  if (as_json) std::cout << pretty(document) << "\n";
  else std::cerr << cli::format_errors(document);
  const bool fault = !errors.empty() && errors.front().code == code::internal;
  return fault ? exit_fault : exit_invalid;
}

bool sets_preset(const std::string& setting) {
  return setting.rfind("preset=", 0) == 0 || setting.rfind("/preset=", 0) == 0;
}

// The scenario document the options describe, before solving: a file or a preset, then the --set
// lines. "--set preset=ID" picks the preset before it is expanded; the other lines edit its fields.
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
  document = expand_preset(document, errors);
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
    case cli::Action::list_presets:
      std::cout << (options.json ? pretty(json::parse(presets_json())) + "\n" : cli::format_presets());
      return exit_ok;
    case cli::Action::list_hardware:
      std::cout << (options.json ? pretty(json::parse(hardware_json())) + "\n" : cli::format_hardware());
      return exit_ok;
    case cli::Action::list_datasets:
      std::cout << (options.json ? pretty(json::parse(datasets_json())) + "\n" : cli::format_datasets());
      return exit_ok;
    case cli::Action::solve: break;
  }
  Errors errors;
  const std::optional<json> document = build_document(options, errors);
  if (!document) return report_errors(errors, options.json);
  const json reply = solve_document(*document);
  if (reply.at("schema") == error_schema) {
    Errors found;
    for (const json& e : reply.at("errors")) found.push_back({e.at("code"), e.at("path"), e.at("message")});
    return report_errors(found, options.json);
  }
  std::cout << (options.json ? pretty(reply) + "\n" : cli::format_report(reply));
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
