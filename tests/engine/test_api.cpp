// The text API the CLI and the wasm module call: contract shape, errors as values, no NaN.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "solved.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

std::vector<std::string> keys_of(const json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, _] : object.items()) keys.push_back(key);
  return keys;
}

// A file of the source tree, read at test time (the wasm build reads the real file system too): data
// the engine did not read, so a test can compare what the engine says with it.
std::string source_text(const std::string& relative) {
  const std::filesystem::path root = std::filesystem::path(EPOCHCALC_GOLDEN_DIR) / ".." / "..";
  std::ifstream file(root / relative, std::ios::binary);
  REQUIRE_MESSAGE(file.good(), relative);
  return std::string{std::istreambuf_iterator<char>(file), {}};
}
json source_file(const std::string& relative) { return json::parse(source_text(relative)); }

template <typename Entry>
std::vector<std::string> ids_of(const std::vector<Entry>& entries) {
  std::vector<std::string> ids;
  for (const Entry& e : entries) ids.push_back(e.id);
  return ids;
}

std::vector<std::string> ids_of(const json& list) {
  std::vector<std::string> ids;
  for (const json& item : list) ids.push_back(item.at("id").get<std::string>());
  return ids;
}

// MAJOR.MINOR.PATCH, each a number without leading zeros.
bool is_release_number(const std::string& text) {
  int parts = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(text.find('.', start), text.size());
    const std::string part = text.substr(start, end - start);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos || (part.size() > 1 && part[0] == '0'))
      return false;
    ++parts;
    if (end == text.size()) return parts == 3;
    start = end + 1;
  }
}

void check_all_finite(const json& value, const std::string& path = "") {
  if (value.is_number()) {
    CAPTURE(path);
    CHECK(std::isfinite(value.get<double>()));
  }
  if (value.is_structured())
    for (const auto& [key, child] : value.items()) check_all_finite(child, path + "/" + key);
}

}  // namespace

TEST_CASE("the result has exactly the contract's fields") {
  const json r = json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100"})"));
  CHECK(keys_of(r) == std::vector<std::string>{"schema", "scenario", "network", "host", "accelerator", "comparison", "warnings"});
  CHECK(r["schema"] == "epochcalc/result@1");
  CHECK(keys_of(r["network"]) == std::vector<std::string>{"layers", "parameters", "batched", "batch_one"});
  CHECK(keys_of(r["network"]["batched"]) ==
        std::vector<std::string>{"batch_size", "steps_per_epoch", "flops", "bytes", "launched_ops"});
  const std::vector<std::string> run_fields{"dispatches", "launches",
                                            "epoch_time_s",        "compute_time_s",      "memory_time_s",
                                            "work_time_s",         "dispatch_time_s",     "launch_time_s",
                                            "step_time_s",         "overhead_time_s",     "transfer_time_s",
                                            "overhead_fraction",   "arithmetic_energy_j",
                                            "data_movement_energy_j", "idle_energy_j", "energy_j", "cost_usd"};
  for (const char* device : {"host", "accelerator"}) {
    CAPTURE(device);
    CHECK(keys_of(r[device]) == std::vector<std::string>{"name", "overheads", "batched", "batch_one"});
    CHECK(keys_of(r[device]["overheads"]) ==
          std::vector<std::string>{"profile", "dispatch", "launch", "step_overhead", "ops_per_layer",
                                   "extra_ops_per_step", "ops_per_step", "launches_per_step", "own", "sources"});
    CHECK(keys_of(r[device]["batched"]) == run_fields);
    CHECK(keys_of(r[device]["batch_one"]) == run_fields);
  }
  CHECK(keys_of(r["comparison"]) ==
        std::vector<std::string>{"accelerator_speedup_batched", "accelerator_speedup_batch_one", "batching_speedup_host",
                                 "batching_speedup_accelerator", "accelerator_wins", "crossover_batch_size"});
  CHECK(r["comparison"]["accelerator_wins"] == json::parse(R"([{"from": 21, "to": 60000}])"));
  CHECK(r["network"]["parameters"] == 109386);
  CHECK(r["network"]["layers"] == 3);
  CHECK(r["host"]["name"] == "Reference CPU (MLSys·im)");
  check_all_finite(r);
}

