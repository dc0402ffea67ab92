// The command-line tool's pieces: options, --set overrides, number formatting and the report.
#include <doctest/doctest.h>

#include <algorithm>

#include "cli_forms.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/contract/csv.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "format.hpp"
#include "options.hpp"
#include "overrides.hpp"
#include "report.hpp"
#include "whatif_report.hpp"
#include "epochcalc/api/whatif_json.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;
using json = nlohmann::ordered_json;

TEST_CASE("options: flags, values and mistakes") {
  const auto parsed = cli::parse_options({"--preset", "x", "--set", "a=1", "--set=b=2", "--json"});
  CHECK(parsed.errors.empty());
  CHECK(parsed.options.preset == "x");
  CHECK(parsed.options.settings == std::vector<std::string>{"a=1", "b=2"});
  CHECK(parsed.options.json);
  CHECK(cli::parse_options({"--list-hardware"}).options.action == cli::Action::list_hardware);
  CHECK(cli::parse_options({"--version"}).options.action == cli::Action::version);
  CHECK(cli::parse_options({"--schema"}).options.action == cli::Action::schema);
  CHECK(cli::parse_options({"--expand"}).options.action == cli::Action::expand);
  const auto unknown = cli::parse_options({"--frobnicate"});
  REQUIRE(unknown.errors.size() == 1);
  CHECK(unknown.errors[0].code == "E_ARGS");
  CHECK(unknown.errors[0].message == "unknown option \"--frobnicate\"; see --help");
  CHECK(cli::parse_options({"--set"}).errors[0].message == "--set needs a value (PATH=VALUE); see --help");
  CHECK(cli::parse_options({"--preset", "a", "--scenario", "b"}).errors.size() == 1);
}

TEST_CASE("every option that takes a value takes --name=VALUE as --name VALUE (issue 45: five gave \"unknown option\")") {
  const auto same = [](std::vector<std::string> spaced, std::vector<std::string> joined) {
    const auto a = cli::parse_options(spaced), b = cli::parse_options(joined);
    CAPTURE(joined[0]);
    CHECK(a.errors.empty());
    CHECK(b.errors.empty());
    CHECK(a.options.action == b.options.action);
    CHECK(a.options.sweeps == b.options.sweeps);
    CHECK(a.options.solve_for == b.options.solve_for);
    CHECK(a.options.goal == b.options.goal);
    CHECK(a.options.compare == b.options.compare);
    CHECK(a.options.explain == b.options.explain);
    CHECK(a.options.preset == b.options.preset);
    CHECK(a.options.csv_human == b.options.csv_human);
  };
  same({"--sweep", "dispatch=1 us:2 us"}, {"--sweep=dispatch=1 us:2 us"});
  same({"--solve-for", "dispatch", "--goal", "speedup=2"}, {"--solve-for=dispatch", "--goal=speedup=2"});
  same({"--compare", "l4@0.80/h,t4"}, {"--compare=l4@0.80/h,t4"});
  same({"--explain", "dispatch"}, {"--explain=dispatch"});
  same({"--preset", "x"}, {"--preset=x"});
  same({"--csv", "--csv-units", "human"}, {"--csv", "--csv-units=human"});
  // A flag takes no value; the help lists every option of the table.
  CHECK(cli::parse_options({"--json=1"}).errors[0].message == "--json takes no value; give it alone");
  for (const char* name : {"--sweep", "--solve-for", "--goal", "--compare", "--explain", "--calibrate", "--predict", "--list-profiles"})
    CHECK(cli::usage_text().find(std::string("\n  ") + name) != std::string::npos);
}

TEST_CASE("--set reads each value by its field's kind, at dotted paths and pointers") {
  json doc = {{"network", {{"batch_size", 32}, {"widths", {784, 10}}}}, {"host", "reference-cpu"}};
  Errors errors;
  CHECK(cli::apply_setting(doc, "network.batch_size=64", errors));
  CHECK(cli::apply_setting(doc, "dispatch=20 us", errors));
  CHECK(cli::apply_setting(doc, "/network/widths/1=128", errors));
  CHECK(cli::apply_setting(doc, "network.widths.2=10", errors));
  CHECK(cli::apply_setting(doc, "host.memory_bandwidth=100 GB/s", errors));
  CHECK(cli::apply_setting(doc, "assumptions.drop_last=true", errors));
  CHECK(errors.empty());
  CHECK(doc["network"]["batch_size"] == 64);
  CHECK(doc["dispatch"] == "20 us");
  CHECK(doc["network"]["widths"] == json::array({784, 128, 10}));
  CHECK(doc["host"] == json{{"base", "reference-cpu"}, {"memory_bandwidth", "100 GB/s"}});
  CHECK(doc["assumptions"]["drop_last"] == true);
  CHECK_FALSE(cli::apply_setting(doc, "no-equals-sign", errors));
  CHECK_FALSE(cli::apply_setting(doc, "network.widths.9=1", errors));
  REQUIRE(errors.size() == 2);
  CHECK(errors[0].message == "--set takes PATH=VALUE, e.g. network.batch_size=64; got \"no-equals-sign\"");
  CHECK(errors[1].message == "the path \"network.widths.9\": \"9\" is not an index of that list (0 to 3)");
}

