// The text API the CLI and the wasm module call: contract shape, errors as values, no NaN.
#include <doctest/doctest.h>

#include <cmath>

#include "epochcalc/api.hpp"
#include "epochcalc/registry.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

std::vector<std::string> keys_of(const json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, _] : object.items()) keys.push_back(key);
  return keys;
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
  const std::vector<std::string> run_fields{"epoch_time_s",        "compute_time_s",      "memory_time_s",
                                            "work_time_s",         "dispatch_time_s",     "launch_time_s",
                                            "overhead_time_s",     "overhead_fraction",   "arithmetic_energy_j",
                                            "data_movement_energy_j", "energy_j"};
  for (const char* device : {"host", "accelerator"}) {
    CAPTURE(device);
    CHECK(keys_of(r[device]) == std::vector<std::string>{"name", "batched", "batch_one"});
    CHECK(keys_of(r[device]["batched"]) == run_fields);
    CHECK(keys_of(r[device]["batch_one"]) == run_fields);
  }
  CHECK(keys_of(r["comparison"]) ==
        std::vector<std::string>{"accelerator_speedup_batched", "accelerator_speedup_batch_one", "batching_speedup_host",
                                 "batching_speedup_accelerator", "crossover_batch_size"});
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
  CHECK(e["errors"][0]["message"] ==
        "the scenario is not valid JSON (at character 32): check quotes, commas, brackets and numbers there");
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

TEST_CASE("the largest and smallest allowed inputs still give finite numbers") {
  json doc = {{"preset", "mnist-cpu-vs-h100"}};
  std::vector<std::int64_t> widths(1001, 1000000);
  doc["network"] = {{"widths", widths},
                    {"batch_size", 1},
                    {"dataset", {{"name", "huge"}, {"training_examples", 10000000000}}}};
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

TEST_CASE("sweep: default grid and explicit batch sizes") {
  const std::string scenario = R"({"preset": "mnist-cpu-vs-h100"})";
  const json grid = json::parse(sweep_json(scenario, ""));
  CHECK(grid["schema"] == "epochcalc/sweep@1");
  CHECK(grid["crossover_batch_size"] == 21);
  std::vector<std::int64_t> sizes;
  for (const json& p : grid["points"]) sizes.push_back(p["batch_size"]);
  CHECK(sizes.front() == 1);
  CHECK(sizes.back() == 60000);
  CHECK(std::is_sorted(sizes.begin(), sizes.end()));
  for (std::int64_t expected : {2, 20, 21, 32, 32768}) {
    CAPTURE(expected);
    CHECK(std::find(sizes.begin(), sizes.end(), expected) != sizes.end());
  }
  const json some = json::parse(sweep_json(scenario, "[32, 1]"));
  REQUIRE(some["points"].size() == 2);
  const json single = json::parse(solve_json(scenario));
  CHECK(some["points"][0]["host"] == single["host"]["batched"]);
  CHECK(some["points"][1]["accelerator"] == single["accelerator"]["batch_one"]);
  const json bad = json::parse(sweep_json(scenario, "[0, 70000]"));
  REQUIRE(bad["errors"].size() == 2);
  CHECK(bad["errors"][0]["path"] == "/batch_sizes/0");
  CHECK(bad["errors"][1]["message"] == "70000 is out of range: use a whole number from 1 to 60,000");
  CHECK(json::parse(sweep_json(scenario, "{}"))["errors"][0]["code"] == "E_TYPE");
  CHECK(json::parse(sweep_json(scenario, "[1,"))["errors"][0]["code"] == "E_JSON");
}

TEST_CASE("listings are the shipped registries") {
  CHECK(json::parse(hardware_json())["hardware"].size() == registry::hardware().size());
  CHECK(json::parse(datasets_json())["datasets"].size() == registry::datasets().size());
  CHECK(json::parse(presets_json())["presets"].size() == registry::presets().size());
  CHECK(version() == EPOCHCALC_TEST_VERSION);
}
