// The field table's numeric rows reach their numbers in the typed scenario (fields.hpp: NumberAccess):
// what a sweep or a solve-for changes through a row is exactly what the parser reads from the same
// field of a document, for every numeric field of the table, and the table leaves none out.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/contract/scenario_document.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/whatif/field_sweep.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/schema.hpp"
#include "epochcalc/whatif/solve_for.hpp"

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

// A comparison's terms (/compared/<id>/...) are numbers of other devices, not of the scenario's epoch:
// no sweep or solve-for reaches them.
bool numeric(const FieldSpec& f) {
  return (f.kind == FieldKind::integer || f.kind == FieldKind::quantity) && !f.path.starts_with("/compared/");
}

// The default preset with every registry reference written out, so each device field is in it.
json expanded_default() {
  Errors errors;
  json doc = expand_scenario(registry::find_preset(registry::default_preset_id)->scenario, errors);
  REQUIRE(errors.empty());
  return doc;
}

// The document with numbers written at JSON pointers (whole numbers where the field takes an
// integer), parsed: the parser's reading, independent of the table's accessors.
Scenario parsed_with(json doc, const std::vector<std::pair<std::string, double>>& values = {}) {
  for (const auto& [pointer, v] : values) {
    const FieldSpec* f = find_field(pointer);
    REQUIRE(f);
    if (f->kind == FieldKind::integer) doc[json::json_pointer(pointer)] = static_cast<std::int64_t>(v);
    else doc[json::json_pointer(pointer)] = v;
  }
  ParsedScenario parsed = parse_scenario(doc);
  REQUIRE(parsed.errors.empty());
  return std::move(*parsed.scenario);
}

// A value the field accepts that differs from `current`.
std::optional<double> another_value(const FieldSpec& f, double current) {
  std::vector<double> candidates;
  if (f.kind == FieldKind::integer) {
    candidates = {current + 1, current - 1};
    for (double v : candidates)
      if (v >= static_cast<double>(f.integer.min) && v <= static_cast<double>(f.integer.max)) return v;
    return std::nullopt;
  }
  const Bounds& b = f.quantity.bounds;
  candidates = {current * 1.5, current * 0.5, b.min > 0 ? b.min * 2 : 1.0, 1.0};
  for (double v : candidates) {
    const bool above = b.min_inclusive ? v >= b.min : v > b.min;
    if (v != current && above && v <= b.max) return v;
  }
  return std::nullopt;
}

// The field's pointer in a scenario: the widths' row stands for every width, here the second.
std::string pointer_of(const FieldSpec& f) {
  if (f.path == "/network/widths/-") return "/network/widths/1";
  if (f.path.starts_with("/compared/-/")) return "/compared/l4/" + f.path.substr(f.path.rfind('/') + 1);
  return f.path;
}

// Calls `check(field, pointer)` for every numeric field of the table, bound in `scenario`.
template <typename Check>
void for_each_number_field(const Scenario& scenario, Check check) {
  for (const FieldSpec& f : field_specs()) {
    if (!numeric(f)) continue;
    const std::string pointer = pointer_of(f);
    CAPTURE(pointer);
    const std::optional<NumberField> field = number_field(scenario, pointer);
    REQUIRE(field);
    CHECK(field->spec == &f);
    check(*field, pointer);
  }
}

}  // namespace

TEST_CASE("every number field of the schema has a row that reaches its number") {
  const Scenario base = parsed_with(expanded_default());
  int count = 0;
  for (const FieldSpec& f : field_specs()) {
    CAPTURE(f.path);
    const NumberAccess& a = f.number;
    // Every number has an accessor; so has every assumption (a choice as its index, a switch as 0 or 1),
    // which the parser, the writer and the defaults go through.
    if (numeric(f)) CHECK((a.get || a.device_get));
    else CHECK((a.get != nullptr) == f.path.starts_with("/assumptions/"));
    CHECK(!a.get == !a.set);
    CHECK(!a.device_get == !a.device_set);
    CHECK(!(a.get && a.device_get));
    CHECK(number_field(base, pointer_of(f)).has_value() == numeric(f));
    count += numeric(f) ? 1 : 0;
  }
  // widths, batch, N; dispatch, launch, step overhead, 2 energies; 5 assumptions; each device's peaks
  // and 7 numbers; each device's own overheads (the host's 4, the accelerator's 6).
  CHECK(count == 3 + 5 + 5 + 2 * (static_cast<int>(precisions().size()) + 7) + 4 + 6);
}

TEST_CASE("a row's accessor writes what the parser reads from that field of a document") {
  const json doc = expanded_default();
  const Scenario base = parsed_with(doc);
  for_each_number_field(base, [&](const NumberField& field, const std::string& pointer) {
    const FieldSpec& f = *field.spec;
    const std::optional<double> next = another_value(f, field.get(base));
    REQUIRE(next);
    CAPTURE(*next);

    const Scenario parsed = parsed_with(doc, {{pointer, *next}});
    Scenario through_row = base;
    field.set(through_row, *next);
    CHECK(field.get(through_row) == *next);
    CHECK(field.get(parsed) == *next);
    CHECK(scenario_to_json(through_row) == scenario_to_json(parsed));
  });
}

