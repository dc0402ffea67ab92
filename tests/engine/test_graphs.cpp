// Graph launches (issue 9): assumptions.launches_per_step = g > 0 makes the accelerator pay g
// dispatches and g launches per step instead of one per operation; the host CPU has no graphs and
// still dispatches every operation. Each run reports its dispatch and launch counts.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "epochcalc/api/api_json.hpp"
#include "solved.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {


// The counts and overhead times of one run, from the model's equations: `calls` dispatches, each
// also a launch on the accelerator.
void check_overheads(const json& run, double calls, bool accelerator, double dispatch, double launch) {
  CHECK(number(run, "dispatches") == calls);
  CHECK(number(run, "launches") == (accelerator ? calls : 0.0));
  CHECK(relative_error(number(run, "dispatch_time_s"), calls * dispatch) <= 1e-15);
  if (accelerator) CHECK(relative_error(number(run, "launch_time_s"), calls * launch) <= 1e-15);
  else CHECK(number(run, "launch_time_s") == 0);
  CHECK(relative_error(number(run, "overhead_time_s"), number(run, "dispatch_time_s") + number(run, "launch_time_s")) <= 1e-15);
  CHECK(relative_error(number(run, "epoch_time_s"), number(run, "work_time_s") + number(run, "overhead_time_s")) <= 1e-15);
}

}  // namespace

TEST_CASE("graphs: the accelerator pays g calls per step, the host every operation") {
  // MNIST, 3 layers; 8 operations per layer and 5 more per step: 29 operations per step.
  const double per_step = 3 * 8 + 5;
  const double dispatch = 10e-6, launch = 5e-6;
  for (int g : {1, 3, 40}) {
    CAPTURE(g);
    {  // without drop_last
      const json r = solved(preset_with({{"ops_per_layer", 8}, {"extra_ops_per_step", 5}, {"launches_per_step", g}}));
      CHECK(r["scenario"]["assumptions"]["launches_per_step"] == g);
      const double steps = std::ceil(60000.0 / 32);  // 1,875
      CHECK(r["network"]["batched"]["steps_per_epoch"] == steps);
      CHECK(r["network"]["batched"]["launched_ops"] == steps * per_step);
      check_overheads(r["accelerator"]["batched"], steps * g, true, dispatch, launch);
      check_overheads(r["host"]["batched"], steps * per_step, false, dispatch, launch);
      check_overheads(r["accelerator"]["batch_one"], 60000.0 * g, true, dispatch, launch);
      check_overheads(r["host"]["batch_one"], 60000.0 * per_step, false, dispatch, launch);
      // The work is the same as without graphs.
      const json eager = solved(preset_with({{"ops_per_layer", 8}, {"extra_ops_per_step", 5}}));
      CHECK(r["accelerator"]["batched"]["work_time_s"] == eager["accelerator"]["batched"]["work_time_s"]);
      CHECK(r["host"] == eager["host"]);
    }
    {  // with drop_last, at batch size 7
      json doc = preset_with({{"ops_per_layer", 8}, {"extra_ops_per_step", 5}, {"launches_per_step", g}, {"drop_last", true}});
      doc["network"] = {{"batch_size", 7}};
      const json r = solved(doc);
      const double steps = std::floor(60000.0 / 7);  // 8,571
      CHECK(r["network"]["batched"]["steps_per_epoch"] == steps);
      check_overheads(r["accelerator"]["batched"], steps * g, true, dispatch, launch);
      check_overheads(r["host"]["batched"], steps * per_step, false, dispatch, launch);
    }
  }
}

TEST_CASE("eager (no launches_per_step): every operation is a dispatch, and a launch on the accelerator") {
  const json r = solved({{"preset", "mnist-cpu-vs-h100"}});
  CHECK(r["scenario"]["assumptions"]["launches_per_step"].is_null());
  const double ops = 1875.0 * 9;  // 3 layers, 3 operations each (training), 16,875 in all
  CHECK(r["network"]["batched"]["launched_ops"] == ops);
  check_overheads(r["accelerator"]["batched"], ops, true, 10e-6, 5e-6);
  check_overheads(r["host"]["batched"], ops, false, 10e-6, 5e-6);
  check_overheads(r["accelerator"]["batch_one"], 60000.0 * 9, true, 10e-6, 5e-6);
  // null is the same as absent.
  const json null_graphs = solved(preset_with({{"launches_per_step", nullptr}}));
  CHECK(null_graphs["host"] == r["host"]);
  CHECK(null_graphs["accelerator"] == r["accelerator"]);
  CHECK(null_graphs["scenario"]["assumptions"]["launches_per_step"].is_null());
}

