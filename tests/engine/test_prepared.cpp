// A prepared scenario (prepared.hpp) against the document it stands for: random scenarios (a preset,
// profiles on each device, registry devices) and random edit sequences (numbers in range and out,
// with units and without, removals, choices, profiles, ids, junk). After every step the handle's view
// and its result must be those of solve_checked() of the document edited the same way, bit for bit,
// and a refused edit must be refused by both, with the same code at the same path.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <utility>

#include "epochcalc/api/api.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/prepared.hpp"
#include "epochcalc/contract/result_view.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "draw.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

template <typename List>
const auto& pick(testing::Draw& d, const List& list) {
  return list[static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(list.size()) - 1))];
}



// A document that solves: a preset, sometimes a scenario-wide profile, a profile of each device's
// own, other registry devices and a custom batch size.
json random_document(testing::Draw& d) {
  while (true) {
    json doc{{"preset", pick(d, registry::preset_ids())}};
    if (d.chance(0.3)) doc["profile"] = pick(d, registry::profile_ids());
    for (const char* role : {"host", "accelerator"})
      if (d.chance(0.4)) doc["overheads"][role]["profile"] = pick(d, registry::profile_ids());
    if (d.chance(0.3)) doc["accelerator"] = pick(d, registry::hardware_ids());
    if (d.chance(0.3)) doc["network"]["batch_size"] = d.spread(4096);
    if (d.chance(0.2)) doc["assumptions"]["drop_last"] = true;
    if (solve_checked(doc).result) return doc;
  }
}

struct Edit {
  std::string path;
  std::optional<double> number;  // an SI number, else `text`
  std::string text;
  // What the document's edit is given: the text, or the number as text that reads back exactly.
  std::string document_text() const { return number ? number_text(*number) : text; }
};

// A value of a numeric row: in its limits (spread over its decades), or past them, with a unit or not.
Edit number_edit(testing::Draw& d, const FieldSpec& f, std::string path) {
  auto [lo, hi] = field_limits(f);
  lo = std::max(lo, f.kind == FieldKind::integer ? 1.0 : 1e-15);
  hi = std::min(hi, lo * 1e12);
  double x = lo;
  for (int i = 0; i < 60 && x * 2 <= hi && d.chance(0.8); ++i) x *= 2;
  x *= 1 + d.unit();
  if (f.kind == FieldKind::integer) x = std::floor(x);
  const std::int64_t form = d.integer(0, 9);
  if (form == 0) return {path, -x, ""};                // out of range
  if (form == 1) return {path, hi * 4, ""};            // out of range
  if (form == 2) return {path, std::nullopt, ""};      // removed
  if (form == 3) return {path, std::nullopt, d.chance(0.5) ? "abc" : "5 parsecs"};
  if (form == 4 && f.kind == FieldKind::integer) return {path, x + 0.5, ""};  // not whole
  if (form == 5 && f.kind == FieldKind::quantity && f.quantity.dimension == Dimension::time)
    return {path, std::nullopt, number_text(x * 1e6) + " us"};
  if (form == 6) return {path, std::nullopt, " " + number_text(x) + " "};
  return {path, x, ""};
}

Edit random_edit(testing::Draw& d, const json& document) {
  const auto specs = field_specs();
  while (true) {
    const FieldSpec& f = specs[static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(specs.size()) - 1))];
    std::string path = f.path;
    if (path == "/network/widths/-") {
      const Solved s = solve_checked(document);
      path = "/network/widths/" + std::to_string(d.integer(0, static_cast<std::int64_t>(s.scenario->widths.size())));
    }
    if (path.starts_with("/compared/-/")) path = "/compared/" + pick(d, registry::hardware_ids()) + path.substr(11);
    switch (f.kind) {
      case FieldKind::integer:
      case FieldKind::quantity: return number_edit(d, f, path);
      case FieldKind::choice: return {path, std::nullopt, d.chance(0.1) ? "" : pick(d, *f.choices)};
      case FieldKind::boolean: return {path, std::nullopt, d.chance(0.5) ? "true" : "false"};
      case FieldKind::profile: return {path, std::nullopt, d.chance(0.2) ? "" : pick(d, registry::profile_ids())};
      case FieldKind::device: return {path, std::nullopt, pick(d, registry::hardware_ids())};
      case FieldKind::dataset: return {path, std::nullopt, pick(d, registry::dataset_ids())};
      case FieldKind::widths: return {path, std::nullopt, d.chance(0.5) ? "784, 256, 10" : "64 32 16 8"};
      case FieldKind::text:
      case FieldKind::preset: continue;  // change no number; the golden files cover them
    }
  }
}

