// Framework profiles (issue 9): a cited set of overhead inputs (dispatch, launch, operations per layer
// and per step, graph launches per step) that fills exactly those fields a scenario leaves out.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/units.hpp"
#include "solved.hpp"

using namespace epochcalc;
using epochcalc::testing::solved;
using json = nlohmann::ordered_json;

namespace {

const std::vector<std::string> fields_of_a_profile{"/dispatch", "/launch", "/step_overhead", "/assumptions/ops_per_layer",
                                                   "/assumptions/extra_ops_per_step", "/assumptions/launches_per_step"};

double seconds(const json& quantity) {
  REQUIRE(quantity.is_string());
  const auto parsed = parse_quantity(quantity.get<std::string>(), Dimension::time);
  REQUIRE(std::holds_alternative<double>(parsed));
  return std::get<double>(parsed);
}

// The default preset's complete document without any of the fields a profile sets.
json scenario_without_profile_fields() {
  json doc = registry::find_preset(registry::default_preset_id)->scenario;
  for (const std::string& path : fields_of_a_profile) {
    const json::json_pointer p(path);
    if (doc.contains(p)) doc[p.parent_pointer()].erase(p.back());
  }
  return doc;
}

// What the solved scenario says for each profile field, in the result's units (SI, null for no graphs).
json solved_profile_fields(const json& result) {
  json out = json::object();
  for (const std::string& path : fields_of_a_profile) out[path] = result["scenario"][json::json_pointer(path)];
  return out;
}

// The same, read from a profile's values: quantities in SI, and null where it sets no graphs.
json expected_fields(const json& values) {
  json out = json::object();
  for (const std::string& path : fields_of_a_profile) {
    const json::json_pointer p(path);
    if (!values.contains(p)) out[path] = nullptr;
    else if (values[p].is_string()) out[path] = seconds(values[p]);
    else out[path] = values[p];
  }
  return out;
}

// The numbers of two results: the same devices, counts and comparison, whichever profile they name.
bool same_numbers(json a, json b) {
  for (json* r : {&a, &b})
    for (const char* role : {"host", "accelerator"}) {
      (*r)[role]["overheads"].erase("profile");
      (*r)[role]["overheads"].erase("sources");  // where each value came from: a profile, or written out
    }
  return a["host"] == b["host"] && a["accelerator"] == b["accelerator"] && a["network"] == b["network"] &&
         a["comparison"] == b["comparison"];
}

}  // namespace

TEST_CASE("every profile loads, with cited sources and ranges that hold its values") {
  REQUIRE(registry::profiles().size() >= 6);
  const json& document = registry::profiles_document();
  REQUIRE(document["profiles"].size() == registry::profiles().size());
  CHECK(registry::profile_ids().size() == registry::profiles().size());
  for (const json& item : document["profiles"]) {
    const std::string id = item["id"];
    CAPTURE(id);
    const registry::ProfileEntry* entry = registry::find_profile(id);
    REQUIRE(entry);
    CHECK_FALSE(entry->title.empty());
    CHECK(entry->description.size() > 40);
    CHECK(entry->values == item["values"]);
    // Sources: at least one, each a public https link with what it supports.
    REQUIRE(item["sources"].size() >= 1);
    for (const json& source : item["sources"]) {
      CAPTURE(source.dump());
      CHECK(source["url"].get<std::string>().starts_with("https://"));
      CHECK(source["title"].get<std::string>().size() > 3);
      CHECK(source["supports"].get<std::string>().size() > 3);
      CHECK(source.dump().find("/work/") == std::string::npos);
    }
    // Each value is one a scenario may hold, and each quoted range contains it.
    const json& values = item["values"];
    CHECK(values["assumptions"]["ops_per_layer"].get<int>() >= 1);
    CHECK(values["assumptions"]["extra_ops_per_step"].get<int>() >= 0);
    REQUIRE(item["ranges"].contains("dispatch"));
    for (const auto& range : item["ranges"].items()) {
      const std::string key = range.key();  // not a structured binding: CAPTURE's lambda takes it
      CAPTURE(key);
      const double value = seconds(values[key]);
      CHECK(seconds(range.value()["min"]) <= value);
      CHECK(value <= seconds(range.value()["max"]));
    }
    // Applied to the default preset, it solves.
    CHECK(solve_document({{"preset", registry::default_preset_id}, {"profile", id}})["schema"] == "epochcalc/result@1");
  }
  CHECK(registry::find_profile("no-such-profile") == nullptr);
  CHECK(json::parse(profiles_json()) == document);
  CHECK(profile_fields() == fields_of_a_profile);
}

