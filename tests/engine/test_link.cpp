// Links as URL parameters (link.hpp): each form a user or an older page writes opens the scenario it
// means, a parameter that cannot apply is named, and the parameters the page writes read back as the
// document they came from.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "draw.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/api/link.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/scenario/schema.hpp"

using namespace epochcalc;
using ojson = nlohmann::ordered_json;

namespace {

// The epoch times a document solves to, or the first error's code.
std::string outcome(const ojson& document) {
  const ojson r = solve_document(document);
  if (r["schema"] != "epochcalc/result@1") return r["errors"][0]["code"].get<std::string>() + " at " + r["errors"][0]["path"].get<std::string>();
  return r["host"]["batched"]["epoch_time_s"].dump() + " " + r["accelerator"]["batched"]["epoch_time_s"].dump() + " " +
         r["accelerator"]["batch_one"]["epoch_time_s"].dump() + " " + r["accelerator"]["batched"]["energy_j"].dump();
}

// What `--set PATH=VALUE` lines make of the default preset, as the CLI builds its document.
ojson with_sets(const std::vector<LinkParam>& sets) {
  ojson doc = {{"preset", std::string(registry::default_preset_id)}};
  Errors errors;
  for (const LinkParam& p : sets) REQUIRE(set_field(doc, p.key, p.value, errors));
  return doc;
}

bool has_note(const LinkReading& r, const std::string& code, const std::string& words) {
  for (const Error& e : r.notes)
    if (e.code == code && e.message.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a readable link reads each value exactly as --set does") {
  const std::vector<LinkParam> params{{"preset", "mnist-cpu-vs-h100"},
                                      {"network.batch_size", "64"},
                                      {"dispatch", "20 us"},
                                      {"accelerator", "a100-sxm-80gb"}};
  const LinkReading r = read_link(params);
  CHECK(r.notes.empty());
  CHECK(r.document == with_sets({params.begin() + 1, params.end()}));
  CHECK(r.document["network"]["batch_size"] == 64);
  CHECK(outcome(r.document).find("E_") == std::string::npos);
}

TEST_CASE("a link without a preset starts from the default preset, in every form") {
  const ojson from_params = read_link({{"network.batch_size", "64"}, {"/dispatch", "20 us"}}).document;
  CHECK(from_params["preset"] == registry::default_preset_id);
  const LinkReading from_json = read_link({{"scenario", R"({"network":{"batch_size":64},"dispatch":"20 us"})"}});
  CHECK(from_json.notes.empty());
  CHECK(from_json.document["preset"] == registry::default_preset_id);
  CHECK(outcome(from_json.document) == outcome(from_params));
  CHECK(outcome(from_json.document) == outcome(with_sets({{"network.batch_size", "64"}, {"dispatch", "20 us"}})));
}

TEST_CASE("the first page's links merge their preset under a partial scenario") {
  const LinkReading r = read_link({{"preset", "mnist-cpu-vs-h100"}, {"scenario", R"({"network":{"batch_size":256}})"}});
  CHECK(r.notes.empty());
  CHECK(r.document["preset"] == "mnist-cpu-vs-h100");
  CHECK(outcome(r.document) == outcome(with_sets({{"network.batch_size", "256"}})));
  // A complete scenario beside its preset: the scenario's values win, so its numbers are its own.
  Errors errors;
  ojson complete = expand_scenario(with_sets({{"network.batch_size", "8"}}), errors);
  REQUIRE(errors.empty());
  CHECK(outcome(read_link({{"preset", "mnist-cpu-vs-h100"}, {"scenario", complete.dump()}}).document) == outcome(complete));
}

TEST_CASE("a parameter that names no field is named, with the field it likely means, and the rest applies") {
  const LinkReading typo = read_link({{"scenerio", R"({"network":{"batch_size":64}})"}, {"dispatch", "5 us"}});
  REQUIRE(typo.notes.size() == 1);
  CHECK(typo.notes[0].code == code::unknown_field);
  CHECK(typo.notes[0].message.find("\"scenerio\"") != std::string::npos);
  CHECK(typo.notes[0].message.find("did you mean \"scenario\"") != std::string::npos);
  CHECK(typo.document["dispatch"] == "5 us");
  CHECK(typo.document["preset"] == registry::default_preset_id);

  const LinkReading short_name = read_link({{"batch_size", "64"}});
  CHECK(has_note(short_name, code::unknown_field, "did you mean \"network.batch_size\""));
  CHECK_FALSE(short_name.document.contains("network"));

  const LinkReading stranger = read_link({{"utm_source", "newsletter"}});
  CHECK(has_note(stranger, code::unknown_field, "\"utm_source\" is not a field"));
  // A hostile key is quoted in part.
  const LinkReading long_key = read_link({{std::string(5000, 'x'), "1"}});
  REQUIRE(long_key.notes.size() == 1);
  CHECK(long_key.notes[0].message.size() < 300);
}

TEST_CASE("a parameter given twice is named and its last value applies") {
  const LinkReading r = read_link({{"dispatch", "5 us"}, {"dispatch", "30 us"}});
  CHECK(has_note(r, code::duplicate_key, "\"dispatch\" 2 times; its last value, \"30 us\""));
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].path == "/dispatch");
  CHECK(r.document["dispatch"] == "30 us");
  // A long value is quoted in part, cut between characters, never inside one (hostile input round
  // three, L5: 100 × "é" showed "é\xC3...").
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "\xC3\xA9";
  const LinkReading named = read_link({{"name", accents}, {"name", accents}});
  REQUIRE(named.notes.size() == 1);
  const std::string& message = named.notes[0].message;
  const std::size_t quote = message.find("value, \"") + 8;
  const std::size_t cut = message.find("...", quote);
  REQUIRE(cut != std::string::npos);
  CHECK((cut - quote) % 2 == 0);  // whole two-byte characters before the cut
  for (std::size_t i = quote; i < cut; i += 2) CHECK(message.substr(i, 2) == "\xC3\xA9");
}

