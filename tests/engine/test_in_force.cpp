// The value in force (docs/model.md, "The value in force"): where each overhead value a device pays
// comes from, the warning when a value the user wrote is not used, and what-ifs that act on the values
// in force (issue 33's defects, each first seen failing).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_forms.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/in_force.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/api/whatif_json.hpp"
#include "draw.hpp"
#include "solved.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {

// The scenario: an A100 with each device under its own PyTorch profile.
const json per_device = {{"preset", "mnist-cpu-vs-h100"},
                         {"network", {{"widths", {784, 512, 512, 10}}, {"batch_size", 256}}},
                         {"accelerator", "a100-sxm-80gb"},
                         {"overheads",
                          {{"host", {{"profile", "pytorch-eager-cpu"}}}, {"accelerator", {{"profile", "pytorch-eager-cuda"}}}}}};

json source(const json& result, const char* device, const char* key) { return result[device]["overheads"]["sources"][key]; }

std::vector<double> epochs(const json& sweep, const char* device) {
  return sweep.at(device).at("epoch_time_s").get<std::vector<double>>();
}

bool has_code(const json& result, const std::string& code) {
  for (const json& w : result["warnings"])
    if (w["code"] == code) return true;
  return false;
}

}  // namespace

TEST_CASE("every result names the field and the layer behind each overhead value a device pays") {
  SUBCASE("the preset, and the default where no layer gives one") {
    const json r = solved({{"preset", "mnist-cpu-vs-h100"}});
    CHECK(source(r, "host", "dispatch") == json{{"path", "/dispatch"}, {"from", "preset"}, {"id", "mnist-cpu-vs-h100"}});
    CHECK(source(r, "accelerator", "launch") == json{{"path", "/launch"}, {"from", "preset"}, {"id", "mnist-cpu-vs-h100"}});
    CHECK(source(r, "host", "step_overhead") == json{{"path", "/step_overhead"}, {"from", "default"}});
    CHECK(source(r, "accelerator", "launches_per_step") == json{{"path", "/assumptions/launches_per_step"}, {"from", "default"}});
    // The host pays no launch and replays no graph: nothing to name.
    CHECK_FALSE(r["host"]["overheads"]["sources"].contains("launch"));
    CHECK_FALSE(r["host"]["overheads"]["sources"].contains("launches_per_step"));
  }
  SUBCASE("the scenario's own value over the preset's") {
    const json r = solved({{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "3 us"}});
    CHECK(source(r, "accelerator", "dispatch") == json{{"path", "/dispatch"}, {"from", "scenario"}});
  }
  SUBCASE("a scenario-wide profile, and a value the scenario writes beside it") {
    const json r = solved({{"preset", "mnist-cpu-vs-h100"}, {"profile", "jax-jit"}, {"launch", "4 us"}});
    CHECK(source(r, "host", "dispatch") == json{{"path", "/dispatch"}, {"from", "profile"}, {"id", "jax-jit"}});
    CHECK(source(r, "accelerator", "launch") == json{{"path", "/launch"}, {"from", "scenario"}});
  }
  SUBCASE("each device's own profile, and a device's own value") {
    json doc = per_device;
    doc["overheads"]["host"]["dispatch"] = "6 us";
    const json r = solved(doc);
    CHECK(source(r, "host", "dispatch") == json{{"path", "/overheads/host/dispatch"}, {"from", "scenario"}});
    CHECK(source(r, "host", "ops_per_layer") ==
          json{{"path", "/overheads/host/ops_per_layer"}, {"from", "profile"}, {"id", "pytorch-eager-cpu"}});
    CHECK(source(r, "accelerator", "launch") ==
          json{{"path", "/overheads/accelerator/launch"}, {"from", "profile"}, {"id", "pytorch-eager-cuda"}});
    // The profile sets no graph launches: the scenario-wide default is in force.
    CHECK(source(r, "accelerator", "launches_per_step") == json{{"path", "/assumptions/launches_per_step"}, {"from", "default"}});
  }
  SUBCASE("a null written is the default, not the preset's value") {
    const json r = solved({{"preset", "mnist-cpu-vs-h100"}, {"assumptions", {{"extra_ops_per_step", nullptr}}}});
    CHECK(source(r, "host", "extra_ops_per_step") == json{{"path", "/assumptions/extra_ops_per_step"}, {"from", "default"}});
  }
}