TEST_CASE("a profile fills exactly the fields it sets, where the scenario leaves them out") {
  for (const std::string& id : registry::profile_ids()) {
    CAPTURE(id);
    const json& values = registry::find_profile(id)->values;
    json doc = scenario_without_profile_fields();
    doc["profile"] = id;

    // As a document: the profile's values added, nothing else touched.
    Errors errors;
    json filled = apply_profile(doc, errors);
    REQUIRE(errors.empty());
    for (const std::string& path : fields_of_a_profile) {
      const json::json_pointer p(path);
      CAPTURE(path);
      CHECK(filled.contains(p) == values.contains(p));
      if (values.contains(p)) {
        CHECK(filled[p] == values[p]);
        filled[p.parent_pointer()].erase(p.back());
      }
    }
    CHECK(filled == doc);

    // Solved: the profile's numbers, and the same result as writing them out by hand.
    const json with_profile = solved(doc);
    CHECK(solved_profile_fields(with_profile) == expected_fields(values));
    CHECK(with_profile["scenario"]["profile"] == id);
    json by_hand = scenario_without_profile_fields();
    by_hand.merge_patch(values);
    const json written = solved(by_hand);
    CHECK(same_numbers(with_profile, written));
    CHECK(written["scenario"]["profile"].is_null());
    json scenario = with_profile["scenario"];
    scenario["profile"] = nullptr;
    CHECK(scenario == written["scenario"]);
  }
}

TEST_CASE("a field the scenario writes wins over its profile") {
  const json values = registry::find_profile("pytorch-cuda-graphs")->values;
  const json profile_fields_solved = expected_fields(values);
  struct Own {
    std::string path;
    json value;
    json solved;
  };
  for (const Own& own : {Own{"/dispatch", "20 us", 20e-6}, Own{"/launch", "1 us", 1e-6}, Own{"/assumptions/ops_per_layer", 2, 2},
                         Own{"/assumptions/extra_ops_per_step", 0, 0}, Own{"/assumptions/launches_per_step", 4, 4},
                         Own{"/assumptions/launches_per_step", nullptr, nullptr}}) {
    CAPTURE(own.path);
    CAPTURE(own.value.dump());
    json doc = scenario_without_profile_fields();
    doc["profile"] = "pytorch-cuda-graphs";
    doc[json::json_pointer(own.path)] = own.value;
    json expected = profile_fields_solved;
    expected[own.path] = own.solved;
    const json r = solved(doc);
    CHECK(solved_profile_fields(r) == expected);
    CHECK(r["scenario"]["profile"] == "pytorch-cuda-graphs");
  }
}

TEST_CASE("over a preset, a profile replaces the preset's own overhead fields") {
  // The CIFAR-10 inference preset sets dispatch 10 us, launch 5 us, 2 operations per layer, no extra.
  const json preset_alone = solved({{"preset", "cifar10-inference-xeon-vs-l4"}});
  REQUIRE(preset_alone["scenario"]["assumptions"]["ops_per_layer"] == 2);
  const json values = registry::find_profile("jax-jit")->values;
  const json r = solved({{"preset", "cifar10-inference-xeon-vs-l4"}, {"profile", "jax-jit"}});
  CHECK(solved_profile_fields(r) == expected_fields(values));
  // The rest of the preset stays.
  CHECK(r["scenario"]["assumptions"]["phase"] == "inference");
  CHECK(r["scenario"]["host"] == preset_alone["scenario"]["host"]);
  CHECK(r["scenario"]["precision"] == "bf16");
  CHECK(r["scenario"]["profile"] == "jax-jit");
  // An override in the same document still wins over the profile.
  const json own = solved({{"preset", "cifar10-inference-xeon-vs-l4"}, {"profile", "jax-jit"},
                           {"assumptions", {{"ops_per_layer", 4}}}, {"launch", "7 us"}});
  CHECK(own["scenario"]["assumptions"]["ops_per_layer"] == 4);
  CHECK(own["scenario"]["launch"] == 7e-6);
  CHECK(own["scenario"]["dispatch"] == seconds(values["dispatch"]));
  CHECK(own["scenario"]["assumptions"]["extra_ops_per_step"] == values["assumptions"]["extra_ops_per_step"]);
  CHECK(own["scenario"]["assumptions"]["phase"] == "inference");

  // A graph profile over the default preset: one dispatch and one launch per step on the accelerator.
  const json graphs = solved({{"preset", "mnist-cpu-vs-h100"}, {"profile", "pytorch-cuda-graphs"}});
  const double steps = graphs["network"]["batched"]["steps_per_epoch"];
  CHECK(graphs["accelerator"]["batched"]["dispatches"] == steps * 1);
  CHECK(graphs["accelerator"]["batched"]["launches"] == steps * 1);
  CHECK(graphs["host"]["batched"]["dispatches"] == steps * (3 * 8 + 8));
}

