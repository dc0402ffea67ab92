// The what-if documents (whatif_json.hpp): typed values read with the field's units and limits, a
// grid equal to solving each point on its own, solve-for, break-even and comparison answers, and
// errors that name the value and suggest the field's full path.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cli_forms.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/whatif/solve_for.hpp"
#include "epochcalc/api/whatif_json.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;
using json = nlohmann::ordered_json;

namespace {

const json default_doc = {{"preset", "mnist-cpu-vs-h100"}};

bool close(double got, double want) { return std::fabs(got - want) <= 1e-12 * std::fabs(want); }

std::string first_message(const json& reply) {
  REQUIRE(reply.at("schema") == "epochcalc/error@1");
  return reply.at("errors").at(0).at("message").get<std::string>();
}

}  // namespace

TEST_CASE("a sweep's values are read with the field's units: ends exactly as typed, log or even, whole numbers") {
  const json even = sweep_text(default_doc, {"dispatch=1 us:100 us:3"});
  REQUIRE(even.at("schema") == "epochcalc/field-sweep@1");
  CHECK(even.at("x").at("values") == json::array({1e-6, 5.05e-5, 1e-4}));
  CHECK(even.at("x").at("unit") == "s");
  const json log = sweep_text(default_doc, {"/dispatch=1 us:100 us:3:log"});
  CHECK(log.at("x").at("values").at(1).get<double>() == doctest::Approx(1e-5).epsilon(1e-12));
  const json list = sweep_text(default_doc, {"network.batch_size=8, 64,512"});
  CHECK(list.at("x").at("values") == json::array({8, 64, 512}));
  // Whole numbers for an integer field, each once.
  const json whole = sweep_text(default_doc, {"assumptions.ops_per_layer=0:3:10"});
  CHECK(whole.at("x").at("values") == json::array({0, 1, 2, 3}));
  CHECK(whole.at("points") == 4);
}

TEST_CASE("a grid of two fields equals solving every point on its own, to 1e-12") {
  const json grid = sweep_text(default_doc, {"dispatch=0 us:50 us:4", "network.batch_size=1:4096:5:log"});
  REQUIRE(grid.at("schema") == "epochcalc/field-sweep@1");
  REQUIRE(grid.at("points") == 20);
  for (std::size_t i = 0; i < 20; ++i) {
    json doc = default_doc;
    doc["dispatch"] = grid.at("x").at("values")[i];
    doc["network"] = {{"batch_size", grid.at("y").at("values")[i]}};
    const Solved solved = solve_checked(doc);
    REQUIRE(solved.result);
    CAPTURE(i);
    CHECK(close(grid.at("host").at("epoch_time_s")[i].get<double>(), solved.result->host.batched.epoch_time_s));
    CHECK(close(grid.at("accelerator").at("overhead_time_s")[i].get<double>(), solved.result->accelerator.batched.overhead_time_s));
    CHECK(close(grid.at("accelerator").at("energy_j")[i].get<double>(), solved.result->accelerator.batched.energy_j));
    CHECK(close(grid.at("speedup")[i].get<double>(), solved.result->comparison.accelerator_speedup_batched));
    CHECK(grid.at("winner")[i] == (solved.result->comparison.accelerator_speedup_batched > 1 ? "accelerator" : "host"));
  }
}

TEST_CASE("a sweep's mistakes name the value, the limit or the form to use") {
  CHECK(first_message(sweep_text(default_doc, {"dispatch=-1 us:100 us"})) ==
        "\"-1 us\" is out of range: a time must be at least 0 s");
  CHECK(first_message(sweep_text(default_doc, {"dispatch=1 us:100 us:1"})) == "1 is out of range: use a whole number from 2 to 50,000");
  CHECK(first_message(sweep_text(default_doc, {"dispatch=1 us:100 us:many"})) == "the number of points is a whole number, e.g. 50; got \"many\"");
  CHECK(first_message(sweep_text(default_doc, {"dispatch"})).starts_with("a sweep is PATH=FROM:TO[:N][:log] or PATH=V1,V2,..."));
  CHECK(first_message(sweep_text(default_doc, {"dispatch=0 us:100 us:5:log"})).starts_with("a log sweep needs"));
  CHECK(first_message(sweep_text(default_doc, {"dispatch=1 kg:2 kg"})).find("kg") != std::string::npos);
  CHECK(first_message(sweep_text(default_doc, {"launches_per_step=1:4"})) ==
        "\"launches_per_step\" is not a numeric field; did you mean \"assumptions.launches_per_step\"?");
  CHECK(first_message(sweep_text(default_doc, {"precision=1:2"})) == "\"Precision\" is not a number to vary");
  CHECK(first_message(sweep_text(default_doc, {"dispatch=0:1", "/dispatch=1,2"})) ==
        "a grid sweeps two different fields; \"/dispatch\" is the first one again");
  CHECK(sweep_text(default_doc, {"network.widths.1=8,16", "network.widths.2=8,16"}).at("points") == 4);
  const json too_big = sweep_text(default_doc, {"dispatch=0:1:1001", "launch=0:1:1001"});
  CHECK(first_message(too_big).starts_with("a grid computes at most"));
  // The scenario's own errors come first, once.
  CHECK(sweep_text({{"preset", "nope"}}, {"dispatch=0:1"}).at("errors").at(0).at("code") == "E_UNKNOWN_ID");
}