TEST_CASE("numbers are auto-scaled with six significant digits") {
  CHECK(cli::format_time(0.274243) == "274.243 ms");
  CHECK(cli::format_time(7.0314278) == "7.03143 s");
  CHECK(cli::format_time(0.16875) == "168.750 ms");
  CHECK(cli::format_time(5.866e-4) == "586.600 µs");
  CHECK(cli::format_time(3e-9) == "3.00000 ns");
  CHECK(cli::format_time(7200) == "2.00000 h");
  CHECK(cli::format_time(0) == "0.00000 s");
  CHECK(cli::format_energy(0.145433) == "145.433 mJ");
  CHECK(cli::format_energy(12.737) == "12.7370 J");
  CHECK(cli::format_energy(7.2e6) == "2.00000 kWh");
  CHECK(cli::format_count(1875) == "1,875");
  CHECK(cli::format_count(109386) == "109,386");
  CHECK(cli::format_ratio(1.0767) == "1.08x");
  CHECK(cli::format_percent(0.6153) == "61.5%");
}

namespace {

Solved solved_checked(const json& document) {
  Solved s = solve_checked(document);
  REQUIRE(s.result);
  return s;
}

}  // namespace

TEST_CASE("the report states the winner at each batch size and where the accelerator wins") {
  const Solved d = solved_checked({{"preset", "mnist-cpu-vs-h100"}});
  const std::string text = cli::format_report(*d.scenario, *d.result);
  CHECK(text.find("274.243 ms") != std::string::npos);
  CHECK(text.find("254.700 ms") != std::string::npos);
  CHECK(text.find("7.03143 s") != std::string::npos);
  CHECK(text.find("8.12435 s") != std::string::npos);
  CHECK(text.find("Overhead time carries no energy without an idle power.") != std::string::npos);
  CHECK(cli::verdict(*d.scenario, *d.result) ==
        "At batch size 32 the NVIDIA H100 SXM5 80GB is 1.08x faster (254.700 ms against 274.243 ms per epoch), and "
        "99.4% of its epoch is per-operation overhead.\n"
        "At batch size 1 the Reference CPU (MLSys·im) is 1.16x faster (7.03143 s against 8.12435 s per epoch), and "
        "76.8% of its epoch is per-operation overhead.\n"
        "Crossover: the NVIDIA H100 SXM5 80GB first beats the host at batch size 21 and stays faster up to 60,000.\n");
}

// Issue 36, defect 6: "3541680208333333594112 h3333333333333333508096 h" ran two columns together.
TEST_CASE("the report's table keeps its columns apart for the largest values, each to six figures") {
  CHECK(cli::format_time(3.54168e21 * 3600) == "3.54168e+21 h");
  CHECK(cli::format_time(999999 * 3600.0) == "999999 h");
  CHECK(cli::format_ratio(31637646586131) == "3.16376e+13x");
  const Solved d = solved_checked({{"preset", "mnist-cpu-vs-h100"},
                                   {"network", {{"widths", {1000000, 1000000, 1000000}}, {"dataset", {{"base", "mnist"}, {"training_examples", 1000000000000}}}}},
                                   {"host", {{"base", "reference-cpu"}, {"peak_flops", {{"fp32", 1}}}, {"memory_bandwidth", 1}}}});
  const std::string text = cli::format_report(*d.scenario, *d.result);
  CAPTURE(text);
  // Every row of the table: a label, then five times and a share, each a number and its unit.
  std::size_t rows = 0;
  for (std::size_t at = text.find("  batch "); at != std::string::npos; at = text.find("  batch ", at + 1)) {
    const std::string row = text.substr(at, text.find('\n', at) - at);
    std::vector<std::string> words;
    for (std::size_t i = 0; i < row.size();) {
      const std::size_t start = row.find_first_not_of(' ', i);
      if (start == std::string::npos) break;
      const std::size_t end = row.find(' ', start);
      words.push_back(row.substr(start, end - start));
      i = end == std::string::npos ? row.size() : end;
    }
    CAPTURE(row);
    // "batch", the size, then five times as number and unit (the host's launch is "-"), then the share.
    const bool host = row.find(" - ") != std::string::npos;
    CHECK(words.size() == (host ? 12u : 13u));
    for (std::size_t w = 2; w + 1 < words.size(); ++w) {
      const bool number = words[w].find_first_not_of("0123456789.e+") == std::string::npos;
      const bool unit = words[w] == "h";
      CHECK((number || unit || words[w] == "-"));
    }
    CHECK(words.back().ends_with("%"));
    ++rows;
  }
  CHECK(rows == 4);
}

