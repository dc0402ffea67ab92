#include "options.hpp"

#include <charconv>

namespace epochcalc::cli {

std::string usage_text() {
  return R"(epochcalc - how much of a training epoch is real work, and how much per-operation overhead,
on a host CPU versus an accelerator, at the configured batch size and at batch size one.

Usage: epochcalc [options]

  (no options)           the default preset (mnist-cpu-vs-h100) as a readable breakdown
  --preset ID            start from another preset (see --list-presets)
  --scenario FILE        read a scenario JSON file; "-" reads standard input
  --set PATH=VALUE       override one field, e.g. --set network.batch_size=64 --set dispatch="20 us"
                         (PATH is dotted or a JSON pointer; VALUE is read as that field's kind: a
                         bare number in a unit field is SI, "2e-5" for dispatch is 20 us)
  --json                 print the result (or the errors) as JSON on standard output
  --csv                  print the result, sweep or comparison as CSV: a header row, a units row
  --csv-units si|human   si: each number exact in SI units (the default); human: each column in the unit
                         its values read best in (ms, µs, mJ, ...), to 6 significant figures
  --sweep PATH=FROM:TO[:N][:log]
                         solve the scenario at N values of one numeric field (50 when left out),
                         evenly or log-spaced, typed with units: --sweep dispatch="1 us:100 us:100:log";
                         or PATH=V1,V2,...; give it twice for a grid of two fields
  --solve-for PATH       the value of a field that meets --goal for the accelerator at the configured
                         batch size, or "never" with the best the field can do within its limits
  --goal GOAL            flip (the winner changes; the default), speedup=K, or epoch=TIME ("30 ms")
  --break-even           for every field solve-for accepts: where the winner flips and where the
                         accelerator is twice as fast; and where each device's overhead exceeds its work
  --what-ifs             the one-click what-ifs (CUDA Graphs, a compiled step, half the dispatch, half
                         precision, four times the batch): each one's edits and the epochs it gives
  --explain PATH         the value of an overhead field each device pays, the field that sets it and
                         where that came from (the scenario, its preset, a profile or the default):
                         --explain dispatch, --explain overheads.accelerator.launch
  --compare DEVICES      the scenario on several devices: registry ids separated by commas (host and
                         accelerator name the scenario's own), each with a price per hour if you like
                         (l4@0.80/h,a100-sxm-80gb@1.80/h,host@0.40/h; a bare number is USD/h),
                         "accelerators" (the host and every accelerator in the registry) or "all";
                         with the fastest device per batch range, and the cheapest among the priced
  --expand               print the scenario with its preset merged and every registry id resolved
                         into the full device or dataset, as JSON (before validation)
  --calibrate FILE       fit dispatch, launch and the devices' efficiencies to measured epoch times:
                         FILE is {"scenario": {...}, "measurements": [{"device": "host", "batch_size":
                         32, "epoch_time_s": 0.27}, ...]} (scripts/measure.py writes one); "-" is stdin
  --predict B,B,...      with --calibrate: the fitted model's epochs on both devices at these batch
                         sizes, e.g. --predict 64,1024,60000
  --schema               print every scenario rule as JSON: fields, units, limits, defaults, choices
  --list-presets         list the presets
  --list-hardware        list the hardware registry with sources
  --list-datasets        list the dataset registry with sources
  --list-profiles        list the framework profiles (dispatch, launch, operations) with sources
  --help                 this text
  --version              the version

Exit status: 0 success, 2 invalid input, 1 internal fault.
The equations are in docs/model.md.
)";
}

namespace {

// "64,1024,60000": whole numbers separated by commas; the engine checks each against the scenario's rule.
bool read_batch_list(const std::string& text, std::vector<std::int64_t>& out, Errors& errors) {
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    std::int64_t value = 0;
    const char* first = text.data() + start;
    const char* last = text.data() + end;
    const auto [at, ec] = std::from_chars(first, last, value);
    if (first == last || ec != std::errc() || at != last) {
      errors.push_back({code::args, "", "--predict takes batch sizes separated by commas, such as 64,1024; got \"" +
                                            text + "\""});
      return false;
    }
    out.push_back(value);
    start = end + 1;
  }
  return true;
}

}  // namespace