TEST_CASE("solve-for and break-even as documents: the issue's question, answered") {
  const json twice = solve_for_document(default_doc, "dispatch", "speedup=2");
  REQUIRE(twice.at("schema") == "epochcalc/solve-for@1");
  CHECK(twice.at("answer") == "never");
  CHECK(twice.at("value").is_null());
  CHECK(twice.at("limits").at("metric_at_low").get<double>() == doctest::Approx(1.23).epsilon(0.01));
  const json batch = solve_for_document(default_doc, "network.batch_size", "2x");
  CHECK(batch.at("answer") == "value");
  CHECK(batch.at("holds_when") == "at_least");
  CHECK(batch.at("value") == 170);
  const json epoch = solve_for_document(default_doc, "launch", "epoch=200 ms");
  CHECK(epoch.at("goal").at("target") == 0.2);
  CHECK(epoch.at("answer") == "value");
  CHECK(epoch.at("holds_when") == "at_most");
  CHECK(first_message(solve_for_document(default_doc, "flop_energy", "flip")).starts_with("cannot solve for \"Energy per FLOP\""));
  CHECK(first_message(solve_for_document(default_doc, "dispatch", "faster")).starts_with("a goal is flip"));
  CHECK(first_message(solve_for_document(default_doc, "dispatch", "speedup=-1")).starts_with("a speedup is a number above 0"));

  const json summary = break_even_document(default_doc);
  REQUIRE(summary.at("schema") == "epochcalc/break-even@1");
  // Batch size, two peaks and bandwidths, dispatch, launch, the per-step cost, three operation counts,
  // two efficiencies (no device has overheads of its own, the accelerator no host link).
  CHECK(summary.at("fields").size() == 13);
  CHECK(summary.at("fields").at(0).at("flip").at("value") == 21);
  CHECK(summary.at("overhead_exceeds_work").at("host") == json::array({{{"from", 1}, {"to", 68}}}));
  // No graphs: the graph launches have no value now (null), not 0, which is outside their 1 to 1,000,000.
  for (const json& f : summary.at("fields")) {
    const bool graphs = f.at("path") == "/assumptions/launches_per_step";
    CHECK_MESSAGE(f.at("flip").at("current").at("value").is_null() == graphs, f.at("path"));
    CHECK_MESSAGE(f.at("twice_as_fast").at("current").at("value").is_null() == graphs, f.at("path"));
  }
}

TEST_CASE("devices side by side as a document: the host first, ids checked") {
  const json all = compare_text(default_doc, "accelerators");
  REQUIRE(all.at("schema") == "epochcalc/compare@1");
  CHECK(all.at("devices").at(0).at("id") == "host");
  CHECK(all.at("devices").at(0).at("runs_as") == "host");
  for (const json& d : all.at("devices")) CHECK(d.at("kind") != "cpu");
  CHECK(all.at("fastest") == json::array({{{"from", 1}, {"to", 20}, {"device", "host"}},
                                          {{"from", 21}, {"to", 60000}, {"device", "h100-sxm"}}}));
  const json some = compare_text(default_doc, "a100-sxm-80gb, epyc-9654");
  CHECK(some.at("devices").size() == 2);
  CHECK(some.at("devices").at(1).at("runs_as") == "host");
  CHECK(first_message(compare_text(default_doc, "h100")) == "unknown device \"h100\"; did you mean \"h100-sxm\"?");
}

TEST_CASE("any device named in a comparison can carry a price: id@price, read as the price field is") {
  // Issue 35: only the scenario's two devices could carry a price; "--compare h100-sxm:3" was refused.
  const json priced = compare_text(default_doc, "l4@0.80/h, a100-sxm-80gb@1.80 USD/h,h100-sxm@3,host@0.40 $/h");
  REQUIRE(priced.at("devices").size() == 4);
  const auto cost = [&](std::size_t i) { return priced.at("devices").at(i).at("batched").at("cost_usd").get<double>(); };
  const auto epoch = [&](std::size_t i) { return priced.at("devices").at(i).at("batched").at("epoch_time_s").get<double>(); };
  CHECK(cost(0) == doctest::Approx(0.80 * epoch(0) / 3600).epsilon(1e-12));
  CHECK(cost(1) == doctest::Approx(1.80 * epoch(1) / 3600).epsilon(1e-12));
  CHECK(cost(2) == doctest::Approx(3.00 * epoch(2) / 3600).epsilon(1e-12));  // a bare number is in USD/h
  CHECK(cost(3) == doctest::Approx(0.40 * epoch(3) / 3600).epsilon(1e-12));
  // The cheapest envelope covers 1..N over the priced devices, exactly as the model's brute force has it.
  const json& cheapest = priced.at("cheapest");
  REQUIRE_FALSE(cheapest.empty());
  CHECK(cheapest.front().at("from") == 1);
  CHECK(cheapest.back().at("to") == 60000);
  // A device without a price (given or listed) has no cost (not 0) and is not in the cheapest envelope.
  const json mixed = compare_text(default_doc, "l4@0.80/h,epyc-9654");
  CHECK(mixed.at("devices").at(1).at("price").is_null());
  CHECK(mixed.at("devices").at(1).at("batched").at("cost_usd").is_null());
  for (const json& r : mixed.at("cheapest")) CHECK(r.at("device") == "l4");
  // A price the engine refuses is named at its place in the list, with what to write.
  const json bad = compare_text(default_doc, "l4@cheap");
  REQUIRE(bad.at("schema") == "epochcalc/error@1");
  CHECK(bad.at("errors").at(0).at("path") == "/devices/0/price");
  const json negative = compare_text(default_doc, "l4@-1/h");
  CHECK(negative.at("errors").at(0).at("path") == "/devices/0/price");
}