TEST_CASE("invalid JSON text is E_JSON with the position") {
  const json e = json::parse(solve_json("{\"preset\": \"mnist-cpu-vs-h100\",}"));
  CHECK(e["schema"] == "epochcalc/error@1");
  REQUIRE(e["errors"].size() == 1);
  CHECK(e["errors"][0]["code"] == "E_JSON");
  CHECK(e["errors"][0]["path"] == "");
  // Where, as an editor shows it, and the likely cause (issue 35: "at character 60" alone).
  CHECK(e["errors"][0]["message"] ==
        "the scenario is not valid JSON (at line 1, column 32): a comma after the last item (JSON allows none)");
  CHECK(json::parse(solve_json("{\n  \"preset\": \"mnist-cpu-vs-h100\",\n  \"dispatch\": \"10 µs\",\n}"))["errors"][0]["message"] ==
        "the scenario is not valid JSON (at line 4, column 1): a comma after the last item (JSON allows none)");
  CHECK(json::parse(solve_json("{\"preset\": \"mnist-cpu-vs-h100\" /* the default */}"))["errors"][0]["message"] ==
        "the scenario is not valid JSON (at line 1, column 32): a comment (JSON has none)");
  CHECK(json::parse(solve_json(""))["errors"][0]["code"] == "E_JSON");
}

TEST_CASE("deeply nested JSON is refused before it can exhaust the stack") {
  const std::string deep = "{\"name\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  const json e = json::parse(solve_json(deep));
  REQUIRE(e["errors"].size() == 1);
  CHECK(e["errors"][0]["code"] == "E_JSON");
  CHECK(e["errors"][0]["message"] == "the scenario nests objects and arrays more than 64 levels deep; a scenario needs at most 4");
  const std::string fine = "{\"preset\": \"mnist-cpu-vs-h100\", \"name\": " + std::string(20, '[') + std::string(20, ']') + "}";
  CHECK(json::parse(solve_json(fine))["errors"][0]["path"] == "/name");  // parsed; then a type error
  CHECK(json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100", "dispatch": 1e400})"))["errors"][0]["code"] == "E_JSON");
}

TEST_CASE("errors come back as a document listing every problem") {
  const json e = json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100", "dispatch": "x", "launch": "5 GB"})"));
  CHECK(e["schema"] == "epochcalc/error@1");
  REQUIRE(e["errors"].size() == 2);
  CHECK(keys_of(e["errors"][0]) == std::vector<std::string>{"code", "path", "message"});
  CHECK(e["errors"][0]["path"] == "/dispatch");
  CHECK(e["errors"][1]["path"] == "/launch");
}

TEST_CASE("messages quoting invalid UTF-8 stay valid JSON") {
  json doc = {{"preset", "mnist-cpu-vs-h100"}, {"name", 1}};
  doc["dispatch"] = std::string("\xff\xfe us");
  const json e = solve_document(doc);
  CHECK(e["schema"] == "epochcalc/error@1");
  const std::string text = solve_json(R"({"preset": "mnist-cpu-vs-h100", "dispatch": "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9 us"})");
  CHECK(json::parse(text)["errors"][0]["code"] == "E_UNIT");
}

TEST_CASE("regression: a name of ill-formed UTF-8 is written replaced, never as a null result") {
  // Found by fuzzing the field editor: a lead byte past 0xf4 passed the writer's check, so the result's
  // text did not parse back and result_to_json returned null. Each is ill-formed (RFC 3629).
  for (const std::string bad : {"\xf6\x8f\x8d\x89", "\xf5\x80\x80\x80", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf0\x80\x80\xaf",
                                "\xf4\x90\x80\x80"}) {
    json doc = {{"preset", "mnist-cpu-vs-h100"}};
    Errors errors;
    REQUIRE(set_field(doc, "/name", bad + "file", errors));
    const Solved s = solve_checked(doc);
    REQUIRE(s.result);
    const json r = result_to_json(*s.scenario, *s.result, s.warnings);
    REQUIRE(r.is_object());
    CHECK(r["scenario"]["name"].get<std::string>().ends_with("file"));
  }
}

