// The command line's --set: input lines become arguments (a line starting with "--" is passed as it
// is, any other line as "--set LINE"), read by cli::parse_options, applied to the preset's document
// by cli::apply_setting as the tool does (a preset=... line first), then solved and printed as the
// tool prints it. Beyond "no crash": option errors are E_ARGS at ""; every error has a known code,
// a message and a valid path; the result passes check_reply; and the engine's JSON entry point
// set_field_json, fed the same settings one at a time, ends in the same document.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "check.hpp"
#include "targets.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "options.hpp"
#include "overrides.hpp"
#include "report.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

namespace {

constexpr std::size_t max_lines = 16;

bool sets_preset(const std::string& setting) { return setting.rfind("preset=", 0) == 0 || setting.rfind("/preset=", 0) == 0; }

}  // namespace

int epochcalc::fuzz::fuzz_set(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> args;
  for (std::size_t start = 0; start <= input.size() && args.size() < 2 * max_lines;) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string line(input.substr(start, end - start));
    if (line.rfind("--", 0) != 0) args.push_back("--set");
    args.push_back(line);
    start = end + 1;
  }

  const cli::ParsedOptions parsed = cli::parse_options(args);
  for (const Error& e : parsed.errors) {
    expect_error_value(e, "parse_options");
    expect(e.code == code::args && e.path.empty(), "parse_options: an error other than E_ARGS at \"\": " + e.code);
  }
  const cli::Options& options = parsed.options;
  // Only what reads the --set lines; never a file.
  if (!parsed.errors.empty() || options.scenario_file || options.calibration_file) return 0;
  if (options.action != cli::Action::solve && options.action != cli::Action::expand) return 0;

  // main.cpp's build_document: the preset, then preset=... lines, then the others, in order.
  std::vector<std::string> ordered;
  for (const std::string& s : options.settings)
    if (sets_preset(s)) ordered.push_back(s);
  for (const std::string& s : options.settings)
    if (!sets_preset(s)) ordered.push_back(s);
  json document = json::object();
  document["preset"] = options.preset.value_or(std::string(registry::default_preset_id));
  const std::string start_text = text_of(document);
  Errors errors;
  for (const std::string& s : ordered) {
    const std::size_t before = errors.size();
    const bool ok = cli::apply_setting(document, s, errors);
    expect(ok == (errors.size() == before), "apply_setting's return value disagrees with its errors: " + s);
  }
  expect_errors(errors, "apply_setting");

  // The same edits through the module's entry point (the one text in, one reply out), one at a time.
  bool all_utf8 = valid_utf8(start_text);
  for (const std::string& s : ordered) all_utf8 = all_utf8 && valid_utf8(s);
  std::string current = start_text;
  bool refused = false;
  for (const std::string& s : ordered) {
    const std::size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      refused = true;  // the CLI's own E_ARGS, before the editor
      continue;
    }
    const std::string reply_text = set_field_json(current, std::string_view(s).substr(0, eq), std::string_view(s).substr(eq + 1));
    const json reply = check_reply(reply_text, {"epochcalc/edited@1"}, "set_field_json");
    if (is_error(reply)) {
      refused = true;
      continue;
    }
    current = text_of(reply.at("scenario"));
  }
  if (all_utf8) {
    expect(refused == !errors.empty(), "apply_setting and set_field_json disagree on whether the settings are valid");
    if (!refused) expect(current == text_of(document), "apply_setting and set_field_json end in different documents",
                         text_of(document) + "\n" + current);
  }
  if (!errors.empty()) {
    expect(!cli::format_errors(errors).empty(), "format_errors printed nothing");
    return 0;
  }

  if (options.action == cli::Action::expand) {
    const json expanded = expand_scenario(document, errors);
    expect_errors(errors, "expand_scenario");
    if (errors.empty()) expect(expanded.is_object(), "expand_scenario returned no object", text_of(expanded));
    return 0;
  }
  const Solved solved = solve_checked(document);
  if (!solved.result) {
    expect(!solved.errors.empty(), "solve_checked returned neither a result nor errors");
    expect_errors(solved.errors, "solve_checked");
    expect(!cli::format_errors(solved.errors).empty(), "format_errors printed nothing");
    return 0;
  }
  check_reply(text_of(result_to_json(*solved.scenario, *solved.result, solved.warnings)), {result_schema}, "result_to_json");
  const std::string report = cli::format_report(*solved.scenario, *solved.result) + cli::format_warnings(solved.warnings, true);
  expect(!report.empty(), "format_report printed nothing");
  return 0;
}