// Issue 35: a price on any device, wherever devices are named. The list's "@" wins over the scenario's
// /compared terms, which win over a device's cited list price; the scenario's own accelerator stands in
// for its registry entry, and the ranges are said in words.
TEST_CASE("a compared device's price: the list's, else the scenario's, else its cited list price, and where each came from") {
  const registry::ListPrice* h100 = registry::find_list_price("h100-sxm");
  REQUIRE(h100);
  CHECK(h100->price_per_hour > 0);
  CHECK(h100->source.find("https://") != std::string::npos);
  CHECK(h100->date.size() == 10);
  const auto row = [](const json& c, const std::string& id) {
    for (const json& d : c.at("devices"))
      if (d.at("id") == id) return d;
    FAIL("no row " << id);
    return json();
  };
  json doc = default_doc;
  doc["compared"] = {{"l4", {{"price_per_hour", "0.80 USD/h"}, {"idle_power", "30 W"}}}};
  const json c = compare_text(doc, "accelerators");
  // Listed: the cited price, said as such.
  const json a100 = row(c, "a100-sxm-80gb");
  CHECK(a100.at("price").at("from") == "list");
  CHECK(a100.at("price").at("usd_per_hour") == registry::find_list_price("a100-sxm-80gb")->price_per_hour);
  CHECK(a100.at("price").at("source") == registry::find_list_price("a100-sxm-80gb")->source);
  CHECK(a100.at("price_path") == "/compared/a100-sxm-80gb/price_per_hour");
  // The scenario's terms beat the list price; the idle power counts idle energy.
  const json l4 = row(c, "l4");
  CHECK(l4.at("price") == json{{"usd_per_hour", 0.8}, {"from", "given"}});
  CHECK(l4.at("idle_power_w") == 30.0);
  CHECK(l4.at("idle_power_path") == "/compared/l4/idle_power");
  CHECK(l4.at("batched").at("idle_energy_j").get<double>() == doctest::Approx(30 * l4.at("batched").at("epoch_time_s").get<double>()));
  // The list's "@" beats both, for the price and the idle power.
  const json given = compare_text(doc, "l4@1.25/h@45 W, a100-sxm-80gb@2/h");
  CHECK(given.at("devices").at(0).at("price").at("usd_per_hour") == 1.25);
  CHECK(given.at("devices").at(0).at("idle_power_w") == 45.0);
  CHECK(given.at("devices").at(1).at("price").at("from") == "given");
  // The host and your accelerator are the scenario's own: no list price is theirs to skip, and a price
  // for them is kept in their own fields.
  const json host = row(c, "host");
  CHECK(host.at("yours") == "host");
  CHECK(host.at("price").is_null());  // the reference CPU has no list price
  CHECK(host.at("price_path") == "/host/price_per_hour");
  const json yours = row(c, "h100-sxm");
  CHECK(yours.at("yours") == "accelerator");
  CHECK(yours.at("price_path") == "/accelerator/price_per_hour");
  CHECK(yours.at("price").at("from") == "list");
  // A customised accelerator is the row of the entry it is based on, with its edits.
  json custom = default_doc;
  custom["accelerator"] = {{"base", "h100-sxm"}, {"memory_bandwidth", "1 TB/s"}, {"price_per_hour", "2.50/h"}};
  const json mine = row(compare_text(custom, "accelerators"), "h100-sxm");
  CHECK(mine.at("yours") == "accelerator");
  CHECK(mine.at("name") == "NVIDIA H100 SXM5 80GB (customised)");
  CHECK(mine.at("price") == json{{"usd_per_hour", 2.5}, {"from", "given"}});
  // One typed in full joins the list as "accelerator".
  json full = default_doc;
  full["accelerator"] = {{"name", "Mine"}, {"peak_flops", {{"fp32", "10 TFLOP/s"}}}, {"memory_bandwidth", "1 TB/s"}};
  CHECK(compare_text(full, "accelerators").at("devices").back().at("id") == "accelerator");
  // The ranges in words, each device by name.
  CHECK(c.at("fastest_text") == "Fastest: Reference CPU (MLSys·im) for batch 1–20, NVIDIA H100 SXM5 80GB from 21.");
  CHECK(c.at("cheapest_text").get<std::string>().starts_with("Cheapest: "));
  // Terms the engine refuses are named where they stand.
  json unknown = default_doc;
  unknown["compared"] = {{"l4x", {{"price_per_hour", 1}}}};
  CHECK(first_message(compare_text(unknown, "accelerators")).find("did you mean \"l4\"") != std::string::npos);
  CHECK(compare_text(doc, "l4@1/h@2/h").at("errors").at(0).at("code") == "E_ARGS");
  CHECK(compare_text(doc, "l4@9 kWh").at("errors").at(0).at("path") == "/devices/0/price");
  // A list with a hole, or an "@" with nothing after it, is said as such, not as an unknown device "" or a
  // price given twice.
  CHECK(first_message(compare_text(doc, "l4,,t4")).starts_with("device 2 has no id: write registry ids separated by commas"));
  CHECK(first_message(compare_text(doc, "@0.8")).starts_with("device 1 has no id"));
  CHECK(first_message(compare_text(doc, "l4@0.8/h@")) == "\"l4@0.8/h@\" has nothing after an \"@\": write a price per hour (0.80/h) or an idle power (30 W) there");
  CHECK(compare_text(doc, "l4@@1").at("errors").at(0).at("code") == "E_ARGS");
}