TEST_CASE("one field spelled two ways is given twice; the profile applies before the fields, wherever it stands") {
  const LinkReading twice = read_link({{"dispatch", "5 us"}, {"/dispatch", "7 us"}, {"preset", "mnist-cpu-vs-h100"}, {"/preset", "fashion-mnist-laptop"}});
  CHECK(has_note(twice, code::duplicate_key, "\"dispatch\" 2 times; its last value, \"7 us\""));
  CHECK(has_note(twice, code::duplicate_key, "\"preset\" 2 times; its last value, \"fashion-mnist-laptop\""));
  CHECK(twice.document["dispatch"] == "7 us");
  CHECK(twice.document["preset"] == "fashion-mnist-laptop");
  // A field before the profile in the link still wins over the profile, as it does after it.
  const ojson before = read_link({{"dispatch", "20 us"}, {"profile", "pytorch-eager-cuda"}}).document;
  const ojson after = read_link({{"profile", "pytorch-eager-cuda"}, {"dispatch", "20 us"}}).document;
  CHECK(before == after);
  CHECK(before["dispatch"] == "20 us");
  CHECK(before["profile"] == "pytorch-eager-cuda");
}

TEST_CASE("a link is read up to 500 parameters, and names ten unknown ones before it counts the rest") {
  std::vector<LinkParam> many;
  for (int i = 0; i < 600; ++i) many.push_back({"x" + std::to_string(i), "1"});
  const LinkReading r = read_link(many);
  CHECK(has_note(r, code::range, "the link has 600 parameters; the first 500 are read"));
  CHECK(has_note(r, code::unknown_field, "and 490 more parameters that name no field"));
  CHECK(r.notes.size() == 12);
  // A front end sends the first ones and the count (L14: 130,000 parameters cost their whole text through
  // the JSON reader): the same reading, the note naming the count.
  const std::vector<LinkParam> first(many.begin(), many.begin() + 500);
  const LinkReading counted = read_link(first, 130000);
  CHECK(counted.document == r.document);
  CHECK(has_note(counted, code::range, "the link has 130000 parameters; the first 500 are read"));
  CHECK(schema_document()["limits"]["link_params"] == max_link_params);
}

TEST_CASE("a value the engine refuses stays in the link's document, reported at its field when solved") {
  const LinkReading r = read_link({{"network.batch_size", "many"}, {"dispatch", "20 parsecs"}});
  CHECK(r.notes.empty());
  CHECK(r.document["network"]["batch_size"] == "many");
  CHECK(outcome(r.document).rfind("E_TYPE at /network/batch_size", 0) == 0);
  // A path the editor cannot follow is a note; the rest applies.
  const LinkReading index = read_link({{"network.widths.9", "5"}, {"dispatch", "5 us"}});
  CHECK(has_note(index, code::args, "network.widths.9"));
  CHECK(index.document["dispatch"] == "5 us");
}

TEST_CASE("a link whose scenario JSON is not JSON gives no document, for the solver to say where it breaks") {
  CHECK(read_link({{"scenario", "{\"network\": "}}).document.is_null());
  CHECK(read_link({{"scenario", R"({"a":1,"a":2})"}}).document.is_null());
  // JSON that is no scenario (a list, a number) gives none either, and a note says what a scenario is.
  const LinkReading list = read_link({{"scenario", "[1,2]"}, {"dispatch", "2 us"}});
  CHECK(list.document.is_null());
  REQUIRE(list.notes.size() == 1);
  CHECK(list.notes[0].code == "E_TYPE");
  CHECK(list.notes[0].path == "/scenario");
  // A NUL byte ends the text for the JSON reader: "4\0..." is no 4 (found by the link fuzzer).
  const LinkReading nul = read_link({{"scenario", std::string("4\0\0", 3)}});
  CHECK(nul.document.is_null());
  REQUIRE(nul.notes.size() == 1);
  CHECK(nul.notes[0].code == "E_JSON");
  CHECK(nul.notes[0].message.find("a NUL byte") != std::string::npos);
}