ParsedOptions parse_options(const std::vector<std::string>& args) {
  ParsedOptions parsed;
  Options& o = parsed.options;
  bool break_even = false;
  bool quick = false;
  bool goal_given = false;
  bool predict_given = false;
  const auto needs_value = [&](std::size_t& i, const std::string& flag) -> std::optional<std::string> {
    if (i + 1 < args.size()) return args[++i];
    parsed.errors.push_back({code::args, "", flag + " needs a value; see --help"});
    return std::nullopt;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--preset") {
      if (auto v = needs_value(i, arg)) o.preset = *v;
    } else if (arg == "--scenario") {
      if (auto v = needs_value(i, arg)) o.scenario_file = *v;
    } else if (arg == "--set") {
      if (auto v = needs_value(i, arg)) o.settings.push_back(*v);
    } else if (arg.rfind("--set=", 0) == 0) {
      o.settings.push_back(arg.substr(6));
    } else if (arg.rfind("--preset=", 0) == 0) {
      o.preset = arg.substr(9);
    } else if (arg.rfind("--scenario=", 0) == 0) {
      o.scenario_file = arg.substr(11);
    } else if (arg == "--calibrate") {
      o.action = Action::calibrate;
      if (auto v = needs_value(i, arg)) o.calibration_file = *v;
    } else if (arg.rfind("--calibrate=", 0) == 0) {
      o.action = Action::calibrate;
      o.calibration_file = arg.substr(12);
    } else if (arg == "--predict" || arg.rfind("--predict=", 0) == 0) {
      std::optional<std::string> v = arg == "--predict" ? needs_value(i, arg) : std::optional(arg.substr(10));
      if (v) predict_given = read_batch_list(*v, o.predict, parsed.errors);
    } else if (arg == "--list-profiles") {
      o.action = Action::list_profiles;
    } else if (arg == "--json") {
      o.json = true;
    } else if (arg == "--csv") {
      o.csv = true;
    } else if (arg == "--csv-units" || arg.rfind("--csv-units=", 0) == 0) {
      std::optional<std::string> v = arg == "--csv-units" ? needs_value(i, arg) : std::optional(arg.substr(12));
      if (v && (*v == "human" || *v == "si")) o.csv_human = *v == "human";
      else if (v) parsed.errors.push_back({code::args, "", "--csv-units takes si (exact SI values, the default) or human (ms, µs, mJ, 6 figures), not \"" + *v + "\""});
    } else if (arg == "--sweep") {
      o.action = Action::sweep;
      if (auto v = needs_value(i, arg)) o.sweeps.push_back(*v);
    } else if (arg == "--solve-for") {
      o.action = Action::solve_for;
      if (auto v = needs_value(i, arg)) o.solve_for = *v;
    } else if (arg == "--goal") {
      goal_given = true;
      if (auto v = needs_value(i, arg)) o.goal = *v;
    } else if (arg == "--break-even") {
      o.action = Action::break_even;
      break_even = true;
    } else if (arg == "--what-ifs") {
      o.action = Action::quick_whatifs;
      quick = true;
    } else if (arg == "--compare") {
      o.action = Action::compare;
      if (auto v = needs_value(i, arg)) o.compare = *v;
    } else if (arg == "--explain") {
      o.action = Action::explain;
      if (auto v = needs_value(i, arg)) o.explain = *v;
    } else if (arg == "--expand") {
      o.action = Action::expand;
    } else if (arg == "--schema") {
      o.action = Action::schema;
    } else if (arg == "--list-presets") {
      o.action = Action::list_presets;
    } else if (arg == "--list-hardware") {
      o.action = Action::list_hardware;
    } else if (arg == "--list-datasets") {
      o.action = Action::list_datasets;
    } else if (arg == "--help" || arg == "-h") {
      o.action = Action::help;
    } else if (arg == "--version") {
      o.action = Action::version;
    } else {
      parsed.errors.push_back({code::args, "", "unknown option \"" + arg + "\"; see --help"});
    }
  }
  if (o.calibration_file && (o.preset || o.scenario_file || !o.settings.empty()))
    parsed.errors.push_back({code::args, "", "--calibrate reads its scenario from the file; leave out --preset, --scenario and --set"});
  if (predict_given && o.action != Action::calibrate)
    parsed.errors.push_back({code::args, "", "--predict gives the fitted model's epochs; give --calibrate FILE too"});
  if (o.sweeps.size() > 2) parsed.errors.push_back({code::args, "", "--sweep takes one field, or two for a grid"});
  if (!o.sweeps.empty() + !o.solve_for.empty() + break_even + quick + !o.compare.empty() + !o.explain.empty() > 1)
    parsed.errors.push_back({code::args, "", "give one of --sweep, --solve-for, --break-even, --what-ifs, --compare and --explain at a time"});
  if (o.json && o.csv) parsed.errors.push_back({code::args, "", "give --json or --csv, not both"});
  // A flag that would do nothing is a mistake to name, not to ignore.
  if (goal_given && o.solve_for.empty())
    parsed.errors.push_back({code::args, "", "--goal says what --solve-for aims at; give --solve-for PATH too"});
  const bool csv_output = o.action == Action::solve || o.action == Action::sweep || o.action == Action::compare;
  if (o.csv && !csv_output)
    parsed.errors.push_back({code::args, "", "--csv writes a result, a sweep or a comparison; use --json for the others"});
  if (o.preset && o.scenario_file)
    parsed.errors.push_back({code::args, "",
                             "give --preset or --scenario, not both (a scenario file can name a preset with \"preset\")"});
  return parsed;
}

}  // namespace epochcalc::cli