// Issue 36 (defects 5 and 10): 10,000 ids took 6.8 s and 1 GB, with no cap; speedup=1e100 was refused
// without the limit it broke.
TEST_CASE("a comparison takes at most 200 devices, and a goal's speedup says its limit") {
  std::string many = "l4";
  for (int i = 0; i < 200; ++i) many += ",l4";
  const json refused = compare_text(default_doc, many);
  REQUIRE(refused.at("schema") == "epochcalc/error@1");
  CHECK(refused.at("errors").at(0).at("code") == "E_RANGE");
  CHECK(refused.at("errors").at(0).at("message").get<std::string>().starts_with("give at most 200 devices to compare; got 201"));
  std::string enough = "l4";
  for (int i = 0; i < 199; ++i) enough += ",l4";
  CHECK(compare_text(default_doc, enough).at("devices").size() == 200);
  CHECK(first_message(solve_for_document(default_doc, "dispatch", "speedup=1e100")) ==
        "a speedup is a number above 0 and at most 1e12, e.g. speedup=2; got \"1e100\"");
}

TEST_CASE("values that look like slips warn with the path and the likely value, and no preset or profile does") {
  const auto slips = [](const json& edits) {
    json doc = default_doc;
    doc.merge_patch(edits);
    const Solved solved = solve_checked(doc);
    REQUIRE(solved.result);
    std::vector<std::string> found;
    for (const Warning& w : solved.warnings)
      if (w.code == "W_UNLIKELY_VALUE") found.push_back(w.path + " | " + w.message);
    return found;
  };
  CHECK(slips({{"dispatch", 20}}) ==
        std::vector<std::string>{"/dispatch | “Dispatch per operation” reads as 20 s: no framework or driver takes 10 ms "
                                 "per operation. Did you mean 20 us? (A bare number is in s.)"});
  CHECK(slips({{"launch", 5}}).size() == 1);
  CHECK(slips({{"accelerator", {{"base", "h100-sxm"}, {"memory_bandwidth", 3.35}}}}).at(0).starts_with(
      "/accelerator/memory_bandwidth | “Accelerator: Memory bandwidth” reads as 3.35 B/s"));
  CHECK(slips({{"host", {{"base", "reference-cpu"}, {"peak_flops", {{"fp32", 67}}}}}}).at(0).find("Did you mean 67 TFLOP/s?") !=
        std::string::npos);
  CHECK(slips({{"flop_energy", 1}}).size() == 1);
  CHECK(slips({{"dram_energy_per_byte", 0.5}}).size() == 1);
  // Real values, and the field's own zero, are quiet.
  CHECK(slips({{"dispatch", "5 ms"}, {"launch", 0}}).empty());
  CHECK(slips({{"accelerator", {{"base", "h100-sxm"}, {"memory_bandwidth", "1 MB/s"}}}}).empty());
  for (const std::string& preset : registry::preset_ids())
    for (const std::string& profile : registry::profile_ids()) {
      CAPTURE(preset);
      CAPTURE(profile);
      CHECK(slips({{"preset", preset}, {"profile", profile}}).empty());
      CHECK(slips({{"preset", preset}}).empty());
    }
}

TEST_CASE("a field written under the wrong parent suggests its full path") {
  const Solved solved = solve_checked({{"preset", "mnist-cpu-vs-h100"}, {"launches_per_step", 1}});
  REQUIRE(solved.errors.size() == 1);
  CHECK(solved.errors[0].path == "/launches_per_step");
  CHECK(solved.errors[0].message == "unknown field \"launches_per_step\"; did you mean \"assumptions.launches_per_step\"?");
  // A typo close to a field of the same object still gets that field.
  CHECK(solve_checked({{"preset", "mnist-cpu-vs-h100"}, {"dispach", 1}}).errors.at(0).message ==
        "unknown field \"dispach\"; did you mean \"dispatch\"?");
}