TEST_CASE("the win sentence never says what the ranges contradict") {
  SUBCASE("never") {
    const Solved d = solved_checked({{"preset", "mnist-cpu-vs-h100"}, {"accelerator", "reference-cpu"}});
    CHECK(cli::win_ranges_sentence(*d.scenario, *d.result) ==
          "The Reference CPU (MLSys·im) is never faster than the host at any batch size from 1 to 60,000.");
  }
  SUBCASE("always") {
    const Solved d = solved_checked({{"preset", "mnist-cpu-vs-h100"}, {"launch", 0}});
    CHECK(cli::win_ranges_sentence(*d.scenario, *d.result) ==
          "The NVIDIA H100 SXM5 80GB is faster than the host at every batch size from 1 to 60,000.");
  }
  SUBCASE("regression: Xeon against T4 at int8 wins only at small batches (issue 6)") {
    const Solved d = solved_checked({{"preset", "imagenet-mlp-epyc-vs-h100"}, {"host", "xeon-8480-plus"},
                             {"accelerator", "t4"}, {"precision", "int8"}});
    const auto& wins = d.result->comparison.accelerator_wins;
    REQUIRE(wins.size() == 1);
    REQUIRE(wins[0].from == 1);
    const std::string sentence = cli::win_ranges_sentence(*d.scenario, *d.result);
    CHECK(sentence == "The NVIDIA T4 16GB is faster only at batch sizes 1 to " + std::to_string(wins[0].to) +
                          "; the host is as fast or faster at " + std::to_string(wins[0].to + 1) + " to 1,281,167.");
    CHECK(sentence.find("every batch size") == std::string::npos);
  }
}

TEST_CASE("errors are printed one per line with code and path") {
  const Solved errors = solve_checked({{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "x"}});
  CHECK(cli::format_errors(errors.errors) ==
        "error E_UNIT at /dispatch: \"x\" does not start with a number: write a time as a number and a unit, e.g. "
        "\"10 us\"\n");
}

// Regression (issue 7): --list-presets ran a 28-character id into its title; --list-datasets was
// misaligned. Every listing keeps its columns: each line's second column starts at the same place.
TEST_CASE("listings keep their columns apart") {
  for (const std::string& listing : {cli::format_presets(), cli::format_datasets(), cli::format_hardware()}) {
    std::size_t column = std::string::npos;
    std::size_t start = 0;
    while (start < listing.size()) {
      const std::size_t end = listing.find('\n', start);
      const std::string line = listing.substr(start, end - start);
      start = end == std::string::npos ? listing.size() : end + 1;
      if (line.empty() || line[0] == ' ') continue;  // continuation lines
      const std::size_t gap = line.find("  ");
      REQUIRE(gap != std::string::npos);
      const std::size_t second = line.find_first_not_of(' ', gap);
      if (column == std::string::npos) column = second;
      CAPTURE(line);
      CHECK(second == column);
    }
  }
}

TEST_CASE("the profile listing names every profile with its values") {
  const std::string text = cli::format_profiles();
  // One line per profile, its title in the same column on every line, then where the sources are.
  std::size_t column = std::string::npos;
  for (const auto& p : registry::profiles()) {
    CAPTURE(p.id);
    const std::string lines = "\n" + text;
    const std::size_t start = lines.find("\n" + p.id + " ") + 1;
    REQUIRE(start != 0);
    const std::size_t title = lines.find(p.title, start) - start;
    if (column == std::string::npos) column = title;
    CHECK(title == column);
    CHECK(text.find(p.title + ": Dispatch per operation " + p.values["dispatch"].get<std::string>() +
                    ", Kernel launch per operation " + p.values["launch"].get<std::string>()) != std::string::npos);
  }
  CHECK(text.find("sources: epochcalc --list-profiles --json") != std::string::npos);  // where the citations are
}

TEST_CASE("the calibration report says what was fitted, held and not determined") {
  // Host times from the model with dispatch 7 us and a host efficiency of 35 %: launch and the
  // accelerator's efficiency cannot be fitted from them; "fit" holds the launch.
  json written = {{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "7 us"}, {"assumptions", {{"host_efficiency", 0.35}}}};
  json measurements = json::array();
  for (std::int64_t b : {8, 512}) {
    written["network"] = {{"batch_size", b}};
    const json r = solve_document(written);
    measurements.push_back({{"device", "host"}, {"batch_size", b}, {"epoch_time_s", r["host"]["batched"]["epoch_time_s"]}});
  }
  const json input = {{"scenario", {{"preset", "mnist-cpu-vs-h100"}}},
                      {"measurements", measurements},
                      {"fit", {"dispatch", "host_efficiency", "accelerator_efficiency"}}};
  const json reply = calibrate_document(input);
  REQUIRE(reply["schema"] == "epochcalc/calibration@2");
  const std::string text = cli::format_calibration(reply);
  CAPTURE(text);
  CHECK(text.starts_with("Fitted to 2 measured epochs:\n"));
  CHECK(text.find("Dispatch per operation       7.00000 µs\n") != std::string::npos);
  CHECK(text.find("Kernel launch per operation  held at the scenario's value\n") != std::string::npos);
  CHECK(text.find("Host efficiency              35.0% of peak\n") != std::string::npos);
  CHECK(text.find("Accelerator efficiency       not determined\n") != std::string::npos);
  CHECK(text.find("Note: Only host times are given") != std::string::npos);
  CHECK(text.find("  host                 8") != std::string::npos);
  CHECK(text.find("RMS relative residual 0.0%.") != std::string::npos);
}

