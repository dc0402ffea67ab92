// Values that look like slips (W_UNLIKELY_VALUE, docs/model.md "Warnings for values that look like
// slips"): a value typed with a unit is read as written, and the suggestion is a value in the unit the
// user most likely meant, inside the plausible range.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/scenario/units.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

const json slips_preset = {{"preset", "mnist-cpu-vs-h100"}};

// "path | message" of each W_UNLIKELY_VALUE a document gets, one a line.
std::string slips_of(const json& doc) {
  const ParsedScenario parsed = parse_scenario(doc);
  REQUIRE_MESSAGE(parsed.errors.empty(), parsed.errors.front().message);
  std::string found;
  for (const Warning& w : parsed.warnings)
    if (w.code == "W_UNLIKELY_VALUE") found += w.path + " | " + w.message + "\n";
  return found;
}

// The default preset with these fields set as typed (set_field, as --set and the page's form type them).
json typed_into_preset(const std::vector<std::pair<std::string, std::string>>& typed) {
  json doc = slips_preset;
  Errors errors;
  for (const auto& [path, text] : typed) REQUIRE(set_field(doc, path, text, errors));
  return doc;
}

std::string slips_when_typed(const std::vector<std::pair<std::string, std::string>>& typed) {
  return slips_of(typed_into_preset(typed));
}

// The plausible range of each dimension as docs/model.md states it (a field's own first), written here
// on its own so that a suggestion is checked against the documented range, not the engine's table.
struct PlausibleRange {
  Dimension dimension;
  std::string_view field;  // the field's last name; "" for every other field of the dimension
  double low;
  double high;
};
constexpr PlausibleRange documented_ranges[] = {
    {Dimension::time, "step_overhead", 0, 1},      {Dimension::time, "", 0, 0.01},
    {Dimension::flop_rate, "", 1e6, 1e21},         {Dimension::bandwidth, "", 1e6, 1e18},
    {Dimension::energy_per_flop, "", 0, 1e-9},     {Dimension::energy_per_byte, "", 0, 1e-6},
};
// No value of these is a slip: a fraction stays within 0 to 1 by its limits; powers are written in W,
// prices per hour and memory capacities (for reference only) as they are.
constexpr Dimension dimensions_without_slips[] = {Dimension::fraction, Dimension::power, Dimension::price,
                                                  Dimension::size};

const PlausibleRange* documented_range(const FieldSpec& f) {
  const std::string_view last = std::string_view(f.path).substr(f.path.rfind('/') + 1);
  for (const PlausibleRange& r : documented_ranges)
    if (r.dimension == f.quantity.dimension && (r.field.empty() || r.field == last)) return &r;
  return nullptr;
}

double si(std::string_view text, Dimension dimension) {
  const auto read = parse_quantity(text, dimension);
  REQUIRE_MESSAGE(std::holds_alternative<double>(read), text);
  return std::get<double>(read);
}

double scale_of(std::string_view symbol, Dimension dimension) {
  for (const UnitSpelling& u : unit_spellings(dimension))
    if (u.symbol == symbol) return u.scale;
  FAIL("no unit " << symbol);
  return 0;
}

// The text between `before` and the next `after` in a message.
std::string between(const std::string& message, std::string_view before, std::string_view after) {
  const std::size_t start = message.find(before);
  REQUIRE_MESSAGE(start != std::string::npos, message);
  const std::size_t end = message.find(after, start + before.size());
  REQUIRE_MESSAGE(end != std::string::npos, message);
  return message.substr(start + before.size(), end - start - before.size());
}

bool near(double got, double want) { return std::fabs(got - want) <= 1e-5 * std::fabs(want); }

// One way to type a value: as a JSON number, or as text (a bare number, or a number and a unit).
struct Typed {
  std::string text;      // what is typed; for a JSON number, the number's text
  bool json_number;
  std::string unit;      // the unit as typed; the SI unit for a bare number
  double number;         // the number as typed
};