TEST_CASE("a registry accelerator in the host slot is said to run as a host, and points to the comparison") {
  const auto warned = [](const json& host) {
    json doc = default_doc;
    doc["host"] = host;
    const Solved solved = solve_checked(doc);
    REQUIRE(solved.result);
    for (const Warning& w : solved.warnings)
      if (w.code == "W_ACCELERATOR_AS_HOST") return w.path + " | " + w.message;
    return std::string();
  };
  const std::string a100 = warned("a100-sxm-80gb");
  CHECK(a100.starts_with("/host | The NVIDIA A100"));
  CHECK(a100.find("pays no kernel launch") != std::string::npos);
  CHECK(a100.find("--compare") != std::string::npos);
  CHECK_FALSE(warned(json{{"base", "l4"}, {"memory_bandwidth", "200 GB/s"}}).empty());
  CHECK(warned("epyc-9654").empty());
  CHECK(warned(json{{"name", "my box"}, {"peak_flops", {{"fp32", "1 TFLOP/s"}}}, {"memory_bandwidth", "100 GB/s"}}).empty());
  for (const std::string& preset : registry::preset_ids()) {
    CAPTURE(preset);
    const Solved solved = solve_checked({{"preset", preset}});
    for (const Warning& w : solved.warnings) CHECK(w.code != "W_ACCELERATOR_AS_HOST");
  }
}

TEST_CASE("a sweep's point that breaks the rule between batch size and N is an error naming it, not a zero epoch") {
  const json drop = {{"preset", "mnist-cpu-vs-h100"}, {"assumptions", {{"drop_last", true}}}};
  CHECK(first_message(sweep_text(drop, {"network.dataset.training_examples=1:100:4"})) ==
        "at “Training examples N” = 1: The batch size, 32, is larger than the dataset's 1 training examples: with the last "
        "partial batch dropped, no step is left. Use a batch size of at most 1");
  const json too_big = sweep_text(drop, {"network.batch_size=1:100000:3"});
  CHECK(too_big.at("errors").at(0).at("path") == "/sweeps/0");
  CHECK(first_message(too_big).starts_with("at “Batch size” = 100,000: The batch size, 100,000,"));
  // In a grid, the pair that breaks it.
  CHECK(first_message(sweep_text(drop, {"network.dataset.training_examples=10,1000", "network.batch_size=8,64"}))
            .starts_with("at “Batch size” = 64: The batch size, 64, is larger than the dataset's 10"));
  // Within the rule, or without drop_last (one step of N examples), every point is computed.
  CHECK(sweep_text(drop, {"network.batch_size=1:60000:3"}).at("points") == 3);
  CHECK(sweep_text(default_doc, {"network.batch_size=1:100000:3"}).at("points") == 3);
}

TEST_CASE("one-click what-ifs: each edit is the one the page applies, and its epochs are that edit solved") {
  for (const std::string& id : registry::preset_ids()) {
    CAPTURE(id);
    const json doc = {{"preset", id}};
    const json list = quick_whatifs_document(doc);
    REQUIRE(list.at("schema") == quick_whatifs_schema);
    const json before = solve_document(doc);
    CHECK(list["before"]["accelerator"]["epoch_time_s"] == before["accelerator"]["batched"]["epoch_time_s"]);
    std::vector<std::string> ids;
    for (const json& w : list.at("whatifs")) {
      ids.push_back(w.at("id").get<std::string>());
      if (!w.at("applies").get<bool>()) {
        CHECK_FALSE(w.at("reason").get<std::string>().empty());
        continue;
      }
      json edited = doc;
      Errors errors;
      for (const json& e : w.at("edits"))
        REQUIRE(set_field(edited, e["path"].get<std::string>(), e["text"].get<std::string>(), errors));
      const json after = solve_document(edited);
      REQUIRE(after.at("schema") == "epochcalc/result@1");
      for (const char* device : {"host", "accelerator"})
        CHECK(w["after"][device]["epoch_time_s"] == after[device]["batched"]["epoch_time_s"]);
      CHECK(w["after"]["speedup"] == after["comparison"]["accelerator_speedup_batched"]);
    }
    CHECK(ids == std::vector<std::string>{"cuda-graphs", "compiled-step", "half-dispatch", "half-precision", "batch-x4"});
  }
}