TEST_CASE("a pointer that names no number in the scenario has no number field") {
  const Scenario s = parsed_with(expanded_default());
  for (const char* pointer : {"/name", "/precision", "/host", "/host/name", "/assumptions/phase", "/nope", "",
                              "/network/widths/4", "/network/widths/99999999999"})
    CHECK_MESSAGE(!number_field(s, pointer), pointer);
  CHECK(number_field(s, "/network/widths/3"));
  CHECK(number_field(s, "/network/widths/0")->get(s) == 784);
  CHECK(number_field(s, "/accelerator/peak_flops/fp32")->get(s) == s.accelerator.peak_flops.at("fp32"));
}

namespace {

bool same(double a, double b) { return a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

void check_point(const FieldSweep& sweep, std::size_t i, const Result& r) {
  const auto check_run = [&](const RunSeries& s, const Run& run) {
    CHECK(same(s.epoch_time_s[i], run.epoch_time_s));
    CHECK(same(s.compute_time_s[i], run.compute_time_s));
    CHECK(same(s.memory_time_s[i], run.memory_time_s));
    CHECK(same(s.dispatch_time_s[i], run.dispatch_time_s));
    CHECK(same(s.launch_time_s[i], run.launch_time_s));
    CHECK(same(s.work_time_s[i], run.work_time_s));
    CHECK(same(s.overhead_time_s[i], run.overhead_time_s));
    CHECK(same(s.energy_j[i], run.energy_j));
  };
  check_run(sweep.host, r.host.batched);
  check_run(sweep.accelerator, r.accelerator.batched);
  CHECK(same(sweep.speedup[i], r.comparison.accelerator_speedup_batched));
}

}  // namespace

TEST_CASE("a sweep of any numeric field equals solving each point's document") {
  const json doc = expanded_default();
  const Scenario base = parsed_with(doc);
  for_each_number_field(base, [&](const NumberField& field, const std::string& pointer) {
    const FieldSpec& f = *field.spec;
    // Two values the field accepts and back (the current value may be none: a device without a peak
    // at a precision reads 0, which a document cannot say).
    const std::optional<double> next = another_value(f, field.get(base));
    REQUIRE(next);
    const std::optional<double> other = another_value(f, *next);
    REQUIRE(other);
    const std::vector<double> values = {*next, *other, *next};
    const FieldSweep sweep = sweep_field(base, field, values);
    REQUIRE(sweep.x.size() == values.size());
    CHECK(sweep.y.empty());
    for (std::size_t i = 0; i < values.size(); ++i) {
      CHECK(sweep.x[i] == values[i]);
      check_point(sweep, i, solve(parsed_with(doc, {{pointer, values[i]}})));
    }
  });
}

TEST_CASE("a grid of two fields equals solving each pair's document, row-major") {
  const json doc = expanded_default();
  const Scenario base = parsed_with(doc);
  const std::vector<double> batches = {1, 7, 32, 1000, 60000, 100000};
  const std::vector<double> dispatches = {0, 1e-6, 1e-5, 3.3e-5, 1e-3};
  const auto x = number_field(base, "/network/batch_size");
  const auto y = number_field(base, "/dispatch");
  REQUIRE(x);
  REQUIRE(y);
  const FieldSweep grid = sweep_grid(base, *x, batches, *y, dispatches);
  REQUIRE(grid.x.size() == batches.size() * dispatches.size());
  for (std::size_t i = 0; i < batches.size(); ++i)
    for (std::size_t j = 0; j < dispatches.size(); ++j) {
      const std::size_t k = i * dispatches.size() + j;
      CAPTURE(k);
      CHECK(grid.x[k] == batches[i]);
      CHECK(grid.y[k] == dispatches[j]);
      check_point(grid, k, solve(parsed_with(doc, {{"/network/batch_size", batches[i]}, {"/dispatch", dispatches[j]}})));
    }
}

TEST_CASE("every numeric field has a control span within its limits, in the schema") {
  const json schema = schema_document();
  int checked = 0;
  for (const json& f : schema["fields"]) {
    if (f["kind"] != "quantity" && f["kind"] != "integer") continue;
    CAPTURE(f["path"].get<std::string>());
    REQUIRE(f.contains("control"));
    const json& c = f["control"];
    const double low = c["min"], high = c["max"];
    CHECK(low < high);
    CHECK(low >= f["min"].get<double>());
    CHECK(high <= f["max"].get<double>());
    if (c["scale"] == "log") {
      CHECK(low > 0);
      CHECK(c["steps_per_decade"].get<int>() > 0);
    } else {
      CHECK(c["scale"] == "linear");
      CHECK(c["step"].get<double>() > 0);
      CHECK(c["step"].get<double>() <= (high - low) / 2);
    }
    ++checked;
  }
  CHECK(checked > 40);
}

TEST_CASE("the schema's solve_for column is what solve-for takes: one list, the field table's") {
  const json schema = schema_document();
  const Scenario s = [] {
    Errors errors;
    return *parse_scenario(json{{"preset", "mnist-cpu-vs-h100"}}).scenario;
  }();
  int solvable = 0;
  for (const json& f : schema["fields"]) {
    if (!f.contains("solve_for")) continue;
    const FieldSpec* spec = find_field(f["path"].get<std::string>() == "/network/widths/-" ? "/network/widths/0" : f["path"].get<std::string>());
    REQUIRE(spec);
    CAPTURE(spec->path);
    const bool takes = unsolvable_reason(s, *spec, Goal{GoalKind::accelerator_wins, 0}).empty();
    CHECK(takes == f["solve_for"].get<bool>());
    solvable += takes;
  }
  CHECK(solvable > 20);
}
