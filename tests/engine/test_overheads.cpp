// Beyond the seed (docs/model.md, "Per-step cost", "Overheads per device", "Batch transfer"): a fixed
// cost per step, each device's own overheads and profile, and the copy of each batch to the
// accelerator. Each is absent by default and then changes nothing; present, it changes exactly the
// terms the equations say.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/whatif/calibrate.hpp"
#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/whatif/solve_for.hpp"
#include "brute_force.hpp"
#include "model_answers.hpp"
#include "draw.hpp"
#include "solved.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {

const json preset = {{"preset", "mnist-cpu-vs-h100"}};

json with(json patch) {
  json doc = preset;
  doc.merge_patch(patch);
  return doc;
}

const json& run(const json& r, const char* device, const char* which = "batched") { return r[device][which]; }

Scenario parsed(const json& doc) {
  ParsedScenario p = parse_scenario(doc);
  REQUIRE_MESSAGE(p.errors.empty(), p.errors.front().message);
  return *p.scenario;
}

// The default preset's steps at batch 32 and batch 1, and its operations per step.
constexpr double steps_32 = 1875, steps_1 = 60000, ops = 9;

}  // namespace

TEST_CASE("without the new fields every number is the seed's; with them set to their defaults too") {
  const json base = solved(preset);
  for (const json& patch : {json{{"step_overhead", 0}}, json{{"step_overhead", nullptr}},
                            json{{"overheads", {{"host", json::object()}, {"accelerator", json::object()}}}},
                            json{{"overheads", {{"host", {{"dispatch", "10 us"}}}, {"accelerator", {{"launch", "5 us"}}}}}},
                            json{{"accelerator", {{"host_link_bandwidth", nullptr}, {"host_link_latency", nullptr}}}}}) {
    CAPTURE(patch.dump());
    const json r = solved(with(patch));
    for (const char* device : {"host", "accelerator"})
      for (const char* which : {"batched", "batch_one"}) CHECK(run(r, device, which) == run(base, device, which));
    CHECK(r["comparison"] == base["comparison"]);
  }
}

TEST_CASE("a fixed cost per step is paid once a step by both devices, as overhead") {
  const json base = solved(preset);
  const json r = solved(with({{"step_overhead", "100 us"}}));
  for (const char* device : {"host", "accelerator"}) {
    CAPTURE(device);
    CHECK(relative_error(number(run(r, device), "step_time_s"), steps_32 * 100e-6) <= 1e-12);
    CHECK(relative_error(number(run(r, device, "batch_one"), "step_time_s"), steps_1 * 100e-6) <= 1e-12);
    CHECK(relative_error(number(run(r, device), "epoch_time_s"), number(run(base, device), "epoch_time_s") + steps_32 * 100e-6) <= 1e-12);
    CHECK(relative_error(number(run(r, device), "overhead_time_s"),
                         number(run(base, device), "overhead_time_s") + steps_32 * 100e-6) <= 1e-12);
    CHECK(number(run(r, device), "work_time_s") == number(run(base, device), "work_time_s"));
  }
  // Paid by both, it leaves the difference between them, and so who wins where, as it was; the ratio
  // moves towards 1.
  CHECK(r["comparison"]["accelerator_wins"] == base["comparison"]["accelerator_wins"]);
  CHECK(r["comparison"]["accelerator_speedup_batched"].get<double>() < base["comparison"]["accelerator_speedup_batched"].get<double>());
  CHECK(r["comparison"]["accelerator_speedup_batched"].get<double>() > 1);
}