TEST_CASE("one-click what-ifs: the issue's CUDA Graphs figure, and what does not apply says why") {
  const json list = quick_whatifs_document(default_doc);
  const json& graphs = list["whatifs"][0];
  CHECK(graphs["edits"] == json::array({{{"path", "/assumptions/launches_per_step"}, {"text", "1"}}}));
  // H100 epoch 254.7 ms -> 29.7 ms, 8.6x faster (issue 19).
  CHECK(std::round(list["before"]["accelerator"]["epoch_time_s"].get<double>() * 1e4) == 2547);
  CHECK(std::round(graphs["after"]["accelerator"]["epoch_time_s"].get<double>() * 1e4) == 297);
  CHECK(list["whatifs"][2]["edits"][0]["text"] == "5 us");  // half of 10 us
  // What each one means: graphs cut the accelerator's epoch only; a compiled step and half the dispatch
  // cut both; four times the batch is 4 x 32.
  const auto epoch = [&](const json& outcome, const char* device) { return outcome[device]["epoch_time_s"].get<double>(); };
  const json& before = list["before"];
  CHECK(epoch(graphs["after"], "accelerator") < epoch(before, "accelerator"));
  CHECK(epoch(graphs["after"], "host") == epoch(before, "host"));
  const json& compiled = list["whatifs"][1];
  CHECK(compiled["edits"] == json::array({{{"path", "/assumptions/ops_per_layer"}, {"text", "2"}}}));  // ceil(3 / 2)
  for (const json& w : {compiled, list["whatifs"][2]})
    for (const char* device : {"host", "accelerator"}) CHECK(epoch(w["after"], device) < epoch(before, device));
  CHECK(list["whatifs"][4]["edits"] == json::array({{{"path", "/network/batch_size"}, {"text", "128"}}}));
  CHECK(quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"}, {"assumptions", {{"ops_per_layer", 8}}}})["whatifs"][1]["edits"][0]["text"] == "4");
  CHECK(quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"}, {"assumptions", {{"ops_per_layer", 5}}}})["whatifs"][1]["edits"][0]["text"] == "3");
  CHECK(list["whatifs"][3]["applies"] == false);  // the reference CPU has only an fp32 peak
  CHECK(list["whatifs"][3]["reason"] == "the two devices have no half-precision peak in common");
  // Where both devices have an fp16 peak, half precision is fp16.
  const json both = quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"}, {"host", "xeon-8480-plus"}});
  CHECK(both["whatifs"][3]["edits"].size() == 1);
  CHECK(both["whatifs"][3]["edits"][0]["path"] == "/precision");
  CHECK((both["whatifs"][3]["edits"][0]["text"] == "fp16" || both["whatifs"][3]["edits"][0]["text"] == "bf16"));

  const json done = quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"},
                                            {"dispatch", 0},
                                            {"precision", "fp32"},
                                            {"assumptions", {{"launches_per_step", 1}, {"ops_per_layer", 1}}},
                                            {"network", {{"batch_size", 60000}}}});
  for (const json& w : done["whatifs"]) {
    CAPTURE(w.dump());
    if (w["id"] == "half-precision") continue;
    CHECK(w["applies"] == false);
  }
  // With drop_last, four times the batch stops at the dataset: one full step.
  const json near_end = quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"},
                                                {"network", {{"batch_size", 20000}}},
                                                {"assumptions", {{"drop_last", true}}}});
  CHECK(near_end["whatifs"][4]["edits"][0]["text"] == "60000");
  CHECK(near_end["whatifs"][4]["applies"] == true);
  CHECK(first_message(quick_whatifs_document({{"preset", "nope"}})).find("unknown preset") != std::string::npos);
}

TEST_CASE("break-even gives each field its default chart range: 30x either side, within limits; linear from 0 at 0") {
  const json be = break_even_document(default_doc);
  const auto sweep_of = [&](const char* path) {
    for (const json& f : be.at("fields"))
      if (f.at("path") == path) return f.at("sweep");
    FAIL("no field " << path);
    return json();
  };
  CHECK(sweep_of("/dispatch") == json{{"from", 10e-6 / 30}, {"to", 10e-6 * 30}, {"log", true}});
  CHECK(sweep_of("/network/batch_size") == json{{"from", 1.0}, {"to", 960.0}, {"log", true}});       // floor(32/30), ceil(32*30)
  CHECK(sweep_of("/assumptions/ops_per_layer") == json{{"from", 1.0}, {"to", 90.0}, {"log", true}});  // at least 1
  CHECK(sweep_of("/assumptions/extra_ops_per_step") == json{{"from", 0.0}, {"to", 16.0}, {"log", false}});
  CHECK(sweep_of("/assumptions/accelerator_efficiency")["to"] == 1.0);  // clipped to its limit
  const json zero_launch = break_even_document({{"preset", "mnist-cpu-vs-h100"}, {"launch", "0 us"}});
  for (const json& f : zero_launch.at("fields"))
    if (f.at("path") == "/launch") CHECK(f.at("sweep") == json{{"from", 0.0}, {"to", 1e-4}, {"log", false}});
}