TEST_CASE("--predict: batch sizes for the fitted model's epochs, only with --calibrate") {
  const auto parsed = cli::parse_options({"--calibrate", "m.json", "--predict", "64,1024,60000"});
  CHECK(parsed.errors.empty());
  CHECK(parsed.options.predict == std::vector<std::int64_t>{64, 1024, 60000});
  CHECK(cli::parse_options({"--predict=8", "--calibrate=m.json"}).options.predict == std::vector<std::int64_t>{8});
  for (const char* bad : {"", "64,", ",64", "64;128", "1e3", "64 ,128"}) {
    CAPTURE(bad);
    const auto e = cli::parse_options({"--calibrate", "m.json", "--predict", bad});
    REQUIRE(e.errors.size() == 1);
    CHECK(e.errors[0].message == std::string("--predict takes batch sizes separated by commas, such as 64,1024; got \"") + bad + "\"");
  }
  CHECK(cli::parse_options({"--predict", "64"}).errors.at(0).message ==
        "--predict gives the fitted model's epochs; give --calibrate FILE too");
  CHECK(cli::parse_options({"--calibrate", "m.json", "--predict"}).errors.at(0).message == "--predict needs a value (B,B,...); see --help");
}

TEST_CASE("the calibration report shows each device's own fitted values, what no device pays, and the predictions") {
  // Times made by the model with the host's own dispatch at 9 us under its own profile; the accelerator
  // under its own profile too.
  const json start = {{"preset", "mnist-cpu-vs-h100"},
                      {"overheads", {{"host", {{"profile", "pytorch-eager-cpu"}}}, {"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}};
  json truth = start;
  truth["overheads"]["host"]["dispatch"] = "9 us";
  json measurements = json::array();
  for (const char* device : {"host", "accelerator"})
    for (std::int64_t b : {8, 512}) {
      truth["network"] = {{"batch_size", b}};
      const json r = solve_document(truth);
      measurements.push_back({{"device", device}, {"batch_size", b}, {"epoch_time_s", r[device]["batched"]["epoch_time_s"]}});
    }
  const json reply = calibrate_document({{"scenario", start}, {"measurements", measurements}, {"predict", {64, 60000}}});
  REQUIRE(reply["schema"] == "epochcalc/calibration@2");
  const std::string text = cli::format_calibration(reply);
  CAPTURE(text);
  CHECK(text.find("  Dispatch per operation                    paid by no device: each pays its own\n") != std::string::npos);
  CHECK(text.find("  Host: dispatch per operation              9.00000 µs\n") != std::string::npos);
  CHECK(text.find("  Accelerator: dispatch per operation       not determined\n") != std::string::npos);
  CHECK(text.find("Note: The scenario's dispatch per operation (/dispatch) is held as it is, since no device pays it: the host "
                  "pays its own dispatch per operation, from its profile pytorch-eager-cpu") != std::string::npos);
  truth["network"] = {{"batch_size", 64}};
  const json at64 = solve_document(truth);
  CHECK(text.find("The fitted model's epochs on the scenario's network:\n    batch         host   accelerator\n       64" +
                  cli::rpad(cli::format_time(at64["host"]["batched"]["epoch_time_s"].get<double>()), 13) + " ") != std::string::npos);
  CHECK(text.find("   60,000 ") != std::string::npos);
}

TEST_CASE("the report names the profile, the graph replay and the efficiencies only when set") {
  const Solved plain = solved_checked({{"preset", "mnist-cpu-vs-h100"}});
  const std::string plain_text = cli::format_report(*plain.scenario, *plain.result);
  CHECK(plain_text.find("profile") == std::string::npos);
  CHECK(plain_text.find("replays a graph") == std::string::npos);
  CHECK(plain_text.find("Efficiency") == std::string::npos);
  CHECK(plain_text.find("input gradient") == std::string::npos);
  const Solved skipped =
      solved_checked({{"preset", "mnist-cpu-vs-h100"}, {"assumptions", {{"first_layer_input_gradient", false}}}});
  CHECK(cli::format_report(*skipped.scenario, *skipped.result)
            .find(", training without the input gradient (2 passes on the first layer), overlap none\n") != std::string::npos);

  const Solved graphs = solved_checked({{"preset", "mnist-cpu-vs-h100"}, {"profile", "pytorch-cuda-graphs"},
                                {"assumptions", {{"launches_per_step", 3}, {"accelerator_efficiency", "25 %"}}}});
  const std::string text = cli::format_report(*graphs.scenario, *graphs.result);
  CAPTURE(text);
  CHECK(text.find(", from the pytorch-cuda-graphs profile\n") != std::string::npos);
  // 1,875 steps at batch 32, three graph launches each.
  CHECK(text.find("The accelerator replays a graph: 3 dispatches and launches per step, 5,625 per epoch at batch 32; the host "
                  "dispatches every operation, 60,000 per epoch\n") !=
        std::string::npos);
  CHECK(text.find("Efficiency (fraction of peak FLOP/s and bandwidth reached): host 100.0%, accelerator 25.0%\n") !=
        std::string::npos);
}

namespace {

// A CSV text as rows of fields (no quoted fields in these documents).
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    std::vector<std::string> cells;
    std::size_t from = 0;
    while (true) {
      const std::size_t comma = line.find(',', from);
      cells.push_back(line.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    rows.push_back(cells);
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return rows;
}

}  // namespace

TEST_CASE("what-if options: one at a time, --csv or --json") {
  const auto sweep = cli::parse_options({"--sweep", "dispatch=1 us:2 us", "--sweep", "launch=0:1", "--csv"});
  CHECK(sweep.errors.empty());
  CHECK(sweep.options.action == cli::Action::sweep);
  CHECK(sweep.options.sweeps.size() == 2);
  CHECK(sweep.options.csv);
  const auto solve = cli::parse_options({"--solve-for", "dispatch", "--goal", "speedup=2"});
  CHECK(solve.options.action == cli::Action::solve_for);
  CHECK(solve.options.goal == "speedup=2");
  CHECK(cli::parse_options({"--break-even"}).options.action == cli::Action::break_even);
  CHECK(cli::parse_options({"--compare", "all"}).options.compare == "all");
  CHECK(cli::parse_options({"--break-even", "--compare", "all"}).errors.at(0).message ==
        "give one of --sweep, --solve-for, --break-even, --what-ifs, --compare and --explain at a time");
  CHECK(cli::parse_options({"--what-ifs"}).options.action == cli::Action::quick_whatifs);
  CHECK(cli::parse_options({"--what-ifs", "--break-even"}).errors.size() == 1);
  CHECK(cli::parse_options({"--csv", "--what-ifs"}).errors.at(0).message ==
        "--csv writes a result, a sweep or a comparison; use --json for the others");
  CHECK(cli::parse_options({"--sweep", "a=1", "--sweep", "b=1", "--sweep", "c=1"}).errors.size() == 1);
  CHECK(cli::parse_options({"--json", "--csv"}).errors.at(0).message == "give --json or --csv, not both");
  // A flag that would do nothing is named, not ignored.
  CHECK(cli::parse_options({"--goal", "speedup=2"}).errors.at(0).message ==
        "--goal says what --solve-for aims at; give --solve-for PATH too");
  CHECK(cli::parse_options({"--csv", "--break-even"}).errors.at(0).message ==
        "--csv writes a result, a sweep or a comparison; use --json for the others");
  CHECK(cli::parse_options({"--csv", "--list-hardware"}).errors.size() == 1);
  CHECK(cli::parse_options({"--csv", "--compare", "all"}).errors.empty());
}

TEST_CASE("--what-ifs prints each what-if's edit and the epochs it gives, or why it does not apply") {
  const json list = quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"}});
  const std::string text = cli::format_quick_whatifs(list, "CPU", "H100");
  CHECK(text.rfind("Now: CPU 274.243 ms, H100 254.700 ms (1.08x).\n", 0) == 0);
  CHECK(text.find("CUDA Graphs: one launch per step (assumptions.launches_per_step = 1): H100 254.700 ms -> 29.6995 ms, 8.58x faster; CPU 274.243 ms -> 274.243 ms\n") != std::string::npos);
  CHECK(text.find("Half precision (fp16 or bf16): does not apply (the two devices have no half-precision peak in common)\n") != std::string::npos);
  CHECK(text.find("Four times the batch (network.batch_size = 128)") != std::string::npos);
}

TEST_CASE("CSV reads back to the same numbers: a header row, a units row, one row per point") {
  const json doc = {{"preset", "mnist-cpu-vs-h100"}};
  const json sweep = sweep_text(doc, {"dispatch=1 us:100 us:7:log"});
  const auto rows = csv_rows(csv_field_sweep(sweep));
  REQUIRE(rows.size() == 2 + 7);
  CHECK(rows[0][0] == "/dispatch");
  CHECK(rows[1][0] == "s");
  const std::size_t columns = rows[0].size();
  for (std::size_t i = 0; i < 7; ++i) {
    REQUIRE(rows[i + 2].size() == columns);
    CHECK(std::stod(rows[i + 2][0]) == sweep.at("x").at("values")[i].get<double>());
    for (std::size_t c = 1; c + 2 < columns; ++c) {
      const std::string& name = rows[0][c];
      const std::string device = name.substr(0, name.find('.'));
      const std::string key = name.substr(name.find('.') + 1);
      // A device without a price has no cost: an empty cell.
      if (key == "cost_usd" && !sweep.at(device).at("priced").get<bool>()) CHECK(rows[i + 2][c].empty());
      else CHECK(std::stod(rows[i + 2][c]) == sweep.at(device).at(key)[i].get<double>());
    }
    CHECK(std::stod(rows[i + 2][columns - 2]) == sweep.at("speedup")[i].get<double>());
    CHECK(rows[i + 2][columns - 1] == sweep.at("winner")[i]);
  }
  const json result = solve_document(doc);
  const auto breakdown = csv_rows(csv_result(result));
  REQUIRE(breakdown.size() == 2 + 4);
  CHECK(breakdown[2][0] == "host");
  CHECK(std::stod(breakdown[2][2]) == result.at("host").at("batched").at("epoch_time_s").get<double>());
  CHECK(std::stod(breakdown[5][2]) == result.at("accelerator").at("batch_one").at("epoch_time_s").get<double>());
  const json comparison = compare_text(doc, "accelerators");
  const auto devices = csv_rows(csv_compare(comparison));
  CHECK(devices.size() == 2 + comparison.at("devices").size());
  const auto epoch = static_cast<std::size_t>(std::find(devices[0].begin(), devices[0].end(), "batched.epoch_time_s") - devices[0].begin());
  REQUIRE(epoch < devices[0].size());
  CHECK(std::stod(devices[3][epoch]) == comparison.at("devices").at(1).at("batched").at("epoch_time_s").get<double>());
}

TEST_CASE("regression: the report counts the operations each device pays, not one count that no device pays") {
  // Before: "2,115 launched ops per epoch" (9 a step) while the CPU pays 8,460 and the A100 7,520.
  const Solved s = solved_checked({{"preset", "mnist-cpu-vs-h100"},
                                   {"network", {{"widths", {784, 512, 512, 10}}, {"batch_size", 256}}},
                                   {"accelerator", "a100-sxm-80gb"},
                                   {"overheads", {{"host", {{"profile", "pytorch-eager-cpu"}}},
                                                  {"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}});
  const std::string text = cli::format_report(*s.scenario, *s.result);
  CAPTURE(text);
  CHECK(text.find("2,115") == std::string::npos);
  CHECK(text.find("Dataset MNIST: 60,000 examples; batch 256 -> 235 steps\n") != std::string::npos);
  CHECK(text.find("36 operations per step: 8,460 operations per epoch (batch 1: 2,160,000)") != std::string::npos);
  CHECK(text.find("32 operations per step: 7,520 operations per epoch (batch 1: 1,920,000)") != std::string::npos);
  // Where both devices pay the scenario's count, the header gives it once.
  const Solved plain = solved_checked({{"preset", "mnist-cpu-vs-h100"}});
  CHECK(cli::format_report(*plain.scenario, *plain.result).find("1,875 steps, 16,875 launched ops per epoch") !=
        std::string::npos);
}

TEST_CASE("--explain names each device's value in force, the field that sets it and its layer") {
  const json doc = {{"preset", "mnist-cpu-vs-h100"},
                    {"dispatch", "7 us"},
                    {"overheads", {{"host", {{"profile", "pytorch-eager-cpu"}}}}}};
  const json e = explain_document(doc, "dispatch");
  REQUIRE(e["schema"] == "epochcalc/explain@1");
  CHECK(e["host"]["path"] == "/overheads/host/dispatch");
  CHECK(e["host"]["from"] == "profile");
  CHECK(e["host"]["id"] == "pytorch-eager-cpu");
  CHECK(e["accelerator"]["path"] == "/dispatch");
  CHECK(e["accelerator"]["from"] == "scenario");
  CHECK(e["accelerator"]["value"] == 7e-6);
  REQUIRE(e["warnings"].size() == 1);
  CHECK(e["warnings"][0]["code"] == "W_SHADOWED");
  const std::string text = cli::format_explain(e, "CPU", "GPU");
  CHECK(text.find("CPU: 4 µs (from the pytorch-eager-cpu profile), set by overheads.host.dispatch\n") != std::string::npos);
  CHECK(text.find("GPU: 7 µs (as the scenario gives it), set by dispatch\n") != std::string::npos);
  // The host pays no launch.
  CHECK(explain_document({{"preset", "mnist-cpu-vs-h100"}}, "launch")["host"]["paid"] == false);
  CHECK(cli::parse_options({"--explain", "dispatch"}).options.action == cli::Action::explain);
}

// Issue 35: the grid's header ran together ("Dispatch per operationBatch size"), and (issue 36) very
// large values ran the columns together. Every column is as wide as its widest cell, two spaces apart.
TEST_CASE("the text sweep and grid keep their columns apart for any label and any value") {
  const json doc = json::parse(R"({"preset": "mnist-cpu-vs-h100"})");
  const std::string grid = cli::format_field_sweep(sweep_text(doc, {"dispatch=1 us:100 us:3", "network.batch_size=1:1000:2"}));
  const std::string header = grid.substr(0, grid.find('\n'));
  CHECK(header.find("Dispatch per operation  Batch size") != std::string::npos);
  // Every line has as many cells, two or more spaces apart, as the header has columns, and each cell
  // starts where its header does (counted in characters: "µ" is two bytes).
  const auto cells = [](const std::string& line) {
    std::vector<std::size_t> starts;
    std::size_t chars = 0;
    int spaces = 2;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte
      if (line[i] == ' ') ++spaces;
      else {
        if (spaces >= 2) starts.push_back(chars);
        spaces = 0;
      }
      ++chars;
    }
    return starts;
  };
  const std::vector<std::size_t> columns = cells(header);
  REQUIRE(columns.size() == 6);
  std::size_t start = grid.find('\n') + 1, lines = 0;
  while (start < grid.size()) {
    const std::string line = grid.substr(start, grid.find('\n', start) - start);
    const std::vector<std::size_t> got = cells(line);
    REQUIRE(got.size() == columns.size());
    CHECK(got[0] == columns[0]);
    CHECK(got[1] == columns[1]);  // the left-aligned batch size
    ++lines;
    start += line.size() + 1;
  }
  CHECK(lines == 6);
  // A value of any size stays apart from the next one.
  const std::string table = cli::text_table({"a", "b"}, {{"3541680208333333594112 h", "3333333333333333508096 h"}}, {true, true});
  CHECK(table.find("h  3333") != std::string::npos);
}

// Issue 35: --list-profiles left out each profile's per-step cost. Each line now names every value the
// profile sets, by its field's label.
TEST_CASE("--list-profiles lists every value each profile sets") {
  const std::string listing = cli::format_profiles();
  for (const registry::ProfileEntry& p : registry::profiles()) {
    const std::size_t start = listing.find(p.id + " ");
    REQUIRE(start != std::string::npos);
    const std::string line = listing.substr(start, listing.find('\n', start) - start);
    const auto has = [&](const std::string& label, const json& v) {
      CAPTURE(label);
      CHECK(line.find(label + " " + (v.is_string() ? v.get<std::string>() : v.dump())) != std::string::npos);
    };
    if (p.values.contains("step_overhead")) has("Fixed cost per step", p.values.at("step_overhead"));
    has("Dispatch per operation", p.values.at("dispatch"));
    for (const auto& [key, v] : p.values.at("assumptions").items()) {
      const FieldSpec* f = find_field("/assumptions/" + key);
      REQUIRE(f);
      has(f->label, v);
    }
  }
}

// Issue 35: the sweep's CSV wrote 0 as the cost of a device without a price, had no per-step column (so
// overhead was not dispatch + launch in the sheet), and could only be read to 17 digits in seconds.
TEST_CASE("CSV: a cost only where there is a price, the overhead's parts add up, and --csv-units human") {
  json doc = json::parse(R"({"preset": "mnist-cpu-vs-h100", "accelerator": {"price_per_hour": "3 USD/h"}})");
  const json sweep = sweep_text(doc, {"dispatch=1 us:100 us:5:log"});
  const auto rows = csv_rows(csv_field_sweep(sweep));
  REQUIRE(rows.size() == 2 + 5);
  const auto column = [&](const std::string& name) {
    const auto at = std::find(rows[0].begin(), rows[0].end(), name);
    REQUIRE(at != rows[0].end());
    return static_cast<std::size_t>(at - rows[0].begin());
  };
  for (std::size_t r = 2; r < rows.size(); ++r) {
    CHECK(rows[r].size() == rows[0].size());
    CHECK(rows[r][column("host.cost_usd")].empty());  // no price: no cost, never 0
    CHECK(std::stod(rows[r][column("accelerator.cost_usd")]) > 0);
    for (const char* device : {"host.", "accelerator."}) {
      const auto value = [&](const char* key) { return std::stod(rows[r][column(std::string(device) + key)]); };
      CHECK(value("overhead_time_s") == doctest::Approx(value("dispatch_time_s") + value("launch_time_s") + value("step_time_s")).epsilon(1e-12));
    }
    // Exact: the SI value reads back to the engine's double.
    CHECK(std::stod(rows[r][column("host.epoch_time_s")]) == sweep.at("host").at("epoch_time_s")[r - 2].get<double>());
  }
  CHECK(rows[1][column("host.epoch_time_s")] == "s");
  // For people: each column in the unit its values read best in, six significant figures.
  const auto human = csv_rows(csv_field_sweep(sweep, CsvUnits::human));
  CHECK(human[1][0] == "µs");
  CHECK(human[2][0] == "1");
  // Each column named after the unit it is in (issue 45: "*_s" names over columns in ms or h).
  CHECK(human[0][column("host.epoch_time_s")] == "host.epoch_time_ms");
  CHECK(human[1][column("host.epoch_time_s")] == "ms");
  for (std::size_t c = 1; c < human[0].size(); ++c) {  // after the swept field's path
    CAPTURE(human[0][c]);
    if (human[0][c].ends_with("_s")) CHECK(human[1][c] == "s");
    if (human[1][c] == "ms") CHECK(human[0][c].ends_with("_ms"));
    if (human[1][c] == "µs") CHECK(human[0][c].ends_with("_us"));
  }
  for (std::size_t r = 2; r < human.size(); ++r) {
    const double ms = std::stod(human[r][column("host.epoch_time_s")]);
    CHECK(ms / 1e3 == doctest::Approx(sweep.at("host").at("epoch_time_s")[r - 2].get<double>()).epsilon(1e-5));
  }
  // A comparison and a result share the run's columns; an unpriced device's cost is empty there too.
  const auto compared = csv_rows(csv_compare(compare_text(doc, "l4@0.80/h,epyc-9654")));
  CHECK(std::find(compared[0].begin(), compared[0].end(), "batched.step_time_s") != compared[0].end());
  CHECK(compared[3][std::find(compared[0].begin(), compared[0].end(), "batched.cost_usd") - compared[0].begin()].empty());
  // Each row says its batch size and the price it was costed at, given or listed (issue 45).
  const auto at = [&](const char* name) { return static_cast<std::size_t>(std::find(compared[0].begin(), compared[0].end(), name) - compared[0].begin()); };
  REQUIRE(at("price_from") < compared[0].size());
  CHECK(compared[1][at("price_per_hour")] == "USD/h");
  CHECK(compared[2][at("device")] == "l4");
  CHECK(compared[2][at("batch_size")] == "32");
  CHECK(std::stod(compared[2][at("price_per_hour")]) == 0.8);
  CHECK(compared[2][at("price_from")] == "given");
  CHECK(compared[3][at("price_per_hour")].empty());
  CHECK(compared[3][at("price_from")].empty());
  const auto listed = csv_rows(csv_compare(compare_text(doc, "t4")));
  CHECK(listed[2][at("price_from")] == "list");
  // And the idle power it drew, in W; empty where none was given.
  const auto idle = csv_rows(csv_compare(compare_text(doc, "l4@0.80/h@72 W,t4")));
  REQUIRE(at("idle_power") < idle[0].size());
  CHECK(idle[1][at("idle_power")] == "W");
  CHECK(std::stod(idle[2][at("idle_power")]) == 72);
  CHECK(idle[3][at("idle_power")].empty());
}

// Issue 35: the cost read "7.069e-05 USD", the cheapest ranges came as a list of ids, and nothing said
// a price was a list price.
TEST_CASE("--compare: prices per hour with list prices marked and cited, costs per 1,000 epochs, the ranges in words") {
  const json doc = {{"preset", "mnist-cpu-vs-h100"}};
  const json comparison = compare_text(doc, "l4@0.80/h,t4,epyc-9654");
  const std::string text = cli::format_compare(comparison);
  CAPTURE(text);
  // Every epoch here costs under a cent: the column is per 1,000 epochs, to four figures.
  CHECK(text.find("USD/1,000 epochs") != std::string::npos);
  char l4_cost[32];
  std::snprintf(l4_cost, sizeof l4_cost, "%.4g", comparison.at("devices").at(0).at("batched").at("cost_usd").get<double>() * 1000);
  CHECK(text.find(l4_cost) != std::string::npos);
  // The T4's is its list price: starred, with the offer and the day it was read.
  const registry::ListPrice* t4 = registry::find_list_price("t4");
  REQUIRE(t4);
  CHECK(text.find("* t4: " + t4->offer + ", read " + t4->date) != std::string::npos);
  // The unpriced CPU has no cost: a dash, never 0.
  const std::size_t epyc = text.find("epyc-9654");
  CHECK(text.substr(epyc, text.find('\n', epyc) - epyc).ends_with("-"));
  CHECK(text.find(comparison.at("cheapest_text").get<std::string>()) != std::string::npos);
  CHECK(text.find(comparison.at("fastest_text").get<std::string>()) != std::string::npos);
}