TEST_CASE("each device pays its own overheads; the scenario's are the default for both") {
  const json r = solved(with({{"overheads", {{"host", {{"dispatch", "1 us"}, {"ops_per_layer", 10}}}}}}));
  const json base = solved(preset);
  // The host: 1 us for each of 3 × 10 operations a step; the accelerator: as before.
  CHECK(relative_error(number(run(r, "host"), "dispatch_time_s"), steps_32 * 30 * 1e-6) <= 1e-12);
  CHECK(run(r, "host")["dispatches"] == steps_32 * 30);
  CHECK(run(r, "accelerator") == run(base, "accelerator"));
  // The result says what each pays and which values are its own.
  CHECK(r["host"]["overheads"]["dispatch"] == 1e-6);
  CHECK(r["host"]["overheads"]["ops_per_step"] == 30);
  CHECK(r["host"]["overheads"]["own"] == json::array({"dispatch", "ops_per_layer"}));
  CHECK(r["accelerator"]["overheads"]["dispatch"] == 1e-5);
  CHECK(r["accelerator"]["overheads"]["ops_per_step"] == ops);
  CHECK(r["accelerator"]["overheads"]["own"] == json::array());
  // The normalized scenario carries the own values, and solves to the same numbers.
  CHECK(r["scenario"]["overheads"] == json::parse(R"({"host": {"dispatch": 1e-06, "ops_per_layer": 10}})"));
  const json again = solved(r["scenario"]);
  CHECK(numbers_of_device(again["host"]) == numbers_of_device(r["host"]));
  CHECK(numbers_of_device(again["accelerator"]) == numbers_of_device(r["accelerator"]));
}

TEST_CASE("the host has no kernel launch and no graphs of its own to set") {
  for (const char* key : {"launch", "launches_per_step"}) {
    CAPTURE(key);
    const json e = solve_document(with({{"overheads", {{"host", {{key, 1}}}}}}));
    REQUIRE(e["schema"] == "epochcalc/error@1");
    CHECK(e["errors"][0]["code"] == "E_UNKNOWN_FIELD");
    CHECK(e["errors"][0]["path"] == std::string("/overheads/host/") + key);
  }
  const json bad = solve_document(with({{"overheads", {{"accelerator", {{"dispatch", "-1 us"}}}}}}));
  REQUIRE(bad["schema"] == "epochcalc/error@1");
  CHECK(bad["errors"][0]["path"] == "/overheads/accelerator/dispatch");
}

