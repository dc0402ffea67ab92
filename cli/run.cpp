// The epochcalc tool: options in, report or JSON out, and the exit status (run.hpp). In the tool's
// library, so that it is compiled with the other sources that use nlohmann, once.
#include "run.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "epochcalc/contract/csv.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/schema.hpp"
#include "epochcalc/api/whatif_json.hpp"
#include "options.hpp"
#include "overrides.hpp"
#include "format.hpp"
#include "report.hpp"
#include "whatif_args.hpp"
#include "whatif_report.hpp"

namespace {

using json = nlohmann::ordered_json;
using namespace epochcalc;

constexpr int exit_ok = 0, exit_fault = 1, exit_invalid = 2;

// Pretty JSON for the terminal. Arguments may carry invalid UTF-8; it is replaced, never fatal.
std::string pretty(const json& document) { return document.dump(2, ' ', false, json::error_handler_t::replace); }

int report_errors(const Errors& errors, bool as_json) {
  if (as_json) std::cout << pretty(errors_to_json(errors)) << "\n";
  else std::cerr << cli::printable(cli::format_errors(errors));
  const bool fault = !errors.empty() && errors.front().code == code::internal;
  return fault ? exit_fault : exit_invalid;
}

bool sets_preset(const std::string& setting) {
  return setting.rfind("preset=", 0) == 0 || setting.rfind("/preset=", 0) == 0;
}

// The scenario document the options describe: a file or a preset, then the --set lines, through the
// engine's field editor. "--set preset=ID" picks the preset first; the other lines edit on top of it.
// A file's text, or standard input for "-": read no further than the engine reads (a file of any size,
// /dev/zero, a pipe that never ends), and a directory or an unreadable file said as such (issue 36: a
// directory ended in "internal error: basic_filebuf::underflow", /dev/zero in 1 GB and no end).
// `what` as the engine names the document ("the scenario"), for the same message as the module's.
std::optional<std::string> read_input(const std::string& path, const std::string& what, Errors& errors) {
  // "the scenario" reads "scenario file"; "the calibration input" reads "calibration file".
  const std::string kind = what.substr(4, what.find(' ', 4) - 4);
  const std::string name = path == "-" ? "standard input" : kind + " file \"" + path + "\"";
  std::error_code ec;
  if (path != "-" && std::filesystem::is_directory(path, ec)) {
    errors.push_back({code::args, "", "the " + name + " is a directory: give a JSON file"});
    return std::nullopt;
  }
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      errors.push_back({code::args, "", "cannot read " + name});
      return std::nullopt;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text;
  char chunk[65536];
  while (in && text.size() <= rule::max_json_text_bytes) {
    in.read(chunk, sizeof chunk);
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) {
    errors.push_back({code::args, "", "cannot read " + name});
    return std::nullopt;
  }
  if (text.size() > rule::max_json_text_bytes) {
    errors.push_back({code::range, "", what + " is too long: at most " + cli::format_count(static_cast<double>(rule::max_json_text_bytes)) +
                                           " bytes are read"});
    return std::nullopt;
  }
  return text;
}

std::optional<json> build_document(const cli::Options& options, Errors& errors) {
  json document = json::object();
  if (options.scenario_file) {
    const auto text = read_input(*options.scenario_file, "the scenario", errors);
    if (!text) return std::nullopt;
    auto parsed = parse_json_text(*text, "the scenario", errors);
    if (!parsed) return std::nullopt;
    // A file that names no preset starts from the default one, as a link and a calibration file do; its
    // own fields win ("preset": null starts from nothing).
    document = with_default_preset(*parsed);
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

// Errors of an error document as values, for the usual report.
Errors errors_of(const json& reply) {
  Errors errors;
  for (const json& e : reply.at("errors"))
    errors.push_back({e.at("code").get<std::string>(), e.at("path").get<std::string>(), e.at("message").get<std::string>()});
  return errors;
}

// --calibrate FILE [--predict B,...]: the file's fit, with the fitted model's epochs at those batch sizes.
// FILE is the engine's JSON ({"scenario", "measurements"}), or a measurements CSV (device,batch_size,
// epoch_time_s), whose scenario is the one --preset, --scenario and --set make.
int calibrate(const cli::Options& options) {
  const bool as_json = options.json;
  Errors errors;
  const auto text = read_input(*options.calibration_file, "the calibration input", errors);
  if (!text) return report_errors(errors, as_json);
  // CSV: a first line of comma-separated names, not JSON (which starts with {, [ or " where it holds one).
  const std::size_t first = text->find_first_not_of(" \t\r\n");
  const std::size_t comma = text->find(',', first == std::string::npos ? 0 : first);
  const bool csv = first != std::string::npos && std::string_view("{[\"").find((*text)[first]) == std::string_view::npos &&
                   comma != std::string::npos && comma < text->find('\n', first);
  const bool scenario_options = options.preset || options.scenario_file || !options.settings.empty();
  if (!csv && scenario_options)
    return report_errors({{code::args, "", "a JSON calibration file carries its scenario; leave out --preset, --scenario and --set "
                                           "(they give the scenario of a measurements CSV)"}}, as_json);
  std::optional<json> input;
  if (csv) {
    const auto scenario = build_document(options, errors);
    if (!scenario) return report_errors(errors, as_json);
    input = json{{"scenario", *scenario}, {"measurements", *text}};
  } else {
    input = parse_json_text(*text, "the calibration input", errors);
  }
  if (!input) return report_errors(errors, as_json);
  const std::vector<std::int64_t>& predict = options.predict;
  if (!predict.empty() && input->is_object()) (*input)["predict"] = predict;
  const json reply = calibrate_document(*input);
  if (reply.at("schema") == error_schema) return report_errors(errors_of(reply), as_json);
  std::cout << (as_json ? pretty(reply) + "\n" : cli::printable(cli::format_calibration(reply)));
  return exit_ok;
}

// The device names the sentences use: the scenario's own, as the engine normalised them.
std::pair<std::string, std::string> device_names(const json& document) {
  const Solved solved = solve_checked(document);
  if (!solved.scenario) return {"host", "accelerator"};
  return {solved.scenario->host.name, solved.scenario->accelerator.name};
}

// --sweep, --solve-for, --break-even, --what-ifs and --compare: the engine's document as JSON, CSV or text.
int what_if(const cli::Options& options, const json& document) {
  // The command line's own forms of the arguments, read into the engine's data first: what they say is
  // about the arguments as typed.
  Errors errors;
  const json sweeps = !options.sweeps.empty() ? cli::sweep_arguments(options.sweeps, errors) : json();
  const json devices = options.action == cli::Action::compare ? cli::device_arguments(options.compare, errors) : json();
  if (!errors.empty()) return report_errors(errors, options.json);
  json reply;
  switch (options.action) {
    case cli::Action::sweep: reply = field_sweep_data(document, sweeps); break;
    case cli::Action::solve_for: reply = solve_for_document(document, options.solve_for, options.goal); break;
    case cli::Action::break_even: reply = break_even_document(document); break;
    case cli::Action::quick_whatifs: reply = quick_whatifs_document(document); break;
    case cli::Action::explain: reply = explain_document(document, options.explain); break;
    default: reply = compare_document(document, devices, sweeps); break;
  }
  if (reply.at("schema") == error_schema) return report_errors(errors_of(reply), options.json);
  // The scenario's own warnings (a likely slip of unit, a device's own value shadowing the scenario's,
  // /compared terms for the scenario's own device) go to stderr after the answer, in every mode: the
  // what-if documents have no place for them, and stdout stays data.
  const auto warn = [&] {
    std::cout.flush();
    std::cerr << cli::printable(cli::format_warnings(parse_scenario(document).warnings, true));
  };
  if (options.json) {
    std::cout << pretty(reply) << "\n";
    warn();
    return exit_ok;
  }
  const auto [host, accelerator] = device_names(document);
  const CsvUnits units = options.csv_human ? CsvUnits::human : CsvUnits::si;
  std::string text;
  switch (options.action) {
    case cli::Action::sweep:
      text = options.csv ? csv_field_sweep(reply, units) : cli::format_field_sweep(reply);
      // The CSV has no place for a field's notes (each device's own value that gives way): stderr has.
      if (options.csv)
        for (const char* axis : {"x", "y"})
          if (reply.contains(axis))
            for (const json& note : reply.at(axis).value("notes", json::array()))
              std::cerr << cli::printable("note: " + reply.at(axis).at("label").get<std::string>() + ": " + note.get<std::string>() + "\n");
      break;
    case cli::Action::compare: text = options.csv ? csv_compare(reply, units) : cli::format_compare(reply); break;
    case cli::Action::solve_for: text = cli::format_solve_for(reply, host, accelerator); break;
    case cli::Action::quick_whatifs: text = cli::format_quick_whatifs(reply, host, accelerator); break;
    case cli::Action::explain: text = cli::format_explain(reply, host, accelerator); break;
    default: text = cli::format_break_even(reply, host, accelerator); break;
  }
  std::cout << cli::printable(text);
  warn();
  return exit_ok;
}

}  // namespace

namespace epochcalc::cli {

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
    case cli::Action::list_profiles:
      std::cout << (options.json ? pretty(registry::profiles_document()) + "\n" : cli::format_profiles());
      return exit_ok;
    case cli::Action::calibrate: return calibrate(options);
    case cli::Action::expand:
    case cli::Action::solve:
    case cli::Action::sweep:
    case cli::Action::solve_for:
    case cli::Action::break_even:
    case cli::Action::quick_whatifs:
    case cli::Action::explain:
    case cli::Action::compare: break;
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
  if (options.action != cli::Action::solve) return what_if(options, *document);
  const Solved solved = solve_checked(*document);
  if (!solved.result) return report_errors(solved.errors, options.json);
  if (options.json) {
    std::cout << pretty(result_to_json(*solved.scenario, *solved.result, solved.warnings)) << "\n";
    return exit_ok;
  }
  std::cout << cli::printable(options.csv ? csv_result(result_to_json(*solved.scenario, *solved.result, solved.warnings),
                                                       options.csv_human ? CsvUnits::human : CsvUnits::si)
                                          : cli::format_report(*solved.scenario, *solved.result));
  std::cout.flush();
  std::cerr << cli::printable(cli::format_warnings(solved.warnings, !options.csv));
  return exit_ok;
}

}  // namespace epochcalc::cli