// Regression (issue 9, fixed): "profile": null over a preset
// drops the preset's dispatch, launch and operation counts as if a profile had been named, so the
// document fails with E_MISSING at /dispatch and /launch instead of solving like the preset alone.
TEST_CASE("a null profile is no profile") {
  // CHECK, not REQUIRE: under wasm a failed REQUIRE cannot unwind and would end the whole topic.
  SUBCASE("over a preset") {
    const json alone = solved({{"preset", "cifar10-inference-xeon-vs-l4"}});
    const json r = solve_document({{"preset", "cifar10-inference-xeon-vs-l4"}, {"profile", nullptr}});
    CHECK_MESSAGE(r["schema"] == "epochcalc/result@1", r.dump());
    if (r["schema"] == "epochcalc/result@1") {
      CHECK(same_numbers(r, alone));
      CHECK(r["scenario"]["profile"].is_null());
    }
  }
  SUBCASE("in a complete scenario") {
    json doc = registry::find_preset(registry::default_preset_id)->scenario;
    const json alone = solved(doc);
    doc["profile"] = nullptr;
    CHECK(solve_document(doc) == alone);
  }
}

// Regression (issue 17): over a preset, "launches_per_step": null was deleted by the merge like any
// null, so a graph profile filled it again and the scenario could not go back to eager launches.
TEST_CASE("null written for an optional profile field is that field's default, and wins over the profile") {
  struct Null {
    std::string path;
    json solved;  // the field's default
  };
  // The default preset trains: 3 operations per layer when ops_per_layer is left to the phase.
  for (const Null& own : {Null{"/assumptions/launches_per_step", nullptr}, Null{"/assumptions/ops_per_layer", 3},
                          Null{"/assumptions/extra_ops_per_step", 0}}) {
    CAPTURE(own.path);
    for (const bool over_preset : {true, false}) {
      CAPTURE(over_preset);
      json doc = over_preset ? json{{"preset", "mnist-cpu-vs-h100"}} : scenario_without_profile_fields();
      doc["profile"] = "pytorch-cuda-graphs";
      doc[json::json_pointer(own.path)] = nullptr;
      const json r = solve_document(doc);
      CHECK_MESSAGE(r["schema"] == "epochcalc/result@1", r.dump());
      if (r["schema"] != "epochcalc/result@1") continue;
      CHECK(r["scenario"][json::json_pointer(own.path)] == own.solved);
      CHECK(r["scenario"]["profile"] == "pytorch-cuda-graphs");
      // The expanded scenario (what the page shows) keeps the null, so the field shows empty.
      const json expanded = json::parse(expand_json(doc.dump()));
      CHECK(expanded["scenario"][json::json_pointer(own.path)].is_null());
    }
  }
  SUBCASE("eager: one dispatch and one launch per operation on the accelerator") {
    const json r = solved({{"preset", "mnist-cpu-vs-h100"}, {"profile", "pytorch-cuda-graphs"},
                           {"assumptions", {{"launches_per_step", nullptr}}}});
    const double steps = r["network"]["batched"]["steps_per_epoch"];
    const double operations = r["host"]["batched"]["dispatches"];
    CHECK(operations > steps);
    CHECK(r["accelerator"]["batched"]["dispatches"] == operations);
    CHECK(r["accelerator"]["batched"]["launches"] == operations);
  }
  SUBCASE("emptying the field in the form (set_field) switches back to eager") {
    json doc = {{"preset", "mnist-cpu-vs-h100"}, {"profile", "pytorch-cuda-graphs"}};
    Errors errors;
    REQUIRE(set_field(doc, "/assumptions/launches_per_step", "", errors));
    CHECK(solved(doc)["scenario"]["assumptions"]["launches_per_step"].is_null());
  }
}

