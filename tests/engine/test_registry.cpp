// The shipped registries: every entry loads, cites a source, and every preset solves.
#include <doctest/doctest.h>

#include <algorithm>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/registry.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {
bool contains(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}
}  // namespace

TEST_CASE("the hardware registry has the required entries, each with a source") {
  for (const char* id : {"reference-cpu", "h100-sxm", "a100-sxm-80gb", "l4", "t4", "rtx-4090"}) {
    CAPTURE(id);
    CHECK(contains(registry::hardware_ids(), id));
  }
  int cpus = 0, gpus = 0;
  for (const auto& entry : registry::hardware()) {
    CAPTURE(entry.id);
    CHECK_FALSE(entry.device.name.empty());
    CHECK(entry.device.source.size() > 10);
    CHECK(entry.device.memory_bandwidth > 0);
    CHECK(entry.device.peak_flops.count("fp32") == 1);
    for (const auto& [precision, peak] : entry.device.peak_flops) CHECK(peak > 0);
    (entry.kind == "cpu" ? cpus : gpus) += 1;
  }
  CHECK(cpus >= 4);  // reference, two server CPUs, a laptop CPU
  CHECK(gpus >= 6);
}

TEST_CASE("registry hardware matches the datasheet figures the default scenario uses") {
  const Device& cpu = registry::find_hardware("reference-cpu")->device;
  CHECK(cpu.peak_flops.at("fp32") == 1e12);
  CHECK(cpu.memory_bandwidth == 50e9);
  CHECK(cpu.memory_capacity == 64.0 * 1024 * 1024 * 1024);
  CHECK(cpu.tdp == 150);
  const Device& h100 = registry::find_hardware("h100-sxm")->device;
  CHECK(h100.peak_flops.at("fp32") == 67e12);
  CHECK(h100.peak_flops.at("tf32") == doctest::Approx(494.7e12));
  CHECK(h100.peak_flops.at("fp16") == doctest::Approx(989.4e12));
  CHECK(h100.peak_flops.at("fp8") == doctest::Approx(1979e12));
  CHECK(h100.memory_bandwidth == 3.35e12);
  CHECK(h100.tdp == 700);
}

TEST_CASE("the dataset registry has the required entries") {
  for (const char* id : {"mnist", "fashion-mnist", "cifar-10", "cifar-100", "svhn", "imagenet-1k"}) {
    CAPTURE(id);
    REQUIRE(registry::find_dataset(id));
    CHECK(registry::find_dataset(id)->source.size() > 10);
  }
  CHECK(registry::find_dataset("mnist")->dataset.training_examples == 60000);
  CHECK(registry::find_dataset("imagenet-1k")->dataset.training_examples == 1281167);
}

TEST_CASE("the default preset is exactly the documented scenario") {
  const json expected = json::parse(R"({ "name": "MNIST epoch: CPU vs H100",
    "network": { "widths": [784,128,64,10], "batch_size": 32, "dataset": "mnist" },
    "host": "reference-cpu", "accelerator": "h100-sxm", "precision": "fp32",
    "dispatch": "10 us", "launch": "5 us",
    "dram_energy_per_byte": "160 pJ/B", "flop_energy": "3.7 pJ/flop",
    "assumptions": { "phase": "training", "extra_ops_per_step": 0,
                     "overlap": "none", "drop_last": false } })");
  CHECK(registry::find_preset(registry::default_preset_id)->scenario == expected);
  CHECK(json::parse(default_scenario_json()) == expected);
}

TEST_CASE("every preset is a complete scenario that solves without errors") {
  REQUIRE(registry::presets().size() >= 4);
  for (const auto& preset : registry::presets()) {
    CAPTURE(preset.id);
    CHECK_FALSE(preset.title.empty());
    CHECK_FALSE(preset.description.empty());
    const json result = solve_document(preset.scenario);
    CHECK(result["schema"] == "epochcalc/result@1");
    CHECK(result["scenario"]["name"] == preset.scenario["name"]);
  }
}

TEST_CASE("presets tell different stories") {
  bool accelerator_always_wins = false, host_wins_batched = false;
  for (const auto& preset : registry::presets()) {
    const json result = solve_document(preset.scenario);
    const json& wins = result["comparison"]["accelerator_wins"];
    if (wins.size() == 1 && wins[0]["from"] == 1 && wins[0]["to"] == result["scenario"]["network"]["dataset"]["training_examples"])
      accelerator_always_wins = true;
    if (result["comparison"]["accelerator_speedup_batched"].get<double>() < 1) host_wins_batched = true;
  }
  CHECK(accelerator_always_wins);
  CHECK(host_wins_batched);
}

// Regression (issue 6): a note named a file on a build machine instead of a public source.
TEST_CASE("sources and notes cite public material, never a local file") {
  for (const json& item : registry::hardware_document()["hardware"]) {
    CAPTURE(item["id"].get<std::string>());
    for (const char* key : {"source", "notes"}) {
      if (!item.contains(key)) continue;
      const std::string text = item[key];
      CHECK(text.find("/work/") == std::string::npos);
      CHECK(text.find("/home/") == std::string::npos);
      CHECK(text.find("shared/") == std::string::npos);
    }
  }
}

TEST_CASE("the profiles' documentation holds: values within the scenario's rules, ranges, linked sources") {
  const Errors errors = registry::check_profile_documentation();
  for (const Error& e : errors) CAPTURE(e.path + ": " + e.message);
  CHECK(errors.empty());
  CHECK(registry::profiles().size() == registry::profiles_document()["profiles"].size());
  for (const json& item : registry::profiles_document()["profiles"]) {
    CAPTURE(item["id"].get<std::string>());
    for (const json& source : item["sources"]) CHECK(source["url"].get<std::string>().rfind("https://", 0) == 0);
  }
}

TEST_CASE("the profile documentation check finds what is wrong, at its path") {
  // The same checks, run over a copy with one broken range and one source without a link: the test
  // above can fail.
  json broken = registry::profiles_document();
  broken["profiles"][0]["ranges"]["dispatch"] = {{"min", "9 us"}, {"max", "2 us"}};
  broken["profiles"][1]["sources"][0].erase("url");
  const Errors errors = registry::check_profile_documentation(broken);
  const auto has = [&](const std::string& path) {
    return std::any_of(errors.begin(), errors.end(), [&](const Error& e) { return e.path == path; });
  };
  CHECK(has("/profiles/0/ranges/dispatch"));
  CHECK(has("/profiles/1/sources/0/url"));
  // The values a profile sets are the overhead table's, each read by its field's rule: a key that is no
  // overhead, one left out that a profile must give, and a value out of its field's range.
  json values = registry::profiles_document();
  values["profiles"][2]["values"]["flop_energy"] = "1 pJ";
  values["profiles"][3]["values"].erase("launch");
  values["profiles"][4]["values"]["assumptions"]["ops_per_layer"] = 5000;
  const Errors found = registry::check_profile_documentation(values);
  const auto at = [&](const std::string& path) {
    return std::any_of(found.begin(), found.end(), [&](const Error& e) { return e.path == path; });
  };
  CHECK(at("/profiles/2/values/flop_energy"));
  CHECK(at("/profiles/3/values/launch"));
  CHECK(at("/profiles/4/values/assumptions/ops_per_layer"));
}