// The values a field is typed as, past its plausible range on one side and inside its limits: bare (a
// JSON number and a string of one) and in each of the dimension's units, with numbers 1 and 3 times a
// power of ten.
std::vector<Typed> slips_past(const FieldSpec& f, const PlausibleRange& range, bool too_big) {
  const Dimension dimension = f.quantity.dimension;
  const auto [min, max] = field_limits(f);
  std::vector<Typed> out;
  for (const UnitSpelling& unit : unit_spellings(dimension))
    for (int exponent = -24; exponent <= 24; ++exponent)
      for (const char* mantissa : {"1", "3"}) {
        const std::string number = std::string(mantissa) + "e" + std::to_string(exponent);
        const std::string text = number + " " + std::string(unit.symbol);
        const double value = si(text, dimension);
        if (value < min || value > max || (too_big ? value <= range.high : value >= range.low)) continue;
        const double typed = si(number, dimension);
        out.push_back({text, false, std::string(unit.symbol), typed});
        if (unit.symbol == si_unit(dimension)) {
          out.push_back({number, false, std::string(unit.symbol), typed});
          out.push_back({number, true, std::string(unit.symbol), typed});
        }
      }
  return out;
}

}  // namespace

TEST_CASE("a value typed with a unit is read as written: \"20 ms\" of dispatch suggests 20 us, no word of bare numbers") {
  struct Case {
    std::string path, typed, warning;
  };
  const Case cases[] = {
      {"dispatch", "20 ms",
       "“Dispatch per operation” reads as 20 ms: no framework or driver takes 10 ms per operation. Did you mean 20 us?"},
      // A bare number, in a string as in JSON, is in s and says so.
      {"dispatch", "20",
       "“Dispatch per operation” reads as 20 s: no framework or driver takes 10 ms per operation. Did you mean 20 us? "
       "(A bare number is in s.)"},
      {"overheads.host.dispatch", "20 ms",
       "“Host: dispatch per operation” reads as 20 ms: no framework or driver takes 10 ms per operation. Did you mean "
       "20 us?"},
      // Too small: the same number in TFLOP/s.
      {"accelerator.peak_flops.fp32", "5",
       "“Accelerator: Peak FLOP/s, fp32” reads as 5 FLOP/s: no processor computes below 1 MFLOP/s. Did you mean 5 "
       "TFLOP/s? (A bare number is in FLOP/s.)"},
      {"accelerator.peak_flops.fp32", "5 FLOP/s",
       "“Accelerator: Peak FLOP/s, fp32” reads as 5 FLOP/s: no processor computes below 1 MFLOP/s. Did you mean 5 "
       "TFLOP/s?"},
      // 3e-09 TFLOP/s would still be below 1 MFLOP/s: a thousand times more is the first plausible value.
      {"accelerator.peak_flops.fp32", "3e-9 GFLOP/s",
       "“Accelerator: Peak FLOP/s, fp32” reads as 3e-09 GFLOP/s: no processor computes below 1 MFLOP/s. Did you mean "
       "3e-06 TFLOP/s?"},
  };
  for (const Case& c : cases) CHECK(slips_when_typed({{c.path, c.typed}}) == pointer_of(c.path) + " | " + c.warning + "\n");
  json bare = slips_preset;
  bare["dispatch"] = 20;
  CHECK(slips_of(bare) == "/dispatch | “Dispatch per operation” reads as 20 s: no framework or driver takes 10 ms per "
                          "operation. Did you mean 20 us? (A bare number is in s.)\n");
}