std::vector<double> view_of(const Solved& s) {
  std::vector<double> view(result_view_size());
  write_result_view(*s.scenario, *s.result, view);
  return view;
}

// Bit for bit: NaN (a cost without a price) equals itself, and 0.0 differs from -0.0.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_view(const std::vector<double>& a, std::span<const double> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string described(const Errors& errors) {
  std::string text;
  for (const Error& e : errors) text += e.code + " " + e.path + ": " + e.message + "\n";
  return text;
}

}  // namespace

TEST_CASE("a prepared scenario edited field by field answers as its document edited the same way") {
  testing::Draw d(0x9e7a7ed0ULL);
  int made_edits = 0, refused = 0;
  for (int scenario = 0; scenario < 60; ++scenario) {
    json reference = random_document(d);
    PreparedScenario handle(reference);
    REQUIRE(handle.errors().empty());
    for (int step = 0; step < 30; ++step) {
      const Edit edit = random_edit(d, reference);
      CAPTURE(reference.dump());
      CAPTURE(edit.path);
      CAPTURE(edit.document_text());
      json edited = reference;
      Errors want;
      const bool made = set_field(edited, edit.path, edit.document_text(), want);
      const Solved solved = made ? solve_checked(edited) : Solved{};
      if (made) want = solved.errors;
      const Errors got = edit.number ? handle.set(edit.path, *edit.number) : handle.set(edit.path, edit.text);
      REQUIRE_MESSAGE(got.empty() == want.empty(), "handle: " << described(got) << "document: " << described(want));
      if (!want.empty()) {
        ++refused;
        CHECK(got.front().code == want.front().code);
        CHECK(got.front().path == want.front().path);
        // Typed text goes to both as it is: the parser's own message too.
        if (!edit.number) CHECK(got.front().message == want.front().message);
      } else {
        reference = std::move(edited);
        ++made_edits;
      }
      const Solved truth = solve_checked(reference);
      REQUIRE(truth.result);
      const std::vector<double> want_view = view_of(truth);
      const std::span<const double> got_view = handle.view();
      REQUIRE(got_view.size() == want_view.size());
      for (std::size_t i = 0; i < want_view.size(); ++i)
        CHECK_MESSAGE(same_bits(got_view[i], want_view[i]), result_view_names()[i] << ": " << got_view[i] << " against " << want_view[i]);
      const Solved& result = handle.solved();
      REQUIRE(result.result);
      CHECK(result_to_json(*result.scenario, *result.result, result.warnings) ==
            result_to_json(*truth.scenario, *truth.result, truth.warnings));
      CHECK(handle.document() == reference);
      // The page's update of the handle, byte for byte the update of its document sent whole.
      CHECK(update_reply(handle.document()) == update_reply(reference.dump(), nullptr));
    }
  }
  // The draws exercise both answers.
  CHECK(refused > 100);
  CHECK(made_edits > 500);
}