// Regression (issue 20): picking the CUDA profile charged the CPU the CUDA profile's dispatch and
// operation counts. A profile for one device leaves the other's alone.
TEST_CASE("a profile applied to one device: each device runs under its own framework") {
  const json cuda_only = solved(with({{"overheads", {{"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}}));
  const json base = solved(preset);
  CHECK(run(cuda_only, "host") == run(base, "host"));  // the CPU's epoch stays 274.2 ms
  CHECK(cuda_only["accelerator"]["overheads"]["profile"] == "pytorch-eager-cuda");
  CHECK(cuda_only["accelerator"]["overheads"]["dispatch"] == 5e-6);
  CHECK(cuda_only["accelerator"]["overheads"]["ops_per_step"] == 3 * 8 + 8);
  CHECK(cuda_only["accelerator"]["overheads"]["step_overhead"] == 30e-6);
  CHECK(cuda_only["host"]["overheads"]["profile"].is_null());

  // Both frameworks at once: the host under PyTorch on the CPU, the accelerator under CUDA, the scenario's
  // own profile for neither; a device's own value beats its own profile.
  const json both = solved(with({{"profile", "tensorflow-eager"},
                                 {"overheads", {{"host", {{"profile", "pytorch-eager-cpu"}, {"step_overhead", "50 us"}}},
                                                {"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}}));
  CHECK(both["host"]["overheads"]["dispatch"] == 4e-6);
  CHECK(both["host"]["overheads"]["ops_per_step"] == 3 * 10 + 6);
  CHECK(both["host"]["overheads"]["step_overhead"] == 50e-6);
  CHECK(both["host"]["overheads"]["own"] ==
        json::array({"profile", "dispatch", "step_overhead", "ops_per_layer", "extra_ops_per_step"}));
  CHECK(relative_error(number(run(both, "host"), "dispatch_time_s"), steps_32 * 36 * 4e-6) <= 1e-12);
  CHECK(relative_error(number(run(both, "host"), "step_time_s"), steps_32 * 50e-6) <= 1e-12);
  CHECK(both["accelerator"]["overheads"]["launch"] == 3e-6);
  CHECK(both["accelerator"]["overheads"]["dispatch"] == 5e-6);
  // The host's profile sets no launch: the host has none.
  CHECK(both["host"]["overheads"]["launch"] == 0);

  // An unknown id is named at its own path, with the known ids.
  const json e = solve_document(with({{"overheads", {{"host", {{"profile", "numpy"}}}}}}));
  REQUIRE(e["schema"] == "epochcalc/error@1");
  CHECK(e["errors"][0]["code"] == "E_UNKNOWN_ID");
  CHECK(e["errors"][0]["path"] == "/overheads/host/profile");
  CHECK(e["errors"][0]["message"].get<std::string>().find("numpy-cpu") != std::string::npos);
}

TEST_CASE("a device's own profile over a preset replaces the preset's own values of that device") {
  // The compiled-graph preset gives the scenario graphs; a device profile written over it wins for that device.
  const json r = solved({{"preset", "mnist-compiled-graph"}, {"overheads", {{"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}});
  CHECK(r["accelerator"]["overheads"]["launches_per_step"].is_null() == !registry::find_profile("pytorch-eager-cuda")->values["assumptions"].contains("launches_per_step"));
  CHECK(r["accelerator"]["overheads"]["dispatch"] == 5e-6);
}

TEST_CASE("each batch is copied to the accelerator over its host link, when it has one") {
  const json base = solved(preset);
  const json r = solved(with({{"accelerator", {{"host_link_bandwidth", "64 GB/s"}, {"host_link_latency", "10 us"}}}}));
  // Per step: the latency, and the batch's inputs, 784 fp32 values an example.
  const double per_example = 784.0 * 4 / 64e9;
  CHECK(relative_error(number(run(r, "accelerator"), "transfer_time_s"), steps_32 * 10e-6 + 60000 * per_example) <= 1e-12);
  CHECK(relative_error(number(run(r, "accelerator", "batch_one"), "transfer_time_s"), steps_1 * 10e-6 + 60000 * per_example) <= 1e-12);
  CHECK(relative_error(number(run(r, "accelerator"), "epoch_time_s"),
                       number(run(base, "accelerator"), "epoch_time_s") + number(run(r, "accelerator"), "transfer_time_s")) <= 1e-12);
  // Not overhead, not work: its own part.
  CHECK(number(run(r, "accelerator"), "overhead_time_s") == number(run(base, "accelerator"), "overhead_time_s"));
  CHECK(run(r, "host") == run(base, "host"));  // the host copies nothing, whatever its own link says
  const json host_link = solved(with({{"host", {{"base", "reference-cpu"}, {"host_link_bandwidth", "1 GB/s"}}}}));
  CHECK(number(run(host_link, "host"), "transfer_time_s") == 0);
  // With drop_last the copies follow the examples seen.
  const json dropped = solved(with({{"network", {{"batch_size", 7000}}},
                                    {"assumptions", {{"drop_last", true}}},
                                    {"accelerator", {{"host_link_bandwidth", "64 GB/s"}}}}));
  CHECK(relative_error(number(run(dropped, "accelerator"), "transfer_time_s"), 8 * 7000 * per_example) <= 1e-12);
}

TEST_CASE("win ranges stay exact with per-step costs, own overheads and copies (brute force)") {
  Draw d(0x5eed0020);
  for (int i = 0; i < 300; ++i) {
    Scenario s = parsed(preset);
    s.dataset.training_examples = d.integer(1, 700);
    s.step_overhead = 200e-6 * d.unit();
    s.host_overheads.dispatch = 20e-6 * d.unit();
    if (d.chance(0.5)) s.accelerator_overheads.step_overhead = 400e-6 * d.unit();
    if (d.chance(0.5)) s.accelerator_overheads.ops_per_layer = static_cast<int>(d.integer(0, 11));
    s.accelerator.host_link_bandwidth = d.chance(2.0 / 3) ? 1e9 + 99e9 * d.unit() : 0;
    s.accelerator.host_link_latency = 30e-6 * d.unit();
    s.accelerator.peak_flops["fp32"] = 1e11 + (1e14 - 1e11) * d.unit();
    s.assumptions.drop_last = d.chance(0.5);
    s.assumptions.overlap = d.chance(0.5) ? Overlap::roofline : Overlap::none;
    const std::vector<BatchRange> brute = brute_force_ranges(s);
    CAPTURE(i);
    CHECK(accelerator_win_ranges(s) == brute);
  }
}

TEST_CASE("the new fields are solvable for and swept like the others") {
  const Scenario s = parsed(preset);
  const auto flip = [&](const char* path) {
    const auto field = number_field(s, path);
    REQUIRE(field);
    CHECK(unsolvable_reason(s, *field->spec, Goal{}).empty());
    return solve_for(s, *field, Goal{});
  };
  // The host's own dispatch at which the winner flips at batch 32: there both are as fast, to a step.
  const SolveAnswer host_dispatch = flip("/overheads/host/dispatch");
  REQUIRE(host_dispatch.boundary);
  Scenario at = s;
  at.host_overheads.dispatch = *host_dispatch.boundary;
  const EpochTimes t = epoch_times_at(at, s.batch_size);
  CHECK(relative_error(t.host_s, t.accelerator_s) <= 1e-9);
  // A cost per step is paid by both: it narrows the accelerator's lead but never reverses it.
  const SolveAnswer step = flip("/step_overhead");
  CHECK(step.metric_at_high < step.metric_at_low);
  CHECK(step.metric_at_high > 1);
  // Listed in the break-even summary only where they mean something of their own.
  std::vector<std::string> paths;
  for (const NumberField& f : break_even_fields(s)) paths.push_back(f.spec->path);
  CHECK(std::find(paths.begin(), paths.end(), "/step_overhead") != paths.end());
  CHECK(std::find(paths.begin(), paths.end(), "/overheads/host/dispatch") == paths.end());
  CHECK(std::find(paths.begin(), paths.end(), "/accelerator/host_link_latency") == paths.end());
  paths.clear();
  for (const NumberField& f : break_even_fields(at)) paths.push_back(f.spec->path);
  CHECK(std::find(paths.begin(), paths.end(), "/overheads/host/dispatch") != paths.end());
}

namespace {

// Epochs the model gives for these constants on several networks: the calibration's ground truth.
std::vector<Measurement> measured(const Scenario& truth, const std::vector<std::vector<std::int64_t>>& networks,
                                  const std::vector<std::int64_t>& batches) {
  std::vector<Measurement> out;
  for (const auto& widths : networks)
    for (std::int64_t b : batches) {
      Scenario on = truth;
      on.widths = widths;
      out.push_back({MeasuredOn::host, b, epoch_times_at(on, b).host_s, widths});
    }
  return out;
}

}  // namespace

TEST_CASE("calibration: networks of different depths separate the per-step cost from the per-operation cost") {
  const Scenario start = parsed(preset);
  Scenario truth = start;
  truth.dispatch = 3e-6;
  truth.step_overhead = 40e-6;
  truth.assumptions.host_efficiency = 0.2;
  const std::vector<std::vector<std::int64_t>> networks{{784, 128, 10}, {784, 128, 64, 10}, {784, 256, 256, 128, 64, 10}};
  const std::vector<std::int64_t> batches{1, 32, 1024};
  const auto ms = measured(truth, networks, batches);
  const FreeConstants free = default_free(ms, start.widths);
  CHECK(free[static_cast<std::size_t>(Constant::step_overhead)]);  // several depths: fitted by default
  const Calibration fit = calibrate(start, ms, free);
  REQUIRE(fit.fitted[static_cast<std::size_t>(Constant::dispatch)]);
  REQUIRE(fit.fitted[static_cast<std::size_t>(Constant::step_overhead)]);
  CHECK(relative_error(*fit.fitted[static_cast<std::size_t>(Constant::dispatch)], 3e-6) <= 1e-9);
  CHECK(relative_error(*fit.fitted[static_cast<std::size_t>(Constant::step_overhead)], 40e-6) <= 1e-9);
  CHECK(relative_error(*fit.fitted[static_cast<std::size_t>(Constant::host_efficiency)], 0.2) <= 1e-9);
  CHECK_FALSE(fit.overhead_per_step);
  for (std::size_t i = 0; i < ms.size(); ++i) CHECK(relative_error(fit.predicted_s[i], ms[i].epoch_time_s) <= 1e-9);
}

TEST_CASE("calibration: one network cannot tell the per-step cost from the per-operation cost, and says so") {
  const Scenario start = parsed(preset);
  Scenario truth = start;
  truth.dispatch = 3e-6;
  truth.step_overhead = 40e-6;
  const auto ms = measured(truth, {{784, 128, 64, 10}}, {1, 32, 1024});
  CHECK_FALSE(default_free(ms, start.widths)[static_cast<std::size_t>(Constant::step_overhead)]);
  FreeConstants free{};
  free[static_cast<std::size_t>(Constant::dispatch)] = true;
  free[static_cast<std::size_t>(Constant::step_overhead)] = true;
  free[static_cast<std::size_t>(Constant::host_efficiency)] = true;
  const Calibration fit = calibrate(start, ms, free);
  CHECK_FALSE(fit.fitted[static_cast<std::size_t>(Constant::dispatch)]);
  CHECK_FALSE(fit.fitted[static_cast<std::size_t>(Constant::step_overhead)]);
  REQUIRE(fit.overhead_per_step);
  CHECK(fit.overhead_per_step_ops == ops);
  CHECK(relative_error(*fit.overhead_per_step, ops * 3e-6 + 40e-6) <= 1e-9);
  for (std::size_t i = 0; i < ms.size(); ++i) CHECK(relative_error(fit.predicted_s[i], ms[i].epoch_time_s) <= 1e-9);

  // The JSON reply names the combination and what would separate it.
  json input = {{"scenario", preset}, {"fit", {"dispatch", "step_overhead", "host_efficiency"}}, {"measurements", json::array()}};
  for (const Measurement& m : ms) input["measurements"].push_back({{"device", "host"}, {"batch_size", m.batch_size}, {"epoch_time_s", m.epoch_time_s}});
  const json reply = calibrate_document(input);
  REQUIRE(reply["schema"] == "epochcalc/calibration@2");
  CHECK(reply["undetermined"] == json::parse(R"([{"constant": "dispatch", "path": "/dispatch"},
                                                 {"constant": "step_overhead", "path": "/step_overhead"}])"));
  CHECK(relative_error(reply["overhead_per_step"].get<double>(), ops * 3e-6 + 40e-6) <= 1e-9);
  bool said = false;
  for (const json& note : reply["notes"])
    said |= note.get<std::string>().starts_with("One network cannot tell the fixed cost per step from the cost per operation") &&
            note.get<std::string>().find("Measure networks of different depths") != std::string::npos;
  CHECK(said);
}

TEST_CASE("calibration: each measurement's network is read and checked, and a device's own value is fitted in its field") {
  json input = {{"scenario", with({{"overheads", {{"host", {{"dispatch", "2 us"}}}}}})},
                {"measurements", {{{"device", "host"}, {"batch_size", 8}, {"epoch_time_s", 1.0}, {"widths", {784, 10}}},
                                  {{"device", "host"}, {"batch_size", 64}, {"epoch_time_s", 0.5}, {"widths", {784, 32, 10}}},
                                  {{"device", "host"}, {"batch_size", 512}, {"epoch_time_s", 0.4}}}}};
  const json reply = calibrate_document(input);
  REQUIRE(reply["schema"] == "epochcalc/calibration@2");
  // The host pays its own dispatch: the fit fits that one and writes it to the host's own field. The
  // scenario's dispatch is the accelerator's alone, paid with its launch on every call: no measurement
  // tells the two apart, and the note says so rather than asking for more batch sizes.
  CHECK(reply["fitted"]["dispatch"].is_null());
  REQUIRE(reply["fitted_own"]["host"]["dispatch"].is_number());
  const double host_dispatch = reply["fitted_own"]["host"]["dispatch"].get<double>();
  CHECK(relative_error(std::stod(reply["scenario"]["overheads"]["host"]["dispatch"].get<std::string>()), host_dispatch * 1e6) <= 1e-8);
  CHECK(reply["undetermined"][0] == json{{"constant", "dispatch"}, {"path", "/dispatch"}});
  bool said = false;
  for (const json& note : reply["notes"]) {
    CHECK(note.get<std::string>().find("more batch sizes") == std::string::npos);
    said |= note == "The dispatch per operation and the kernel launch per operation are not determined, and no measurement "
                    "can tell them apart: they move together in every epoch. Leave one of them out of fit to fit the other.";
  }
  CHECK(said);
  CHECK(reply["measurements"][0]["widths"] == json::array({784, 10}));
  CHECK_FALSE(reply["measurements"][2].contains("widths"));

  input["measurements"][0]["widths"] = {784};
  const json e = calibrate_document(input);
  REQUIRE(e["schema"] == "epochcalc/error@1");
  CHECK(e["errors"][0]["path"] == "/measurements/0/widths");
  input["measurements"][0]["widths"] = {784, 0};
  CHECK(calibrate_document(input)["errors"][0]["path"] == "/measurements/0/widths/1");
}