TEST_CASE("a value the scenario writes that each device's own value overrides is W_SHADOWED, naming the winners") {
  json doc = per_device;
  doc["dispatch"] = "7 us";
  const json r = solved(doc);
  REQUIRE(has_code(r, "W_SHADOWED"));
  const json& w = r["warnings"][0];
  CHECK(w["path"] == "/dispatch");
  const std::string message = w["message"];
  // The fields that win (their values and layers are the result's sources, and --explain's).
  CHECK(message == "dispatch is not used: overheads.host.dispatch and overheads.accelerator.dispatch win. Set those fields "
                   "instead, or clear the devices' profiles or own values.");
  // Used by one device, overridden on the other: said so.
  json half = {{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "7 us"}, {"overheads", {{"host", {{"dispatch", "2 us"}}}}}};
  const json r2 = solved(half);
  REQUIRE(has_code(r2, "W_SHADOWED"));
  CHECK(r2["warnings"][0]["message"].get<std::string>().find("not used by every device") != std::string::npos);
  // Not for values the scenario does not write (the preset's), nor when no device overrides them.
  CHECK_FALSE(has_code(solved(per_device), "W_SHADOWED"));
  CHECK_FALSE(has_code(solved({{"preset", "mnist-cpu-vs-h100"}, {"dispatch", "7 us"}}), "W_SHADOWED"));
}

TEST_CASE("regression: sweeping dispatch under per-device profiles varies what every device pays") {
  // Before: 360.308 ms and 81.4845 ms at every point, with no word why.
  const json sweep = sweep_text(per_device, {"dispatch=1 us:100 us:3"});
  REQUIRE(sweep["schema"] == "epochcalc/field-sweep@1");
  for (const char* device : {"host", "accelerator"}) {
    const auto e = epochs(sweep, device);
    CHECK(e[0] < e[1]);
    CHECK(e[1] < e[2]);
  }
  CHECK(sweep["x"]["changes_epochs"] == true);
  CHECK(sweep["x"]["giving_way"] == json::array({{{"path", "/overheads/host/dispatch"}, {"value", 4e-6}},
                                                 {{"path", "/overheads/accelerator/dispatch"}, {"value", 5e-6}}}));
  CHECK(sweep["x"]["notes"][0].get<std::string>().find("To vary one device alone, vary overheads.host.dispatch or "
                                                        "overheads.accelerator.dispatch") != std::string::npos);
  // Each point is the scenario with that dispatch on both devices, written out as a document.
  json both = per_device;
  both["dispatch"] = "1 us";
  both["overheads"]["host"]["dispatch"] = "1 us";
  both["overheads"]["accelerator"]["dispatch"] = "1 us";
  const json r = solved(both);
  CHECK(epochs(sweep, "host")[0] == r["host"]["batched"]["epoch_time_s"]);
  CHECK(epochs(sweep, "accelerator")[0] == r["accelerator"]["batched"]["epoch_time_s"]);
  // A device's own field varies that device alone.
  const json own = sweep_text(per_device, {"overheads.accelerator.dispatch=1 us:100 us:3"});
  CHECK(epochs(own, "host")[0] == epochs(own, "host")[2]);
  CHECK(epochs(own, "accelerator")[0] < epochs(own, "accelerator")[2]);
  CHECK(own["x"]["giving_way"].empty());
}

TEST_CASE("regression: solve-for dispatch under per-device profiles answers about what the devices pay") {
  // Before: "for any value from 0 s to 1 h".
  const json a = solve_for_document(per_device, "dispatch", "speedup=3");
  REQUIRE(a["schema"] == "epochcalc/solve-for@1");
  CHECK(a["answer"] == "value");
  CHECK(a["holds_when"] == "at_most");
  // The devices pay 4 and 5 us now: no one value is "now".
  CHECK(a["current"]["value"].is_null());
  CHECK(a["field"]["giving_way"].size() == 2);
}