TEST_CASE("the largest and smallest allowed inputs still give finite numbers") {
  json doc = {{"preset", "mnist-cpu-vs-h100"}};
  std::vector<std::int64_t> widths(1001, 1000000);
  doc["network"] = {{"widths", widths},
                    {"batch_size", 1},
                    {"dataset", {{"name", "huge"}, {"training_examples", 1000000000000}}}};
  doc["host"] = {{"name", "slow"}, {"peak_flops", {{"fp32", 1}}}, {"memory_bandwidth", 1}};
  doc["dispatch"] = 3600;
  doc["launch"] = 3600;
  doc["flop_energy"] = 1;
  doc["dram_energy_per_byte"] = 1;
  doc["assumptions"] = {{"ops_per_layer", 1000}, {"extra_ops_per_step", 1000000}};
  const json r = solve_document(doc);
  REQUIRE(r["schema"] == "epochcalc/result@1");
  check_all_finite(r);
}

TEST_CASE("inputs beyond the allowed range are E_RANGE, not overflow") {
  json doc = {{"preset", "mnist-cpu-vs-h100"}, {"dispatch", 1e300}, {"flop_energy", "2 J/flop"}};
  doc["host"] = {{"base", "reference-cpu"}, {"peak_flops", {{"fp32", 0.5}}}};
  const json e = solve_document(doc);
  REQUIRE(e["errors"].size() == 3);
  CHECK(e["errors"][0]["path"] == "/host/peak_flops/fp32");
  CHECK(e["errors"][0]["message"] == "0.5 is out of range: a FLOP rate must be at least 1 FLOP/s");
  CHECK(e["errors"][1]["message"] == "1e+300 is out of range: a time must be at most 3,600 s");
  CHECK(e["errors"][2]["message"] == "\"2 J/flop\" is out of range: an energy per FLOP must be at most 1 J/flop");
}

TEST_CASE("sweep: default grid and explicit batch sizes, series by quantity") {
  const json scenario = {{"preset", "mnist-cpu-vs-h100"}};
  const json grid = sweep_document(scenario, nullptr);
  CHECK(grid["schema"] == "epochcalc/sweep@2");
  CHECK(grid["crossover_batch_size"] == 21);
  CHECK(grid["accelerator_wins"] == json::parse(R"([{"from": 21, "to": 60000}])"));
  const std::vector<double> sizes = grid["batch_size"];
  CHECK(grid["points"] == sizes.size());
  CHECK(sizes.front() == 1);
  CHECK(sizes.back() == 60000);
  CHECK(std::is_sorted(sizes.begin(), sizes.end()));
  CHECK(std::adjacent_find(sizes.begin(), sizes.end()) == sizes.end());
  // Powers of two, the batch size, both sides of the switch, N, and log-spaced points between.
  for (double expected : {2.0, 20.0, 21.0, 32.0, 32768.0, 60000.0}) {
    CAPTURE(expected);
    CHECK(std::find(sizes.begin(), sizes.end(), expected) != sizes.end());
  }
  CHECK(sizes.size() > 50);
  CHECK(grid["host"]["epoch_time_s"].size() == sizes.size());
  CHECK(grid["accelerator"]["overhead_time_s"].size() == sizes.size());

  const json some = sweep_document(scenario, json::array({32, 1}));
  REQUIRE(some["batch_size"].size() == 2);
  const json single = solve_document(scenario);
  CHECK(some["host"]["epoch_time_s"][0] == single["host"]["batched"]["epoch_time_s"]);
  CHECK(some["accelerator"]["work_time_s"][1] == single["accelerator"]["batch_one"]["work_time_s"]);
  CHECK(some["accelerator"]["overhead_time_s"][1] == single["accelerator"]["batch_one"]["overhead_time_s"]);
  const json bad = sweep_document(scenario, json::array({0, 70000, 2.5}));
  REQUIRE(bad["errors"].size() == 3);
  CHECK(bad["errors"][0]["path"] == "/batch_sizes/0");
  CHECK(bad["errors"][1]["message"] == "70000 is out of range: use a whole number from 1 to 60,000");
  CHECK(bad["errors"][2]["code"] == "E_TYPE");
  CHECK(sweep_document(scenario, json::object())["errors"][0]["code"] == "E_TYPE");
  CHECK(sweep_document(scenario, json::array({"x"}))["errors"][0]["path"] == "/batch_sizes/0");
}