TEST_CASE("\"preset\": null names none: a complete scenario is all there is") {
  Errors errors;
  ojson complete = expand_scenario(with_sets({{"network.batch_size", "8"}}), errors);
  REQUIRE(errors.empty());
  complete.erase("preset");
  ojson none = complete;
  none["preset"] = nullptr;
  CHECK(outcome(none) == outcome(complete));
  CHECK(outcome(none).find("E_") == std::string::npos);
}

TEST_CASE("the parameters the page writes read back as the document") {
  const auto round_trip = [](const ojson& doc) {
    const std::vector<LinkParam> params = write_link(doc);
    const LinkReading back = read_link(params);
    CHECK(back.notes.empty());
    REQUIRE(outcome(doc).find("E_") == std::string::npos);  // a document that solves, read back to the same numbers
    CHECK(outcome(back.document) == outcome(doc));
    return params;
  };
  const auto keys = [](const std::vector<LinkParam>& params) {
    std::string list;
    for (const LinkParam& p : params) list += p.key + "=" + p.value + "&";
    return list;
  };
  SUBCASE("every preset, alone, is one parameter") {
    for (const std::string& id : registry::preset_ids()) {
      CAPTURE(id);
      CHECK(keys(round_trip({{"preset", id}})) == "preset=" + id + "&");
    }
  }
  SUBCASE("edits of every kind are a parameter each") {
    const ojson doc = with_sets({{"profile", "pytorch-eager-cuda"},
                                 {"network.batch_size", "64"},
                                 {"network.widths", "784, 256, 10"},
                                 {"accelerator", "a100-sxm-80gb"},
                                 {"accelerator.memory_bandwidth", "1.5 TB/s"},
                                 {"assumptions.drop_last", "true"},
                                 {"assumptions.launches_per_step", ""},
                                 {"name", "Lecture 3 & 4 = fun?"}});
    const std::vector<LinkParam> params = round_trip(doc);
    CHECK(keys(params).find("scenario=") == std::string::npos);
    CHECK(keys(params).find("network.widths=784,256,10&") != std::string::npos);
    CHECK(keys(params).find("accelerator=a100-sxm-80gb&accelerator.memory_bandwidth=1.5 TB/s&") != std::string::npos);
    CHECK(read_link(params).document == doc);
  }
  SUBCASE("numbers written as JSON numbers read back as the same numbers") {
    const ojson doc = {{"preset", "mnist-cpu-vs-h100"}, {"dispatch", 2.5e-5}, {"network", {{"batch_size", 128}}}};
    CHECK(keys(round_trip(doc)) == "preset=mnist-cpu-vs-h100&dispatch=2.5e-05&network.batch_size=128&");
  }
  SUBCASE("what parameters cannot say goes as JSON: a new device, a scenario without a preset") {
    ojson doc = with_sets({{"network.batch_size", "16"}});
    doc["host"] = {{"name", "My CPU"}, {"peak_flops", {{"fp32", "1 TFLOP/s"}}}, {"memory_bandwidth", "50 GB/s"}};
    const std::vector<LinkParam> params = round_trip(doc);
    CHECK(keys(params).rfind("scenario={\"host\":", 0) == 0);
    CHECK(keys(params).find("network.batch_size=16") != std::string::npos);

    Errors errors;
    ojson complete = expand_scenario(doc, errors);
    REQUIRE(errors.empty());
    complete.erase("preset");
    CHECK(keys(round_trip(complete)).rfind("scenario={\"preset\":null,", 0) == 0);
  }
  SUBCASE("drawn complete scenarios") {
    testing::Draw d(0x11a4);
    for (int i = 0; i < 200; ++i) {
      const Scenario s = testing::draw(d, 1'000'000);
      CAPTURE(testing::describe(s));
      ojson doc = scenario_to_json(s);
      round_trip(doc);
      // The same scenario over a preset: each of its fields a parameter, or JSON where they cannot be.
      ojson over = {{"preset", std::string(registry::default_preset_id)}};
      for (auto it = doc.begin(); it != doc.end(); ++it) over[it.key()] = it.value();
      round_trip(over);
    }
  }
}

TEST_CASE("a link longer than the engine reads is left for solving its text to refuse") {
  const std::string huge(rule::max_json_text_bytes + 1, ' ');
  CHECK(read_link({{"scenario", "{" + huge + "}"}}).document.is_null());
  const LinkReading long_value = read_link({{"name", huge}, {"dispatch", "5 us"}});
  CHECK(has_note(long_value, code::range, "\"name\" is 4000001 characters long"));
  CHECK_FALSE(long_value.document.contains("name"));
  CHECK(long_value.document["dispatch"] == "5 us");
}