TEST_CASE("an unknown profile is E_UNKNOWN_ID at /profile, listing the ids") {
  const json e = solve_document({{"preset", "mnist-cpu-vs-h100"}, {"profile", "pytorch-eager-cud"}});
  REQUIRE(e["schema"] == "epochcalc/error@1");
  REQUIRE(e["errors"].size() == 1);
  CHECK(e["errors"][0]["code"] == "E_UNKNOWN_ID");
  CHECK(e["errors"][0]["path"] == "/profile");
  const std::string message = e["errors"][0]["message"];
  CHECK(message.starts_with("unknown profile id \"pytorch-eager-cud\"; did you mean \"pytorch-eager-cuda\"?"));
  for (const std::string& id : registry::profile_ids()) {
    CAPTURE(id);
    CHECK(message.find("\"" + id + "\"") != std::string::npos);
  }
  // Without a likely typo: the list alone.
  const json far = solve_document({{"preset", "mnist-cpu-vs-h100"}, {"profile", "zzzzzzzzzzzz"}});
  CHECK(far["errors"][0]["message"].get<std::string>().find("Known ids: \"" + registry::profile_ids().front() + "\"") !=
        std::string::npos);
  // Not a string.
  const json type = solve_document({{"preset", "mnist-cpu-vs-h100"}, {"profile", 3}});
  REQUIRE(type["errors"].size() == 1);
  CHECK(type["errors"][0]["code"] == "E_TYPE");
  CHECK(type["errors"][0]["path"] == "/profile");
  CHECK(type["errors"][0]["message"] == "expected a profile id such as \"" + registry::profile_ids().front() + "\", got a number");
  // The same in a complete scenario and in expand.
  json doc = registry::find_preset(registry::default_preset_id)->scenario;
  doc["profile"] = "jaxjit";
  CHECK(solve_document(doc)["errors"][0]["path"] == "/profile");
  const json expanded = json::parse(expand_json(doc.dump()));
  CHECK(expanded["errors"][0]["code"] == "E_UNKNOWN_ID");
  CHECK(expanded["errors"][0]["message"].get<std::string>().find("did you mean \"jax-jit\"?") != std::string::npos);
}