// Issue 43: the module and Python send a what-if's arguments as data, which the engine reads and checks
// where each value stands; the command line's text form stays the CLI's (and reads the same).
TEST_CASE("sweeps as data read as the command line's text does, and each mistake is refused where it stands") {
  const auto first_error = [](const json& reply) {
    REQUIRE(reply.at("schema") == "epochcalc/error@1");
    return reply.at("errors").at(0);
  };
  SUBCASE("the same documents") {
    const json range = json::parse(R"([{"field": "dispatch", "from": "1 us", "to": 1e-4, "points": 5, "log": true}])");
    CHECK(field_sweep_data(default_doc, range) == sweep_text(default_doc, {"dispatch=1 us:100 us:5:log"}));
    const json grid = json::parse(R"([{"field": "dispatch", "values": ["1 us", 2e-6]}, {"field": "network.batch_size", "values": [1, 32]}])");
    CHECK(field_sweep_data(default_doc, grid) == sweep_text(default_doc, {"dispatch=1 us,2 us", "network.batch_size=1,32"}));
    // The command line's form is the command line's (cli/whatif_args.hpp): as data, a string is no sweep.
    const json text = first_error(field_sweep_data(default_doc, json::array({"dispatch=1 us:100 us:5:log"})));
    CHECK(text.at("code") == "E_TYPE");
    CHECK(text.at("path") == "/sweeps/0");
  }
  SUBCASE("refused where each value stands") {
    const auto at = [&](const char* sweeps) { return first_error(field_sweep_data(default_doc, json::parse(sweeps))); };
    CHECK(at(R"([{"field": "dispatch", "from": "1 us:2 us", "to": "3 us"}])").at("path") == "/sweeps/0/from");
    CHECK(at(R"([{"field": "dispatch", "from": "1 us:2 us", "to": "3 us"}])").at("code") == "E_UNIT");
    CHECK(at(R"([{"field": "dispatch", "values": ["1 us", "2 parsecs"]}])").at("path") == "/sweeps/0/values/1");
    CHECK(at(R"([{"field": "dispatch", "from": "1 us", "to": "3 us", "points": 1}])").at("path") == "/sweeps/0/points");
    // A switch is true or false: "no" is no switch, never read as on (hostile input round three, L7).
    const json log = at(R"([{"field": "dispatch", "from": "1 us", "to": "3 us", "log": "no"}])");
    CHECK(log.at("path") == "/sweeps/0/log");
    CHECK(log.at("code") == "E_TYPE");
    const json typo = at(R"([{"field": "dispatch", "form": "1 us", "to": "3 us"}])");
    CHECK(typo.at("code") == "E_UNKNOWN_FIELD");
    CHECK(typo.at("message").get<std::string>().find("\"from\"") != std::string::npos);
    CHECK(at(R"([{"from": 1, "to": 2}])").at("path") == "/sweeps/0/field");
    CHECK(at(R"({"field": "dispatch"})").at("path") == "/sweeps");
    CHECK(at(R"([])").at("path") == "/sweeps");
  }
}

TEST_CASE("a sweep gives an unpriced device no cost: null, never zeros") {
  const json sweep = sweep_text(default_doc, {"dispatch=1 us:10 us:3"});
  REQUIRE(sweep.at("schema") == "epochcalc/field-sweep@1");
  CHECK(sweep.at("host").at("priced") == false);
  CHECK(sweep.at("host").at("cost_usd").is_null());
  const json priced = sweep_text(json{{"preset", "mnist-cpu-vs-h100"}, {"host", {{"base", "reference-cpu"}, {"price_per_hour", "1/h"}}}},
                                 {"dispatch=1 us:10 us:3"});
  CHECK(priced.at("host").at("priced") == true);
  CHECK(priced.at("host").at("cost_usd").size() == 3);
}

TEST_CASE("a device listed twice is named by its place in every answer") {
  const json c = compare_text(default_doc, "l4@1/h,l4@0.5/h,t4");
  REQUIRE(c.at("schema") == "epochcalc/compare@1");
  CHECK(c.at("devices")[0].at("id") == "l4#1");
  CHECK(c.at("devices")[1].at("id") == "l4#2");
  CHECK(c.at("devices")[2].at("id") == "t4");
  CHECK(c.at("devices")[1].at("name").get<std::string>().ends_with(" (device 2)"));
  // Each range names one entry, and the words say which L4.
  for (const json& r : c.at("cheapest")) CHECK(r.at("device") != "l4");
  CHECK(c.at("cheapest_text").get<std::string>().find("(device 2)") != std::string::npos);
}