TEST_CASE("graphs with zero operations per layer still launch g graphs per step") {
  const json r = solved(preset_with({{"ops_per_layer", 0}, {"launches_per_step", 2}}));
  CHECK(number(r["host"]["batched"], "dispatches") == 0);
  CHECK(number(r["accelerator"]["batched"], "dispatches") == 1875.0 * 2);
}

TEST_CASE("launches_per_step is a whole number from 1 to 1,000,000") {
  const std::string path = "/assumptions/launches_per_step";
  struct Case {
    json value;
    const char* code;
    const char* fragment;
  };
  for (const Case& c : {Case{0, "E_RANGE", "0 is out of range: use a whole number from 1 to 1,000,000"},
                        Case{-1, "E_RANGE", "use a whole number from 1 to 1,000,000"},
                        Case{1000001, "E_RANGE", "use a whole number from 1 to 1,000,000"},
                        Case{2.5, "E_TYPE", "is not a whole number"}, Case{"two", "E_TYPE", "is not a number"},
                        Case{"1,000", "E_TYPE", "write the digits only"}, Case{true, "E_TYPE", "expected a whole number"}}) {
    CAPTURE(c.value.dump());
    const json e = solve_document(preset_with({{"launches_per_step", c.value}}));
    REQUIRE(e["schema"] == "epochcalc/error@1");
    REQUIRE(e["errors"].size() == 1);
    CHECK(e["errors"][0]["code"] == c.code);
    CHECK(e["errors"][0]["path"] == path);
    CHECK(e["errors"][0]["message"].get<std::string>().find(c.fragment) != std::string::npos);
  }
  for (const json& fine : {json(1), json(1000000), json("12")}) {
    CAPTURE(fine.dump());
    CHECK(solve_document(preset_with({{"launches_per_step", fine}}))["schema"] == "epochcalc/result@1");
  }
}

TEST_CASE("the normalized scenario keeps the graph setting") {
  const json r = solved(preset_with({{"launches_per_step", 4}, {"host_efficiency", "25 %"}}));
  const json again = solved(r["scenario"]);
  CHECK(again["scenario"] == r["scenario"]);
  CHECK(numbers_of_device(again["accelerator"]) == numbers_of_device(r["accelerator"]));
  CHECK(numbers_of_device(again["host"]) == numbers_of_device(r["host"]));
}

TEST_CASE("the schema describes launches_per_step and the efficiencies") {
  const json s = json::parse(schema_json());
  const auto field = [&](const std::string& path) {
    for (const json& f : s["fields"])
      if (f["path"] == path) return f;
    return json();
  };
  CHECK(field("/assumptions/launches_per_step")["min"] == 1);
  CHECK(field("/assumptions/launches_per_step")["max"] == 1000000);
  CHECK(field("/assumptions/launches_per_step")["required"] == false);
  CHECK(field("/assumptions/host_efficiency")["dimension"] == "fraction");
  CHECK(field("/assumptions/host_efficiency")["max"] == 1);
  CHECK(field("/assumptions/accelerator_efficiency")["kind"] == "quantity");
  CHECK(s["defaults"]["/assumptions/host_efficiency"] == 1);
  CHECK(s["defaults"]["/assumptions/launches_per_step"].is_null());
  CHECK(s["profile_fields"] == json::array({"/dispatch", "/launch", "/step_overhead", "/assumptions/ops_per_layer",
                                            "/assumptions/extra_ops_per_step", "/assumptions/launches_per_step"}));
}

TEST_CASE("the sweep follows graphs and efficiencies like the single solve") {
  json doc = preset_with({{"launches_per_step", 2}, {"host_efficiency", 0.6}, {"accelerator_efficiency", "20 %"},
                          {"ops_per_layer", 6}, {"extra_ops_per_step", 4}});
  const json sweep = sweep_document(doc, json::array({1, 7, 32, 60000}));
  REQUIRE(sweep["schema"] == "epochcalc/sweep@2");
  std::size_t i = 0;
  for (std::int64_t b : {1, 7, 32, 60000}) {
    CAPTURE(b);
    doc["network"] = {{"batch_size", b}};
    const json r = solved(doc);
    for (const char* device : {"host", "accelerator"}) {
      CAPTURE(device);
      CHECK(sweep[device]["epoch_time_s"][i] == r[device]["batched"]["epoch_time_s"]);
      CHECK(sweep[device]["work_time_s"][i] == r[device]["batched"]["work_time_s"]);
      CHECK(sweep[device]["overhead_time_s"][i] == r[device]["batched"]["overhead_time_s"]);
    }
    ++i;
  }
  CHECK(sweep["accelerator_wins"] == solved(doc)["comparison"]["accelerator_wins"]);
}
