#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace epochcalc::cli {

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

// What the parser keeps besides the options: what was given, and the mistakes.
struct State {
  Errors& errors;
  bool break_even = false;
  bool quick = false;
  bool goal_given = false;
  bool predict_given = false;
};

// Every option, once: its name, the value it takes ("" for none), its help and what it does. The
// parser and --help both read this table, so every option takes "--name VALUE" and "--name=VALUE" alike.
struct OptionRow {
  const char* name;
  const char* value;  // the value's placeholder in the help; "" = a flag
  const char* help;   // lines of the help, each after the column
  void (*apply)(Options& o, const std::string& value, State& state);
};

constexpr OptionRow option_rows[] = {
    {"--preset", "ID", "start from another preset (see --list-presets)",
     [](Options& o, const std::string& v, State&) { o.preset = v; }},
    {"--scenario", "FILE", "read a scenario JSON file; \"-\" reads standard input",
     [](Options& o, const std::string& v, State&) { o.scenario_file = v; }},
    {"--set", "PATH=VALUE",
     "override one field, e.g. --set network.batch_size=64 --set dispatch=\"20 us\"\n"
     "(PATH is dotted or a JSON pointer; VALUE is read as that field's kind: a\n"
     "bare number in a unit field is SI, \"2e-5\" for dispatch is 20 us)",
     [](Options& o, const std::string& v, State&) { o.settings.push_back(v); }},
    {"--json", "", "print the result (or the errors) as JSON on standard output",
     [](Options& o, const std::string&, State&) { o.json = true; }},
    {"--csv", "", "print the result, sweep or comparison as CSV: a header row, a units row",
     [](Options& o, const std::string&, State&) { o.csv = true; }},
    {"--csv-units", "si|human",
     "si: each number exact in SI units (the default); human: each column in the unit\n"
     "its values read best in (ms, µs, mJ, ...), to 6 significant figures",
     [](Options& o, const std::string& v, State& state) {
       if (v == "human" || v == "si") o.csv_human = v == "human";
       else state.errors.push_back({code::args, "", "--csv-units takes si (exact SI values, the default) or human (ms, µs, mJ, 6 figures), not \"" + v + "\""});
     }},
    {"--sweep", "PATH=FROM:TO[:N][:log]",
     "solve the scenario at N values of one numeric field (50 when left out),\n"
     "evenly or log-spaced, typed with units: --sweep dispatch=\"1 us:100 us:100:log\";\n"
     "or PATH=V1,V2,...; give it twice for a grid of two fields",
     [](Options& o, const std::string& v, State&) {
       o.action = Action::sweep;
       o.sweeps.push_back(v);
     }},
    {"--solve-for", "PATH",
     "the value of a field that meets --goal for the accelerator at the configured\n"
     "batch size, or \"never\" with the best the field can do within its limits;\n"
     "with the --set arguments that apply it",
     [](Options& o, const std::string& v, State&) {
       o.action = Action::solve_for;
       o.solve_for = v;
     }},
    {"--goal", "GOAL", "flip (the winner changes; the default), speedup=K, or epoch=TIME (\"30 ms\")",
     [](Options& o, const std::string& v, State& state) {
       state.goal_given = true;
       o.goal = v;
     }},
    {"--break-even", "",
     "for every field solve-for accepts: where the winner flips and where the\n"
     "accelerator is twice as fast; and where each device's overhead exceeds its work",
     [](Options& o, const std::string&, State& state) {
       o.action = Action::break_even;
       state.break_even = true;
     }},
    {"--what-ifs", "",
     "the one-click what-ifs (CUDA Graphs, a compiled step, half the dispatch, half\n"
     "precision, four times the batch): each one's edits and the epochs it gives",
     [](Options& o, const std::string&, State& state) {
       o.action = Action::quick_whatifs;
       state.quick = true;
     }},
    {"--explain", "PATH",
     "the value of an overhead field each device pays, the field that sets it and\n"
     "where that came from (the scenario, its preset, a profile or the default):\n"
     "--explain dispatch, --explain overheads.accelerator.launch",
     [](Options& o, const std::string& v, State&) {
       o.action = Action::explain;
       o.explain = v;
     }},
    {"--compare", "DEVICES",
     "the scenario on several devices: registry ids separated by commas (host and\n"
     "accelerator name the scenario's own), each with a price per hour if you like\n"
     "(l4@0.80/h,a100-sxm-80gb@1.80/h,host@0.40/h; a bare number is USD/h; 0 is a price),\n"
     "\"accelerators\" (the host and every accelerator in the registry) or \"all\";\n"
     "with the fastest device per batch range, and the cheapest among the priced",
     [](Options& o, const std::string& v, State&) {
       o.action = Action::compare;
       o.compare = v;
     }},
    {"--expand", "",
     "print the scenario with its preset merged and every registry id resolved\n"
     "into the full device or dataset, as JSON (before validation)",
     [](Options& o, const std::string&, State&) { o.action = Action::expand; }},
    {"--calibrate", "FILE",
     "fit dispatch, launch and the devices' efficiencies to measured epoch times:\n"
     "FILE is {\"scenario\": {...}, \"measurements\": [{\"device\": \"host\", \"batch_size\":\n"
     "32, \"epoch_time_s\": 0.27}, ...]} (scripts/measure.py writes one); \"-\" is stdin;\n"
     "or a measurements CSV (device,batch_size,epoch_time_s), whose scenario is the one\n"
     "--preset, --scenario and --set give",
     [](Options& o, const std::string& v, State&) {
       o.action = Action::calibrate;
       o.calibration_file = v;
     }},
    {"--predict", "B,B,...",
     "with --calibrate: the fitted model's epochs on both devices at these batch\n"
     "sizes, e.g. --predict 64,1024,60000",
     [](Options& o, const std::string& v, State& state) { state.predict_given = read_batch_list(v, o.predict, state.errors); }},
    {"--schema", "", "print every scenario rule as JSON: fields, units, limits, defaults, choices",
     [](Options& o, const std::string&, State&) { o.action = Action::schema; }},
    {"--list-presets", "", "list the presets", [](Options& o, const std::string&, State&) { o.action = Action::list_presets; }},
    {"--list-hardware", "", "list the hardware registry with sources",
     [](Options& o, const std::string&, State&) { o.action = Action::list_hardware; }},
    {"--list-datasets", "", "list the dataset registry with sources",
     [](Options& o, const std::string&, State&) { o.action = Action::list_datasets; }},
    {"--list-profiles", "", "list the framework profiles (dispatch, launch, operations) with sources",
     [](Options& o, const std::string&, State&) { o.action = Action::list_profiles; }},
    {"--help", "", "this text (also -h)", [](Options& o, const std::string&, State&) { o.action = Action::help; }},
    {"--version", "", "the version", [](Options& o, const std::string&, State&) { o.action = Action::version; }},
};