TEST_CASE("every quantity field, past its plausible range either way, typed bare or in any unit: a suggestion in range") {
  std::size_t fields_with_a_range = 0;
  for (const FieldSpec& f : field_specs()) {
    if (f.kind != FieldKind::quantity) continue;
    CAPTURE(f.path);
    const Dimension dimension = f.quantity.dimension;
    const auto [min, max] = field_limits(f);
    const PlausibleRange* range = documented_range(f);
    if (!range) {
      // A new quantity field gets a plausible range (engine/src/scenario/slips.cpp and above) or joins this list.
      CHECK(std::find(std::begin(dimensions_without_slips), std::end(dimensions_without_slips), dimension) !=
            std::end(dimensions_without_slips));
      // A comparison's terms are under a device id: "/compared/l4/idle_power".
      const std::string at = f.path.starts_with("/compared/-/") ? "/compared/l4/" + f.path.substr(f.path.rfind('/') + 1) : f.path;
      for (const double value : {std::max(min, 1e-6), max}) {
        json doc = typed_into_preset({{at, "1"}});
        doc[json::json_pointer(at)] = value;
        CHECK(slips_of(doc).empty());
      }
      continue;
    }
    ++fields_with_a_range;
    int directions = 0;
    const double meant_low = std::max(range->low, min), meant_high = std::min(range->high, max);
    for (const bool too_big : {true, false}) {
      if (too_big ? range->high >= max : range->low <= min) continue;  // the field's limits leave no slip that way
      CAPTURE(too_big);
      ++directions;
      bool typed_bare = false, typed_with_a_unit = false;
      for (const Typed& typed : slips_past(f, *range, too_big)) {
        CAPTURE(typed.text);
        CAPTURE(typed.json_number);
        json doc = typed_into_preset({{f.path, typed.text}});
        if (typed.json_number) doc[json::json_pointer(f.path)] = typed.number;
        const std::string found = slips_of(doc);
        REQUIRE(found.starts_with(f.path + " | “"));
        REQUIRE(found.find('\n') == found.size() - 1);  // one warning, about this field
        // Read as written: the number in the unit typed.
        const std::string reads = between(found, "” reads as ", ": ");
        CHECK(reads.ends_with(" " + typed.unit));
        CHECK(near(si(reads, dimension), si(typed.text, dimension)));
        // "A bare number" only for a bare number.
        const bool bare = typed.unit == si_unit(dimension) && typed.text.find(' ') == std::string::npos;
        CHECK((found.find("bare number") != std::string::npos) == bare);
        if (bare) CHECK(found.ends_with("? (A bare number is in " + typed.unit + ".)\n"));
        (bare ? typed_bare : typed_with_a_unit) = true;
        // The suggestion: short, read back by the unit parser as a value inside the plausible range.
        const std::string suggestion = between(found, "Did you mean ", "?");
        CAPTURE(suggestion);
        CHECK(suggestion.size() <= 16);
        const double suggested = si(suggestion, dimension);
        CHECK(suggested > 0);
        CHECK(suggested >= meant_low);
        CHECK(suggested <= meant_high);
        // The number typed, in the unit meant; where that is not plausible, moved by the fewest factors
        // of 1,000 that make it so.
        const std::string meant_unit = suggestion.substr(suggestion.find(' ') + 1);
        const double meant_scale = scale_of(meant_unit, dimension);
        double steps = std::log(si(suggestion.substr(0, suggestion.find(' ')), dimension) / typed.number) / std::log(1000.0);
        CHECK(std::fabs(steps - std::round(steps)) < 1e-6);
        steps = std::round(steps);
        if (steps != 0) {
          const double one_step_less = typed.number * std::pow(1000.0, steps > 0 ? steps - 1 : steps + 1) * meant_scale;
          CHECK((one_step_less < range->low || one_step_less > range->high));
        }
        // Typed as suggested, the field is quiet.
        CHECK(slips_when_typed({{f.path, suggestion}}).empty());
      }
      CHECK(typed_bare);
      CHECK(typed_with_a_unit);
    }
    CHECK(directions > 0);
  }
  CHECK(fields_with_a_range > 0);
}

TEST_CASE("no registry value warns, also written out as the page's form sends it") {
  Errors errors;
  for (const std::string& device : registry::hardware_ids()) {
    CAPTURE(device);
    for (const char* role : {"host", "accelerator"}) {
      json doc = slips_preset;
      doc[role] = device;
      CHECK(slips_of(doc).empty());
      CHECK(slips_of(expand_scenario(doc, errors)).empty());
    }
  }
  for (const std::string& preset : registry::preset_ids())
    for (const std::string& profile : registry::profile_ids()) {
      CAPTURE(preset);
      CAPTURE(profile);
      const json doc = {{"preset", preset}, {"profile", profile}, {"overheads", {{"accelerator", {{"profile", profile}}}}}};
      CHECK(slips_of(expand_scenario(doc, errors)).empty());
    }
  CHECK(errors.empty());
}