TEST_CASE("a prepared scenario refuses what its document refuses, and keeps what it had") {
  PreparedScenario handle(json{{"preset", "mnist-cpu-vs-h100"}});
  REQUIRE(handle.errors().empty());
  const std::vector<double> before(handle.view().begin(), handle.view().end());
  SUBCASE("a unit the field does not take: the unit reader's error, not a range") {
    const Errors e = handle.set("/dispatch", "5 parsecs");
    REQUIRE(e.size() == 1);
    CHECK(e[0].code == "E_UNIT");
    CHECK(e[0].path == "/dispatch");
  }
  SUBCASE("a batch larger than the dataset with the last batch dropped") {
    REQUIRE(handle.set("assumptions.drop_last", "true").empty());
    const std::vector<double> dropped(handle.view().begin(), handle.view().end());
    const Errors e = handle.set("network.batch_size", 1e9);
    REQUIRE(e.size() == 1);
    CHECK(e[0].code == "E_RANGE");
    CHECK(e[0].path == "/network/batch_size");
    CHECK(same_view(dropped, handle.view()));
    return;
  }
  SUBCASE("a path is read as set_field reads it: without a leading slash, \"network/widths/1\" is one key (found by the fuzzer)") {
    json document{{"preset", "mnist-cpu-vs-h100"}};
    Errors want;
    set_field(document, "network/widths/1", "64", want);
    const Solved truth = solve_checked(document);
    REQUIRE(!truth.errors.empty());
    const Errors e = handle.set("network/widths/1", 64.0);
    REQUIRE(!e.empty());
    CHECK(e[0].code == truth.errors[0].code);
    CHECK(e[0].path == truth.errors[0].path);
  }
  SUBCASE("a dotted path and a pointer name the same field") {
    REQUIRE(handle.set("network.batch_size", 64.0).empty());
    const double a = handle.view()[result_view_slot("accelerator.batched.epoch_time_s")];
    REQUIRE(handle.set("/network/batch_size", "64").empty());
    CHECK(handle.view()[result_view_slot("accelerator.batched.epoch_time_s")] == a);
    CHECK(handle.view()[result_view_slot("network.batched.batch_size")] == 64);
    return;
  }
  CHECK(same_view(before, handle.view()));
}

TEST_CASE("a scenario-wide value set on a prepared scenario leaves each device's own value in force, as the document does") {
  // The host's own profile gives it a dispatch of its own: /dispatch no longer reaches the host.
  json doc{{"preset", "mnist-cpu-vs-h100"}, {"overheads", {{"host", {{"profile", "pytorch-eager-cpu"}}}}}};
  if (!solve_checked(doc).result) doc = {{"preset", "mnist-cpu-vs-h100"}, {"overheads", {{"host", {{"dispatch", "20 us"}}}}}};
  PreparedScenario handle(doc);
  REQUIRE(handle.errors().empty());
  const double host = handle.view()[result_view_slot("host.batched.dispatch_time_s")];
  const double accelerator = handle.view()[result_view_slot("accelerator.batched.dispatch_time_s")];
  REQUIRE(handle.set("/dispatch", 1e-3).empty());
  CHECK(handle.view()[result_view_slot("host.batched.dispatch_time_s")] == host);
  CHECK(handle.view()[result_view_slot("accelerator.batched.dispatch_time_s")] != accelerator);
}

TEST_CASE("the result view names every slot once, and its numbers are the result document's") {
  const auto names = result_view_names();
  REQUIRE(names.size() == result_view_size());
  for (std::size_t i = 0; i < names.size(); ++i) CHECK(result_view_slot(names[i]) == i);
  CHECK(result_view_slot("no.such.slot") == names.size());
  const Solved s = solve_checked(json{{"preset", "mnist-cpu-vs-h100"}});
  const json r = result_to_json(*s.scenario, *s.result, s.warnings);
  const std::vector<double> view = view_of(s);
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::string pointer = "/" + names[i];
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    const json& value = r.at(json::json_pointer(pointer));
    if (value.is_null()) CHECK_MESSAGE((std::isnan(view[i]) || view[i] == 0), names[i]);
    else CHECK_MESSAGE(value.get<double>() == view[i], names[i]);
  }
}

TEST_CASE("a number's text for an edit is JavaScript's String(number), and reads back as the same double") {
  const std::pair<double, const char*> cases[] = {
      {1, "1"}, {-1, "-1"}, {0, "0"}, {-0.0, "0"}, {0.001, "0.001"}, {1e-6, "0.000001"}, {1.5e-6, "0.0000015"},
      {1e-7, "1e-7"}, {2.5e-7, "2.5e-7"}, {123.456, "123.456"}, {1e20, "100000000000000000000"},
      {1e21, "1e+21"}, {1.25e21, "1.25e+21"}, {0.1 + 0.2, "0.30000000000000004"}, {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"}, {4096, "4096"}, {3.0e-6, "0.000003"},
  };
  for (const auto& one : cases) {
    const std::string text = one.second;
    CAPTURE(text);
    CHECK(number_text(one.first) == text);
    CHECK(std::strtod(text.c_str(), nullptr) == one.first);
  }
}