TEST_CASE("evaluate: one validation gives the result and its sweep") {
  const Evaluation e = evaluate({{"preset", "mnist-cpu-vs-h100"}}, nullptr);
  REQUIRE(e.solved.result);
  CHECK(e.solved.errors.empty());
  CHECK(e.solved.result->comparison.crossover_batch_size == 21);
  REQUIRE(!e.sweep.batch_size.empty());
  const auto at32 = std::find(e.sweep.batch_size.begin(), e.sweep.batch_size.end(), 32.0) - e.sweep.batch_size.begin();
  CHECK(e.sweep.host.epoch_time_s[static_cast<std::size_t>(at32)] == e.solved.result->host.batched.epoch_time_s);
  const Evaluation invalid = evaluate({{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "fast"}}, nullptr);
  CHECK_FALSE(invalid.solved.result);
  CHECK(invalid.sweep.batch_size.empty());
  REQUIRE(invalid.solved.errors.size() == 1);
  CHECK(invalid.solved.errors[0].path == "/dispatch");
}

TEST_CASE("the schema exports every rule the page needs") {
  const json s = json::parse(schema_json());
  CHECK(s["schema"] == "epochcalc/schema@1");
  CHECK(s["precisions"].size() == 6);
  CHECK(s["precisions"][2] == json::parse(R"({"id": "fp16", "bytes": 2})"));
  CHECK(s["phases"][1] == json::parse(R"({"id": "inference", "gemm_passes": 1, "default_ops_per_layer": 1})"));
  CHECK(s["overlaps"][1]["id"] == "roofline");
  CHECK(s["device_kinds"][0] == json::parse(R"({"id": "cpu", "label": "CPUs"})"));
  CHECK(s["dimensions"]["time"]["si_unit"] == "s");
  CHECK(s["defaults"]["/assumptions/ops_per_layer"]["values"]["training"] == 3);
  CHECK(s["default_preset"] == "mnist-cpu-vs-h100");
  const auto field = [&](const std::string& path) {
    for (const json& f : s["fields"])
      if (f["path"] == path) return f;
    return json();
  };
  CHECK(field("/network/batch_size")["max"] == 1000000000000);
  CHECK(field("/dispatch")["dimension"] == "time");
  CHECK(field("/dispatch")["max"] == 3600);
  CHECK(field("/precision")["choices"].size() == 6);
  CHECK(field("/accelerator/peak_flops/int8")["kind"] == "quantity");
  CHECK(field("/assumptions/ops_per_layer")["required"] == false);
  // A text's limit as the schema gives it is the one the solver enforces (the page checks it before
  // it lays out a text from a link).
  // (A device's name is read with the registry device it edits.)
  const std::pair<const char*, const char*> texts[] = {{"/name", nullptr}, {"/host/name", "reference-cpu"}, {"/accelerator/name", "h100-sxm"}};
  for (const auto& named_text : texts) {
    // (Not a structured binding: clang 14 cannot capture one in the lambda below.)
    const char* path = named_text.first;
    const char* base = named_text.second;
    CAPTURE(path);
    REQUIRE(field(path)["max_length"].is_number_unsigned());
    const std::size_t longest = field(path)["max_length"];
    const auto errors_at = [&](std::size_t length) {
      json doc = {{"preset", "mnist-cpu-vs-h100"}};
      doc[json::json_pointer(path)] = std::string(length, 'n');
      if (base) doc[json::json_pointer(path).parent_pointer()]["base"] = base;
      const json reply = json::parse(solve_json(doc.dump()));
      json paths = json::array();
      for (const json& e : reply.value("errors", json::array())) paths.push_back(e["path"]);
      return paths;
    };
    CHECK(errors_at(longest) == json::array());
    CHECK(errors_at(longest + 1) == json::array({path}));
    CHECK(longest == s["limits"]["text"]["max_length"]);
  }
  CHECK(field("/dispatch")["max_length"] == 100);
  CHECK(json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100", "dispatch": "1)" + std::string(96, '0') + R"( us"})"))["errors"][0]["code"] == "E_RANGE");
}