TEST_CASE("a what-if over a field that changes no epoch says so and why") {
  json graphs = per_device;
  graphs["overheads"]["accelerator"]["launches_per_step"] = 1;
  const json a = solve_for_document(graphs, "overheads.accelerator.ops_per_layer", "speedup=3");
  REQUIRE(a["schema"] == "epochcalc/solve-for@1");
  CHECK(a["field"]["changes_epochs"] == false);
  CHECK(a["field"]["notes"][0] == "It changes no epoch here: the accelerator replays graphs, so it pays per graph launch, not per operation.");
  const json tdp = sweep_text(per_device, {"host.tdp=1 W:100 W:3"});
  CHECK(tdp["x"]["changes_epochs"] == false);
  CHECK(epochs(tdp, "host")[0] == epochs(tdp, "host")[2]);
  // Break-even lists only fields that change an epoch.
  const json summary = break_even_document(graphs);
  for (const json& f : summary["fields"]) CHECK(f["changes_epochs"] == true);
}

TEST_CASE("regression: the quick what-ifs act on the values in force, and CUDA Graphs agrees with its profile") {
  const json list = quick_whatifs_document(per_device);
  const json& before = list["before"];
  const auto epoch = [](const json& outcome, const char* device) { return outcome[device]["epoch_time_s"].get<double>(); };
  // Before: "a compiled step" and "half the dispatch" left both epochs unchanged.
  for (const json& w : list["whatifs"]) {
    CAPTURE(w.dump());
    if (w["id"] != "compiled-step" && w["id"] != "half-dispatch") continue;
    CHECK(epoch(w["after"], "host") < epoch(before, "host"));
    CHECK(epoch(w["after"], "accelerator") < epoch(before, "accelerator"));
  }
  CHECK(list["whatifs"][2]["edits"] == json::array({{{"path", "/overheads/host/dispatch"}, {"text", "2 us"}},
                                                    {{"path", "/overheads/accelerator/dispatch"}, {"text", "2.5 us"}}}));
  // Before: 23.2 ms where the CUDA Graphs profile gives 18.97 ms.
  json profile = per_device;
  profile["overheads"]["accelerator"]["profile"] = "pytorch-cuda-graphs";
  const json& graphs = list["whatifs"][0];
  CHECK(graphs["edits"] == json::array({{{"path", "/overheads/accelerator/profile"}, {"text", "pytorch-cuda-graphs"}}}));
  CHECK(epoch(graphs["after"], "accelerator") == solved(profile)["accelerator"]["batched"]["epoch_time_s"]);
  CHECK(epoch(graphs["after"], "host") == epoch(before, "host"));
  // Without a profile to imitate, it says how it differs from one.
  const json plain = quick_whatifs_document({{"preset", "mnist-cpu-vs-h100"}});
  CHECK(plain["whatifs"][0]["note"].get<std::string>().find("pytorch-cuda-graphs") != std::string::npos);
}