const OptionRow* option_named(std::string_view name) {
  if (name == "-h") name = "--help";
  for (const OptionRow& row : option_rows)
    if (name == row.name) return &row;
  return nullptr;
}

}  // namespace

std::string usage_text() {
  std::string out =
      "epochcalc - how much of a training epoch is real work, and how much per-operation overhead,\n"
      "on a host CPU versus an accelerator, at the configured batch size and at batch size one.\n\n"
      "Usage: epochcalc [options]   (each option with a value takes --name VALUE or --name=VALUE)\n\n"
      "  (no options)           the default preset (mnist-cpu-vs-h100) as a readable breakdown\n";
  constexpr std::size_t column = 25;
  for (const OptionRow& row : option_rows) {
    std::string left = std::string("  ") + row.name + (*row.value ? std::string(" ") + row.value : "");
    std::string_view help = row.help;
    // A name too long for the column gets a line of its own.
    if (left.size() + 1 > column) {
      out += left + "\n";
      left.clear();
    }
    while (!help.empty()) {
      const std::size_t end = std::min(help.find('\n'), help.size());
      left.resize(column, ' ');
      out += left + std::string(help.substr(0, end)) + "\n";
      left.clear();
      help.remove_prefix(std::min(end + 1, help.size()));
    }
  }
  return out + "\nExit status: 0 success, 2 invalid input, 1 internal fault.\nThe equations are in docs/model.md.\n";
}

ParsedOptions parse_options(const std::vector<std::string>& args) {
  ParsedOptions parsed;
  Options& o = parsed.options;
  State state{parsed.errors};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    // "--name=value" and "--name value" alike, for every option that takes a value.
    const std::size_t eq = arg.starts_with("--") ? arg.find('=') : std::string::npos;
    const std::string name = arg.substr(0, eq);
    const OptionRow* row = option_named(name);
    if (!row) {
      parsed.errors.push_back({code::args, "", "unknown option \"" + arg + "\"; see --help"});
      continue;
    }
    std::string value;
    if (!*row->value) {
      if (eq != std::string::npos) {
        parsed.errors.push_back({code::args, "", name + " takes no value; give it alone"});
        continue;
      }
    } else if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      parsed.errors.push_back({code::args, "", name + " needs a value (" + row->value + "); see --help"});
      continue;
    }
    row->apply(o, value, state);
  }
  if (state.predict_given && o.action != Action::calibrate)
    parsed.errors.push_back({code::args, "", "--predict gives the fitted model's epochs; give --calibrate FILE too"});
  if (o.sweeps.size() > 2) parsed.errors.push_back({code::args, "", "--sweep takes one field, or two for a grid"});
  // --compare with one --sweep of the batch size: every device across batch sizes (issue 45).
  const bool compare_across = !o.compare.empty() && o.sweeps.size() == 1;
  if (compare_across) o.action = Action::compare;
  if ((!o.sweeps.empty() && !compare_across) + !o.solve_for.empty() + state.break_even + state.quick + !o.compare.empty() + !o.explain.empty() > 1)
    parsed.errors.push_back({code::args, "", "give one of --sweep, --solve-for, --break-even, --what-ifs, --compare and --explain at a time"});
  if (o.json && o.csv) parsed.errors.push_back({code::args, "", "give --json or --csv, not both"});
  // A flag that would do nothing is a mistake to name, not to ignore.
  if (state.goal_given && o.solve_for.empty())
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