TEST_CASE("set_field on /profile sets a profile over the document's own values, and clears it keeping them") {
  json doc = {{"preset", "mnist-cpu-vs-h100"},
              {"dispatch", "20 us"},
              {"assumptions", {{"ops_per_layer", 4}, {"overlap", "roofline"}}}};
  Errors errors;
  REQUIRE(set_field(doc, "/profile", "pytorch-cuda-graphs", errors));
  CHECK(errors.empty());
  CHECK(doc["profile"] == "pytorch-cuda-graphs");
  CHECK_FALSE(doc.contains("dispatch"));
  CHECK_FALSE(doc["assumptions"].contains("ops_per_layer"));
  CHECK(doc["assumptions"]["overlap"] == "roofline");  // not a profile field: kept
  const json with_profile = solved(doc);
  CHECK(solved_profile_fields(with_profile) == expected_fields(registry::find_profile("pytorch-cuda-graphs")->values));
  CHECK(with_profile["scenario"]["assumptions"]["overlap"] == "roofline");

  // Another profile by its dotted path replaces the first.
  REQUIRE(set_field(doc, "profile", "numpy-cpu", errors));
  CHECK(solved_profile_fields(solved(doc)) == expected_fields(registry::find_profile("numpy-cpu")->values));
  REQUIRE(set_field(doc, "profile", "pytorch-cuda-graphs", errors));

  // Cleared: the profile's values are written out, so no number changes.
  REQUIRE(set_field(doc, "/profile", "", errors));
  CHECK(errors.empty());
  CHECK_FALSE(doc.contains("profile"));
  CHECK(doc["dispatch"] == "5 us");
  CHECK(doc["assumptions"]["launches_per_step"] == 1);
  const json cleared = solved(doc);
  CHECK(same_numbers(cleared, with_profile));
  CHECK(cleared["scenario"]["profile"].is_null());

  // Clearing again changes nothing.
  const json before = doc;
  REQUIRE(set_field(doc, "/profile", "  ", errors));
  CHECK(doc == before);

  // Clearing an unknown profile cannot write its values: an error, and the document stays.
  json unknown = {{"preset", "mnist-cpu-vs-h100"}, {"profile", "nope"}};
  const json unknown_before = unknown;
  CHECK_FALSE(set_field(unknown, "/profile", "", errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].code == "E_UNKNOWN_ID");
  CHECK(unknown == unknown_before);

  // Setting an unknown id is the parser's to report, at /profile.
  json typo = {{"preset", "mnist-cpu-vs-h100"}};
  Errors none;
  REQUIRE(set_field(typo, "/profile", "torch-compiled", none));
  CHECK(solve_document(typo)["errors"][0]["message"].get<std::string>().find("did you mean \"torch-compile\"?") != std::string::npos);

  // The text call the page uses does the same.
  const json edited = json::parse(set_field_json(R"({"preset": "mnist-cpu-vs-h100", "launch": "9 us"})", "/profile", "jax-jit"));
  CHECK(edited["schema"] == "epochcalc/edited@1");
  CHECK(edited["scenario"] == json::parse(R"({"preset": "mnist-cpu-vs-h100", "profile": "jax-jit"})"));
}

TEST_CASE("expand writes the profile's values into the scenario") {
  const json e = json::parse(expand_json(R"({"preset": "mnist-cpu-vs-h100", "profile": "tensorflow-eager", "launch": "2 us"})"));
  REQUIRE(e["schema"] == "epochcalc/expanded@1");
  const json& s = e["scenario"];
  const json& values = registry::find_profile("tensorflow-eager")->values;
  CHECK(s["profile"] == "tensorflow-eager");
  CHECK(s["dispatch"] == values["dispatch"]);
  CHECK(s["launch"] == "2 us");  // the document's own value
  CHECK(s["assumptions"]["ops_per_layer"] == values["assumptions"]["ops_per_layer"]);
  CHECK(s["assumptions"]["extra_ops_per_step"] == values["assumptions"]["extra_ops_per_step"]);
  CHECK_FALSE(s["assumptions"].contains("launches_per_step"));
  CHECK(s["assumptions"]["phase"] == "training");  // the preset's
  // The expansion solves like the input.
  const json input = json::parse(R"({"preset": "mnist-cpu-vs-h100", "profile": "tensorflow-eager", "launch": "2 us"})");
  CHECK(numbers_of(solve_document(s)) == numbers_of(solve_document(input)));
}

TEST_CASE("the result records the profile, and its normalized scenario solves the same") {
  for (const std::string& id : registry::profile_ids()) {
    CAPTURE(id);
    const json r = solved({{"preset", "imagenet-mlp-epyc-vs-h100"}, {"profile", id}});
    CHECK(r["scenario"]["profile"] == id);
    CHECK(r["scenario"]["name"].get<std::string>().ends_with("(edited)"));
    const json again = solved(r["scenario"]);
    CHECK(again["scenario"] == r["scenario"]);
    CHECK(same_numbers(again, r));
  }
  CHECK(solved({{"preset", "imagenet-mlp-epyc-vs-h100"}})["scenario"]["profile"].is_null());
  // The typed scenario carries it too.
  const Solved s = solve_checked({{"preset", "mnist-cpu-vs-h100"}, {"profile", "torch-compile"}});
  REQUIRE(s.scenario);
  CHECK(s.scenario->profile == "torch-compile");
  CHECK(solve_checked({{"preset", "mnist-cpu-vs-h100"}}).scenario->profile.empty());
}