TEST_CASE("expand resolves the preset and every registry reference, keeping what was written") {
  const json e = json::parse(expand_json(R"({"preset": "mnist-cpu-vs-h100", "host": {"tdp": "100 W"}, "dispatch": "fast"})"));
  CHECK(e["schema"] == "epochcalc/expanded@1");
  const json& s = e["scenario"];
  CHECK(s["host"]["base"] == "reference-cpu");
  CHECK(s["host"]["name"] == "Reference CPU (MLSys·im) (customised)");
  CHECK(s["host"]["tdp"] == "100 W");
  CHECK(s["host"]["memory_bandwidth"] == "50 GB/s");
  CHECK(s["accelerator"]["base"] == "h100-sxm");
  CHECK(s["network"]["dataset"]["training_examples"] == 60000);
  CHECK(s["dispatch"] == "fast");  // not validated here
  CHECK(json::parse(expand_json(R"({"preset": "nope"})"))["errors"][0]["code"] == "E_UNKNOWN_ID");
  CHECK(json::parse(expand_json(R"({"preset": "mnist-cpu-vs-h100", "host": "h100"})"))["errors"][0]["path"] == "/host");
  CHECK(json::parse(expand_json("null"))["errors"][0]["code"] == "E_TYPE");
  // The expansion solves exactly like the input.
  const json original = solve_document(json::parse(R"({"preset": "mnist-cpu-vs-h100", "host": {"tdp": "100 W"}})"));
  CHECK(testing::numbers_of(solve_document(json::parse(expand_json(R"({"preset": "mnist-cpu-vs-h100", "host": {"tdp": "100 W"}})"))["scenario"])) ==
        testing::numbers_of(original));
}

TEST_CASE("set_field reads the typed text by the field's kind") {
  const auto set = [](const std::string& doc, const std::string& path, const std::string& text) {
    return json::parse(set_field_json(doc, path, text));
  };
  const std::string preset = R"({"preset": "mnist-cpu-vs-h100"})";
  CHECK(set(preset, "/network/batch_size", "64")["scenario"]["network"] == json::parse(R"({"batch_size": 64})"));
  CHECK(set(preset, "network.batch_size", "60,000")["scenario"]["network"]["batch_size"] == "60,000");
  CHECK(set(preset, "/dispatch", "2e-5")["scenario"]["dispatch"] == "2e-5");
  CHECK(set(preset, "/name", "123")["scenario"]["name"] == "123");
  CHECK(set(preset, "/assumptions/drop_last", "true")["scenario"]["assumptions"]["drop_last"] == true);
  CHECK(set(preset, "/assumptions/drop_last", "yes")["scenario"]["assumptions"]["drop_last"] == "yes");
  // Inside a preset's registry device: the base comes along, so a new name keeps the rest.
  CHECK(set(preset, "/accelerator/name", "My GPU")["scenario"]["accelerator"] ==
        json::parse(R"({"base": "h100-sxm", "name": "My GPU"})"));
  // Inside a preset's widths: the array comes along, since arrays replace whole.
  CHECK(set(preset, "/network/widths/1", "256")["scenario"]["network"]["widths"] == json::parse("[784, 256, 64, 10]"));
  // Widths as every report prints them (issue 35), as well as with commas, spaces or JSON; a dash that
  // could be a minus sign stays text, refused by the reader.
  CHECK(set(preset, "network.widths", "784-512-512-10")["scenario"]["network"]["widths"] == json::parse("[784, 512, 512, 10]"));
  CHECK(set(preset, "network.widths", "784, 512 10")["scenario"]["network"]["widths"] == json::parse("[784, 512, 10]"));
  CHECK(set(preset, "network.widths", "784,-512,10")["scenario"]["network"]["widths"] == json::parse("[784, -512, 10]"));
  CHECK(set(preset, "network.widths", "-784-512")["scenario"]["network"]["widths"] == "-784-512");
  // Emptied optional fields: null over a preset (deletes the preset's value), absent otherwise.
  CHECK(set(preset, "/assumptions/ops_per_layer", "")["scenario"]["assumptions"]["ops_per_layer"].is_null());
  CHECK_FALSE(set(R"({"assumptions": {"ops_per_layer": 2}})", "/assumptions/ops_per_layer", " ")["scenario"]["assumptions"].contains("ops_per_layer"));
  CHECK(set(preset, "", "1")["errors"][0]["code"] == "E_ARGS");
  CHECK(set("{", "/name", "x")["errors"][0]["code"] == "E_JSON");
  // Every edit above still solves (or is reported) through the one parser.
  CHECK(solve_document(set(preset, "/accelerator/name", "My GPU")["scenario"])["accelerator"]["name"] == "My GPU");
  CHECK(solve_document(set(preset, "/dispatch", "2e-5")["scenario"])["scenario"]["dispatch"] == 2e-5);
}