TEST_CASE("devices as data read as the command line's list does, and each mistake is refused where it stands") {
  CHECK(compare_document(default_doc, json::parse(R"([{"id": "l4", "price": 0.8, "idle_power": 72}, "h100-sxm"])")) ==
        compare_text(default_doc, "l4@0.80/h@72 W,h100-sxm"));
  CHECK(compare_document(default_doc, json::parse(R"([{"id": "l4", "price": "0.80/h"}, "t4"])")) == compare_text(default_doc, "l4@0.80/h,t4"));
  // The command line's form is the command line's: as data, "l4@0.80/h" is an id, and no device has it.
  CHECK(first_message(compare_document(default_doc, json::parse(R"(["l4@0.80/h"])"))) ==
        "unknown device \"l4@0.80/h\": a price or an idle power goes in a key of its own, e.g. {\"id\": \"l4\", \"price\": \"0.80/h\"}");
  // "all" and "accelerators" name whole lists, not a device (issue 47: "did you mean \"all\"?").
  CHECK(first_message(compare_text(default_doc, "all,all")) == "\"all\" names a whole list of devices: give it alone, instead of a list");
  CHECK(first_message(compare_document(default_doc, json("acelerators"))).ends_with("got \"acelerators\"; did you mean \"accelerators\"?"));
  CHECK(first_message(compare_document(default_doc, json::parse("[null]"))).find("did you mean") == std::string::npos);
  const auto error_at = [](const json& reply) {
    REQUIRE(reply.at("schema") == "epochcalc/error@1");
    return reply.at("errors").at(0).at("path").get<std::string>();
  };
  CHECK(error_at(compare_document(default_doc, json::parse(R"([{"id": "l4", "price": "1,80"}])"))) == "/devices/0/price");
  CHECK(error_at(compare_document(default_doc, json::parse(R"(["l4", {"id": "t4", "idle_power": "3@W"}])"))) == "/devices/1/idle_power");
  CHECK(error_at(compare_document(default_doc, json::parse(R"([5])"))) == "/devices/0");
  CHECK(error_at(compare_document(default_doc, json::parse(R"([{"price": 1}])"))) == "/devices/0/id");
  CHECK(error_at(compare_document(default_doc, json::array())) == "/devices");
  CHECK(error_at(compare_document(default_doc, json(3))) == "/devices");
}

TEST_CASE("0 is a price: given in a list, on a device or under /compared, it is the device's price, not its list price") {
  const auto price_of = [](const json& comparison, std::string_view id) {
    for (const json& d : comparison.at("devices"))
      if (d.at("id") == id) return d.at("price");
    return json();
  };
  for (const char* zero : {"h100-sxm@0,l4", "h100-sxm@-0,l4", "h100-sxm@0 USD/h,l4"}) {
    CAPTURE(zero);
    const json c = compare_text(default_doc, zero);
    CHECK(price_of(c, "h100-sxm") == json{{"usd_per_hour", 0.0}, {"from", "given"}});
    CHECK(price_of(c, "l4").at("from") == "list");
  }
  const json data = compare_document(default_doc, json::parse(R"([{"id": "l4", "price": 0}])"));
  CHECK(price_of(data, "l4") == json{{"usd_per_hour", 0.0}, {"from", "given"}});
  for (const json& d : data.at("devices")) CHECK(d.at("batched").at("cost_usd") == 0.0);
  // Under /compared, and on the scenario's own devices: a cost of 0, never "no cost".
  json doc = default_doc;
  doc["compared"] = {{"t4", {{"price_per_hour", 0}}}};
  CHECK(price_of(compare_text(doc, "t4"), "t4") == json{{"usd_per_hour", 0.0}, {"from", "given"}});
  json own = default_doc;
  own["host"] = {{"base", "reference-cpu"}, {"price_per_hour", "0 USD/h"}};
  const json r = solve_document(own);
  CHECK(r.at("host").at("batched").at("cost_usd") == 0.0);
  CHECK(r.at("accelerator").at("batched").at("cost_usd").is_null());
  CHECK(r.at("scenario").at("host").at("price_per_hour") == 0.0);
  CHECK(r.at("scenario").at("accelerator").at("price_per_hour").is_null());
}

TEST_CASE("devices across batch sizes: each device's epoch and cost at each point equal solving it there (issue 45)") {
  const json across = json::parse(R"([{"field": "network.batch_size", "values": [1, 7, 64, 1000, 60000]}])");
  const json c = compare_document(default_doc, json::parse(R"([{"id": "l4", "price": 0.8}, "t4", "host"])"), across);
  REQUIRE(c.contains("across"));
  CHECK(c.at("across").at("batch_size") == json::parse("[1, 7, 64, 1000, 60000]"));
  const json& devices = c.at("across").at("devices");
  REQUIRE(devices.size() == 3);
  for (std::size_t k = 0; k < 5; ++k) {
    const std::int64_t b = c.at("across").at("batch_size")[k];
    CAPTURE(b);
    json l4 = default_doc;
    l4["accelerator"] = {{"base", "l4"}, {"price_per_hour", 0.8}};
    l4["network"]["batch_size"] = b;
    const json r = solve_document(l4);
    CHECK(devices[0].at("epoch_time_s")[k] == r.at("accelerator").at("batched").at("epoch_time_s"));
    CHECK(devices[0].at("cost_usd")[k] == r.at("accelerator").at("batched").at("cost_usd"));
    json host = default_doc;
    host["network"]["batch_size"] = b;
    CHECK(devices[2].at("epoch_time_s")[k] == solve_document(host).at("host").at("batched").at("epoch_time_s"));
  }
  // The host here has no price: no costs, null, never zeros.
  CHECK(devices[2].at("cost_usd").is_null());
  // Another field is not a comparison across batch sizes.
  CHECK(first_message(compare_document(default_doc, json("accelerators"), json::parse(R"([{"field": "dispatch", "values": [1e-6]}])"))) ==
        "devices are compared across the batch size: sweep network.batch_size, and one field only");
}