// For random scenarios with random profiles on each device: every numeric field either changes an
// epoch over its range, or the answer says it does not and why; a scenario-wide overhead's what-if is
// the document with that value on every device (brute force through the document), and solve-for's
// boundary is where the goal changes in those documents.
TEST_CASE("property: what-ifs act on the values in force, checked through the documents") {
  Draw draw(33);
  const auto& profiles = registry::profile_ids();
  const auto pick = [&](const std::vector<std::string>& ids) { return ids[static_cast<std::size_t>(draw.integer(0, static_cast<std::int64_t>(ids.size()) - 1))]; };
  for (int round = 0; round < 24; ++round) {
    json doc = {{"preset", pick(registry::preset_ids())}};
    if (draw.chance(0.3)) doc["profile"] = pick(profiles);
    for (const char* role : {"host", "accelerator"})
      if (draw.chance(0.6)) doc["overheads"][role]["profile"] = pick(profiles);
    if (draw.chance(0.3)) doc["overheads"]["host"]["dispatch"] = std::to_string(draw.integer(1, 30)) + " us";
    if (draw.chance(0.3)) doc["overheads"]["accelerator"]["launches_per_step"] = draw.integer(1, 4);
    if (draw.chance(0.5)) doc["dispatch"] = std::to_string(draw.integer(1, 30)) + " us";
    CAPTURE(doc.dump());
    const Solved base = solve_checked(doc);
    REQUIRE(base.result);
    const Scenario& s = *base.scenario;
    for (const FieldSpec& spec : field_specs()) {
      if (!(spec.number.get || spec.number.device_get) || spec.path == "/network/widths/-") continue;
      const auto field = number_field(s, spec.path);
      if (!field) continue;
      CAPTURE(spec.path);
      // Two values a factor of 4 apart inside the field's limits (whole numbers for a count).
      const auto [low, high] = field_limits(spec);
      double a = std::max(low, std::min(high, field->get(s) > 0 ? field->get(s) : 1e-6));
      if (spec.kind == FieldKind::integer) a = std::max(low, std::round(a));
      double b = std::min(high, a * 4 + (spec.kind == FieldKind::integer ? 1 : 0));
      if (b == a) a = std::max(low, a / 4);
      if (spec.path == "/network/batch_size" || spec.path == "/network/dataset/training_examples") continue;  // staircases
      char range[96];
      std::snprintf(range, sizeof range, "%.17g,%.17g", a, b);
      const json sweep = sweep_text(doc, {dotted_path(spec.path) + "=" + range});
      REQUIRE_MESSAGE(sweep["schema"] == "epochcalc/field-sweep@1", sweep.dump());
      const bool moved = epochs(sweep, "host")[0] != epochs(sweep, "host")[1] ||
                         epochs(sweep, "accelerator")[0] != epochs(sweep, "accelerator")[1];
      CHECK(moved == sweep["x"]["changes_epochs"].get<bool>());
      if (!moved) CHECK_FALSE(sweep["x"]["notes"].empty());
      // A scenario-wide overhead: the point is the document with that value on every device.
      const auto slot = scenario_wide_slot(spec);
      if (!slot) continue;
      CHECK(sweep["x"]["giving_way"].size() == values_giving_way(s, *field).size());
      // The document with the field at x on every device that pays it, solved.
      const auto solved_with = [&](double x) {
        json d = doc;
        Errors e;
        char t[32];
        std::snprintf(t, sizeof t, "%.17g", x);
        REQUIRE(set_field(d, spec.path, t, e));
        for (const char* role : {"host", "accelerator"})
          if (!(overhead_field(*slot).accelerator_only && role[0] == 'h'))
            d["overheads"][role][std::string(overhead_field(*slot).key)] = spec.kind == FieldKind::integer ? json(x) : json(t);
        const Solved r = solve_checked(d);
        REQUIRE_MESSAGE(r.result, d.dump());
        return *r.result;
      };
      const Result direct = solved_with(b);
      CHECK(relative_error(epochs(sweep, "host")[1], direct.host.batched.epoch_time_s) < 1e-9);
      CHECK(relative_error(epochs(sweep, "accelerator")[1], direct.accelerator.batched.epoch_time_s) < 1e-9);

      // Solve-for on the value every device pays: where the answer says the goal starts or stops
      // holding, the documents with that value on every device agree.
      const auto speedup_with = [&](double x) { return solved_with(x).comparison.accelerator_speedup_batched; };
      const json answer = solve_for_document(doc, dotted_path(spec.path), "flip");
      REQUIRE_MESSAGE(answer["schema"] == "epochcalc/solve-for@1", answer.dump());
      if (answer["answer"] == "value") {
        const double v = answer["value"];  // searched between the field's limits, low and high above
        const bool at_most = answer["holds_when"] == "at_most";
        const double beyond = spec.kind == FieldKind::integer ? v + (at_most ? 1 : -1) : std::nextafter(v, at_most ? high : low);
        CHECK(speedup_with(v) > 1);
        CHECK_FALSE(speedup_with(beyond) > 1);
      }
    }
    // Each one-click what-if that applies is its edits, solved as a document; it changes an epoch, or
    // its note says why it differs from the profile it imitates.
    const json quick = quick_whatifs_document(doc);
    for (const json& w : quick["whatifs"]) {
      if (!w["applies"].get<bool>()) continue;
      CAPTURE(w.dump());
      json edited = doc;
      Errors errors;
      for (const json& e : w["edits"]) REQUIRE(set_field(edited, e["path"].get<std::string>(), e["text"].get<std::string>(), errors));
      const Solved after = solve_checked(edited);
      REQUIRE(after.result);
      CHECK(w["after"]["accelerator"]["epoch_time_s"] == after.result->accelerator.batched.epoch_time_s);
      CHECK(w["after"]["host"]["epoch_time_s"] == after.result->host.batched.epoch_time_s);
      const bool changed = w["after"]["accelerator"]["epoch_time_s"] != quick["before"]["accelerator"]["epoch_time_s"] ||
                           w["after"]["host"]["epoch_time_s"] != quick["before"]["host"]["epoch_time_s"];
      CHECK((changed || w.contains("note")));
    }
  }
}