// Regression (issue 17): the sizes were compared with the document they were read from, so the test
// could not fail. The files in engine/data are read here, apart from the copy embedded in the engine:
// a change of the embedding (its line and space stripping), a registry entry the loader drops, or a
// listing that leaves something out makes them differ.
TEST_CASE("listings are the shipped registries, entry for entry") {
  const json hardware = source_file("engine/data/hardware.json");
  const json datasets = source_file("engine/data/datasets.json");
  const json presets = source_file("engine/data/presets.json");
  CHECK(json::parse(hardware_json()) == hardware);
  CHECK(json::parse(datasets_json()) == datasets);
  CHECK(json::parse(presets_json()) == presets);
  CHECK(ids_of(registry::hardware()) == ids_of(hardware.at("hardware")));
  CHECK(ids_of(registry::datasets()) == ids_of(datasets.at("datasets")));
  CHECK(ids_of(registry::presets()) == ids_of(presets.at("presets")));
  CHECK_FALSE(registry::hardware().empty());
}

// Regression (issue 17): version() was compared with the project version it is built from. The
// package's version (package.json, what npm publishes and the page shows) is set apart from the one
// CMake builds in: they must agree, and be a release number.
TEST_CASE("the engine's version is the package's, a semantic version") {
  const std::string package = source_file("package.json").at("version").get<std::string>();
  CHECK(std::string(version()) == package);
  CHECK(is_release_number(std::string(version())));
}

// Regression: E_DUPLICATE_KEY was added to the engine but not to the fuzz checks' list of codes or to
// the module's typings. Every code is one row of code::all; the README and the typings name each one
// the user can meet (E_ARGS only from the command line, so not in the module's typings).
TEST_CASE("every error code is documented in the README and the module's typings") {
  const std::string readme = source_text("README.md");
  const std::string typings = source_text("wasm/epochcalc.d.ts");
  for (const char* c : code::all) {
    CHECK_MESSAGE(readme.find(std::string("`") + c + "`") != std::string::npos, std::string(c));
    if (std::string_view(c) != code::args) CHECK_MESSAGE(typings.find(c) != std::string::npos, std::string(c));
  }
}

// The typings follow the field table: every key a scenario can hold is typed, as written in the
// scenario input and in the normalized scenario of a result (a field added as a row and left out of
// wasm/epochcalc.d.ts fails here).
TEST_CASE("every field of the table is typed in the module's typings, for input and for the result") {
  const std::string typings = source_text("wasm/epochcalc.d.ts");
  const json result = json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100"})"));
  for (const FieldSpec& f : field_specs()) {
    const std::string key = f.path.substr(f.path.rfind('/') + 1);
    if (key == "-" || bytes_per_element(key)) continue;  // a width; a precision's peak (typed as Precision)
    CAPTURE(f.path);
    const bool optional_typed = typings.find(" " + key + "?:") != std::string::npos;
    const bool required_typed = typings.find(" " + key + ":") != std::string::npos;
    // As input: optional where the table says so.
    CHECK((f.required ? required_typed : optional_typed));
    // A device's fields are in every result's normalized scenario, typed as always there (null when
    // not given). (The assumptions are typed there as Required<Assumptions>.)
    if (f.path.starts_with("/host/") && f.path.find("/peak_flops/") == std::string::npos) {
      CHECK(result["scenario"]["host"].contains(key));
      CHECK(required_typed);
    }
  }
}

// Regression (found by the fuzzer): a document that is not an object was "expected an object, got a
// string" from solve_json and "expected the scenario as an object, got a string" from expand_json (the
// page's path): one error, one message, whichever call meets it.
TEST_CASE("a document that is not an object gets the same error from expand and solve") {
  for (const char* text : {"null", "42", "true", "\"{\"", "[1]"}) {
    CAPTURE(text);
    const json solved = json::parse(solve_json(text));
    const json expanded = json::parse(expand_json(text));
    REQUIRE(solved["schema"] == "epochcalc/error@1");
    CHECK(expanded["errors"] == solved["errors"]);
  }
}
