// The what-ifs as documents (whatif_json.hpp): the typed inputs read with the field table's units and
// limits, the engine's answers (field_sweep, solve_for, compare) written out in SI units.
#include "epochcalc/api/whatif_json.hpp"

#include <algorithm>
#include <cmath>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/contract/csv.hpp"
#include "epochcalc/model/compare.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/whatif/quick_whatifs.hpp"
#include "epochcalc/whatif/field_sweep.hpp"
#include "epochcalc/scenario/in_force.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "scenario/in_force_text.hpp"
#include "contract/reply_tape.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"
#include "api/document_parts.hpp"

namespace epochcalc {

std::string detail::trimmed(std::string_view text) { return std::string(detail::trim(text)); }

namespace {

using detail::trimmed;

std::string unit_of(const FieldSpec& f) {
  return f.kind == FieldKind::integer ? "" : std::string(si_unit(f.quantity.dimension));
}

}  // namespace

std::optional<Scenario> detail::scenario_of(const json& document, json& error_document) {
  ParsedScenario parsed = parse_scenario(document);
  if (parsed.scenario) return std::move(parsed.scenario);
  error_document = errors_to_json(parsed.errors);
  return std::nullopt;
}

json detail::run_json(const Run& r, bool priced) {
  return {{"epoch_time_s", r.epoch_time_s},       {"compute_time_s", r.compute_time_s},
          {"memory_time_s", r.memory_time_s},     {"work_time_s", r.work_time_s},
          {"dispatch_time_s", r.dispatch_time_s}, {"launch_time_s", r.launch_time_s},
          {"step_time_s", r.step_time_s},         {"overhead_time_s", r.overhead_time_s},
          {"transfer_time_s", r.transfer_time_s}, {"overhead_fraction", r.overhead_fraction},
          {"idle_energy_j", r.idle_energy_j},     {"energy_j", r.energy_j},
          {"cost_usd", priced ? json(r.cost_usd) : json(nullptr)}};
}

namespace {

using detail::run_json;
using detail::scenario_of;

json series_json(const RunSeries& s) {
  return {{"epoch_time_s", s.epoch_time_s},       {"compute_time_s", s.compute_time_s},
          {"memory_time_s", s.memory_time_s},     {"work_time_s", s.work_time_s},
          {"dispatch_time_s", s.dispatch_time_s}, {"launch_time_s", s.launch_time_s},
          {"step_time_s", s.step_time_s},         {"overhead_time_s", s.overhead_time_s},
          {"transfer_time_s", s.transfer_time_s}, {"energy_j", s.energy_j},
          {"cost_usd", s.cost_usd}};
}

// The paths a what-if's value is written to, so that applying it as edits gives the answer's numbers
// exactly (docs/model.md, "One meaning"): the field, and each device's own value of a scenario-wide
// overhead that would otherwise stay in force (the what-if sets what every device pays).
std::vector<std::string> applied_paths(const Scenario& s, const NumberField& field, std::string_view name) {
  std::vector<std::string> paths{std::string(name)};
  for (const ValueInForce& own : values_giving_way(s, field)) paths.push_back(own.path);
  return paths;
}

// The edits that apply `value`: (path, value) for each applied path, a whole number for an integer field.
json edits_json(const std::vector<std::string>& paths, const FieldSpec& spec, double value) {
  const json v = spec.kind == FieldKind::integer ? json(static_cast<std::int64_t>(value)) : json(value);
  json out = json::array();
  for (const std::string& p : paths) out.push_back({{"path", p}, {"value", v}});
  return out;
}

// The field as the answers name it: a device's fields carry the device's label ("Accelerator: Memory
// bandwidth"), as the page groups them. "changes_epochs" false: no epoch depends on it here, and the
// notes say why; the notes also name each device's own value that gives way during the what-if.
json field_json(const Scenario& s, const NumberField& field, std::string_view name) {
  const std::string_view unused = epoch_independent_reason(s, field);
  json notes = json::array();
  if (!unused.empty()) notes.push_back("It changes no epoch here: " + std::string(unused) + ".");
  json giving_way = json::array();
  if (const auto own = values_giving_way(s, field); !own.empty()) {
    std::string text = "Varying it sets it on every device: ", paths;
    for (std::size_t i = 0; i < own.size(); ++i) {
      giving_way.push_back({{"path", own[i].path}, {"value", own[i].value}});
      const bool accelerator = own[i].path.starts_with("/overheads/accelerator/");
      text += (i ? " and " : "") + std::string(accelerator ? "the accelerator's own " : "the host's own ") +
              detail::in_force_text(*field.spec, own[i]);
      paths += (i ? " or " : "") + dotted_path(own[i].path);
    }
    notes.push_back(text + (own.size() > 1 ? " give way" : " gives way") + " at each value. To vary one device alone, vary " +
                    paths + ".");
  }
  return {{"path", std::string(name)}, {"label", full_label(*field.spec)}, {"unit", unit_of(*field.spec)},
          {"integer", field.spec->kind == FieldKind::integer}, {"changes_epochs", unused.empty()}, {"giving_way", std::move(giving_way)},
          // A value of this what-if applies as an edit of each of these paths to it (docs/model.md, "One meaning").
          {"applied_by", applied_paths(s, field, name)},
          {"notes", std::move(notes)}};
}

const char* goal_id(GoalKind kind) {
  switch (kind) {
    case GoalKind::speedup_at_least: return "speedup_at_least";
    case GoalKind::accelerator_wins: return "accelerator_wins";
    case GoalKind::epoch_within: return "epoch_within";
  }
  return "";
}

// The answer of one solve-for, without the field; `paths` where its value is applied.
json answer_json(const SolveAnswer& a, const Goal& goal, const std::vector<std::string>& paths, const FieldSpec& spec) {
  json holds = json::array();
  for (const ValueRange& r : a.holds) holds.push_back({{"from", r.from}, {"to", r.to}});
  const char* answer = a.boundary ? "value" : a.holds.empty() ? "never" : "always";
  return {{"goal", {{"kind", goal_id(goal.kind)}, {"target", goal.target}}},
          {"metric", goal.kind == GoalKind::epoch_within ? "accelerator_epoch_time_s" : "speedup"},
          {"answer", answer},
          {"value", a.boundary ? json(*a.boundary) : json(nullptr)},
          // "value": the goal holds from it upwards ("at_least") or up to it ("at_most").
          {"holds_when", a.boundary ? json(a.holds.front().from == a.low ? "at_most" : "at_least") : json(nullptr)},
          {"holds", holds},
          // "value" null: the field is left out and means none (no graph launches), outside the limits.
          {"current", {{"value", a.current_value ? json(*a.current_value) : json(nullptr)}, {"metric", a.current_metric}}},
          {"limits", {{"low", a.low}, {"high", a.high}, {"metric_at_low", a.metric_at_low}, {"metric_at_high", a.metric_at_high}}},
          // Applying these edits to the document gives metric_at_value exactly.
          {"edits", a.boundary ? edits_json(paths, spec, *a.boundary) : json::array()},
          {"metric_at_value", a.metric_at_boundary ? json(*a.metric_at_boundary) : json(nullptr)}};
}

json ranges_json(const std::vector<BatchRange>& ranges) {
  json out = json::array();
  for (const BatchRange& r : ranges) out.push_back({{"from", r.from}, {"to", r.to}});
  return out;
}

// The points of a range sweep: n values from `from` to `to`, evenly or log-spaced, the ends exactly as
// given, whole numbers for an integer field (a value rounded onto the one before is left out).
std::optional<std::vector<double>> range_values(const FieldSpec& f, double from, double to, std::size_t n, bool log,
                                                const std::string& where, Errors& errors) {
  if (log && (from <= 0 || to <= 0)) {
    errors.push_back({code::args, where, "a log sweep needs both ends above 0; use a linear sweep from 0"});
    return std::nullopt;
  }
  std::vector<double> values;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(n - 1);
    double x = log ? from * std::pow(to / from, t) : from + (to - from) * t;
    if (i == 0) x = from;
    if (i + 1 == n) x = to;  // the ends exactly as typed
    if (f.kind == FieldKind::integer) x = std::round(x);
    if (values.empty() || values.back() != x) values.push_back(x);
  }
  return values;
}

Error too_many_values(const std::string& where, std::size_t count) {
  return {code::args, where, "a sweep takes at most " + format_number(static_cast<double>(max_field_sweep_points)) +
                                 " values; got " + format_number(static_cast<double>(count))};
}

const IntegerRule sweep_points{2, static_cast<std::int64_t>(max_field_sweep_points)};

// Values of one sweep given as data: {"field", "from", "to", "points"?, "log"?} or {"field", "values"},
// each value a number in SI units or text with its unit, read where it stands (/sweeps/0/from).
std::optional<std::vector<double>> sweep_values(const FieldSpec& f, const json& spec, const std::string& where,
                                                Errors& errors) {
  const std::size_t before = errors.size();
  if (const json* list = field(spec, "values", where, errors, false)) {
    if (!list->is_array() || list->empty()) {
      errors.push_back({code::type, where + "/values", "expected a list of values, such as [\"1 us\", \"2 us\"], got " + json_type_name(*list)});
      return std::nullopt;
    }
    if (list->size() > max_field_sweep_points) {
      errors.push_back(too_many_values(where + "/values", list->size()));
      return std::nullopt;
    }
    std::vector<double> values;
    values.reserve(list->size());
    // Each value read where it stands; its pointer is written only for a value refused (50,000 of them
    // would otherwise cost as much as the sweep itself).
    Errors refused;
    for (std::size_t i = 0; i < list->size(); ++i) {
      if (auto x = read_field_datum(f, (*list)[i], "", refused)) values.push_back(*x);
      for (Error& e : refused) errors.push_back({e.code, pointer(where + "/values", i) + e.path, std::move(e.message)});
      refused.clear();
    }
    if (errors.size() != before) return std::nullopt;
    return values;
  }
  const json* from = field(spec, "from", where, errors, true);
  const json* to = field(spec, "to", where, errors, true);
  const auto x0 = from ? read_field_datum(f, *from, where + "/from", errors) : std::nullopt;
  const auto x1 = to ? read_field_datum(f, *to, where + "/to", errors) : std::nullopt;
  std::optional<std::int64_t> count = 50;
  if (const json* points = field(spec, "points", where, errors, false); points && !points->is_null())
    count = read_integer(*points, where + "/points", sweep_points, errors);
  std::optional<bool> log = false;
  if (const json* l = field(spec, "log", where, errors, false); l && !l->is_null()) log = read_bool(*l, where + "/log", errors);
  if (errors.size() != before) return std::nullopt;
  return range_values(f, *x0, *x1, static_cast<std::size_t>(*count), *log, where, errors);
}

// Each point of a sweep within the rule between fields (the scenario's own values passed it): the
// first point that breaks it is an error naming its value.
void check_points(const FieldSweepRequest& request, Errors& errors) {
  Scenario s = request.scenario;
  const auto check = [&](std::size_t i, double x) {
    request.fields[i].set(s, x);
    auto problem = batch_leaves_no_step(s);
    if (!problem) return true;
    const FieldSpec& f = *request.fields[i].spec;
    errors.push_back({code::range, "/sweeps/" + std::to_string(i),
                      "at “" + f.label + "” = " + format_number(x) + ": " + problem->message});
    return false;
  };
  const bool batch_or_n = [&] {
    for (const NumberField& f : request.fields)
      if (f.spec->path == "/network/batch_size" || f.spec->path == "/network/dataset/training_examples") return true;
    return false;
  }();
  if (!batch_or_n || !s.assumptions.drop_last) return;
  if (request.fields.size() == 1) {
    for (double x : request.values[0])
      if (!check(0, x)) return;
    return;
  }
  for (double x : request.values[0]) {
    request.fields[0].set(s, x);
    for (double y : request.values[1])
      if (!check(1, y)) return;
  }
}

}  // namespace

std::optional<NumberField> field_named(const Scenario& scenario, std::string_view name, const std::string& where,
                                       Errors& errors) {
  const std::string pointer = pointer_of(name);
  if (auto field = number_field(scenario, pointer)) return field;
  std::string text = std::string("\"").append(name).append("\" is not a numeric field");
  if (const FieldSpec* spec = find_field(pointer)) {
    text = "\"" + spec->label + "\" is not a number to vary";
  } else {
    // The full path whose last name matches, else the closest path: launches_per_step → assumptions.launches_per_step.
    const auto numeric = [](const FieldSpec* f) { return f && (f->number.get || f->number.device_get); };
    std::optional<std::string> suggestion;
    if (const FieldSpec* f = field_with_last_name(std::string_view(pointer).substr(pointer.rfind('/') + 1)); numeric(f))
      suggestion = dotted_path(f->path);
    if (!suggestion) {
      std::vector<std::string> paths;
      for (const FieldSpec& f : field_specs())
        if (numeric(&f) && f.path.find('-') == std::string::npos) paths.push_back(dotted_path(f.path));
      suggestion = closest_match(dotted_path(pointer), paths);
    }
    if (suggestion) text += "; did you mean \"" + *suggestion + "\"?";
  }
  errors.push_back({code::unknown_field, where, text});
  return std::nullopt;
}

std::optional<double> read_field_datum(const FieldSpec& field, const json& value, const std::string& where, Errors& errors) {
  if (field.kind == FieldKind::integer) {
    const auto x = read_integer(value, where, field.integer, errors);
    return x ? std::optional<double>(static_cast<double>(*x)) : std::nullopt;
  }
  return read_quantity(value, where, field.quantity, errors);
}

std::optional<Goal> read_goal(std::string_view text, const std::string& where, Errors& errors) {
  const std::string t = trimmed(text);
  if (t == "flip" || t == "wins") return Goal{GoalKind::accelerator_wins, 0};
  const std::size_t eq = t.find('=');
  const std::string kind = eq == std::string::npos ? "" : trimmed(std::string_view(t).substr(0, eq));
  const std::string value = eq == std::string::npos ? t : trimmed(std::string_view(t).substr(eq + 1));
  const auto speedup = [&](std::string number) -> std::optional<Goal> {
    if (!number.empty() && (number.back() == 'x' || number.back() == 'X')) number = trimmed(number.substr(0, number.size() - 1));
    const auto k = parse_plain_number(number);
    if (k && *k > 0 && *k <= max_goal_speedup) return Goal{GoalKind::speedup_at_least, *k};
    errors.push_back({code::args, where, "a speedup is a number above 0 and at most 1e12, e.g. speedup=2; got \"" + value + "\""});
    return std::nullopt;
  };
  if (kind == "speedup") return speedup(value);
  if (kind == "epoch") {
    const auto seconds = read_quantity(json(value), where, rule::measured_epoch_time, errors);
    if (seconds) return Goal{GoalKind::epoch_within, *seconds};
    return std::nullopt;
  }
  if (kind.empty() && !t.empty() && (t.back() == 'x' || t.back() == 'X')) return speedup(t);
  errors.push_back({code::args, where, "a goal is flip, speedup=K (e.g. speedup=2) or epoch=TIME (e.g. epoch=\"30 ms\"); got \"" + t + "\""});
  return std::nullopt;
}

std::optional<FieldSweepRequest> read_field_sweep_data(const json& document, const json& sweeps, json& error_document) {
  auto scenario = scenario_of(document, error_document);
  if (!scenario) return std::nullopt;
  FieldSweepRequest request{std::move(*scenario), {}, {}, {}};
  Errors errors;
  if (!sweeps.is_array() || sweeps.empty() || sweeps.size() > 2)
    errors.push_back({sweeps.is_array() ? code::args : code::type, "/sweeps",
                      "sweep one field, or two for a grid: each {\"field\", \"from\", \"to\", \"points\", \"log\"} or "
                      "{\"field\", \"values\"}"});
  static const std::vector<std::string> keys{"field", "from", "to", "points", "log", "values"};
  for (std::size_t i = 0; sweeps.is_array() && i < sweeps.size() && i < 2; ++i) {
    const std::string where = "/sweeps/" + std::to_string(i);
    const json& spec = sweeps[i];
    std::string name;
    if (!spec.is_object()) {
      errors.push_back({code::type, where, "expected a sweep: {\"field\", \"from\", \"to\", \"points\", \"log\"} or "
                                           "{\"field\", \"values\"}, got " + json_type_name(spec)});
      continue;
    }
    if (!check_object(spec, where, keys, errors)) continue;
    if (const json* f = field(spec, "field", where, errors, true))
      if (auto text = read_string(*f, where + "/field", errors)) name = *text;
    if (name.empty()) continue;
    const auto bound = field_named(request.scenario, name, where + "/field", errors);
    if (!bound) continue;
    if (!request.fields.empty() && request.fields[0].spec == bound->spec && request.fields[0].item == bound->item) {
      errors.push_back({code::args, where, "a grid sweeps two different fields; \"" + name + "\" is the first one again"});
      continue;
    }
    auto v = sweep_values(*bound->spec, spec, where, errors);
    if (!v) continue;
    request.fields.push_back(*bound);
    request.values.push_back(std::move(*v));
    request.paths.push_back(pointer_of(name));
  }
  const auto& values = request.values;
  if (errors.empty() && values.size() == 2 && values[0].size() * values[1].size() > max_field_sweep_points)
    errors.push_back({code::args, "/sweeps", "a grid computes at most " + format_number(static_cast<double>(max_field_sweep_points)) +
                                                 " points; got " + format_number(static_cast<double>(values[0].size() * values[1].size())) +
                                                 ": use fewer on each side (200 × 200 is 40,000)"});
  if (errors.empty()) check_points(request, errors);
  if (errors.empty()) return request;
  error_document = errors_to_json(errors);
  return std::nullopt;
}

FieldSweep run_field_sweep(const FieldSweepRequest& r) {
  return r.fields.size() == 1 ? sweep_field(r.scenario, r.fields[0], r.values[0])
                              : sweep_grid(r.scenario, r.fields[0], r.values[0], r.fields[1], r.values[1]);
}

json field_sweep_header(const FieldSweepRequest& request, std::size_t points) {
  json out = {{"schema", field_sweep_schema}, {"points", points}};
  out["x"] = field_json(request.scenario, request.fields[0], request.paths[0]);
  if (request.fields.size() == 2) out["y"] = field_json(request.scenario, request.fields[1], request.paths[1]);
  return out;
}


std::string field_sweep_reply(const json& document, const json& sweeps) {
  json error_document;
  const auto request = read_field_sweep_data(document, sweeps, error_document);
  if (!request) return document_reply(error_document);
  const FieldSweep sweep = run_field_sweep(*request);
  detail::Tape out;
  // The values swept, 11 series per device and the speedup: one buffer, sized once.
  out.reserve_numbers(sweep.x.size() * (request->fields.size() + 23) + 8);
  out.begin_object();
  const json header = field_sweep_header(*request, sweep.x.size());
  for (const auto& [key, value] : header.items()) {
    out.key(key);
    if (key != "x" && key != "y") {
      out.document(value);
      continue;
    }
    // Each field swept, with its values as a series.
    out.begin_object();
    for (const auto& [k, v] : value.items()) out.key(k).document(v);
    out.key(std::string_view("values")).series(key == "x" ? sweep.x : sweep.y).end_object();
  }
  for (const auto& [role, s] : {std::pair{"host", &sweep.host}, std::pair{"accelerator", &sweep.accelerator}}) {
    out.key(std::string_view(role)).begin_object();
    for (const auto& [name, values] : {std::pair{"epoch_time_s", &s->epoch_time_s}, {"compute_time_s", &s->compute_time_s},
                                       {"memory_time_s", &s->memory_time_s}, {"work_time_s", &s->work_time_s},
                                       {"dispatch_time_s", &s->dispatch_time_s}, {"launch_time_s", &s->launch_time_s},
                                       {"step_time_s", &s->step_time_s}, {"transfer_time_s", &s->transfer_time_s},
                                       {"overhead_time_s", &s->overhead_time_s}, {"energy_j", &s->energy_j},
                                       {"cost_usd", &s->cost_usd}}) {
      out.key(std::string_view(name));
      // Without a price no cost: null, never a series of zeros (issue 45).
      if (values == &s->cost_usd && !priced(*s)) out.null();
      else out.series(*values);
    }
    out.key(std::string_view("priced")).boolean(priced(*s)).end_object();
  }
  out.key(std::string_view("speedup")).series(sweep.speedup);
  out.key(std::string_view("winner")).begin_array();
  constexpr detail::Word accelerator("accelerator"), host("host");
  for (const std::uint8_t faster : sweep.accelerator_faster) out.string(faster ? accelerator : host);
  out.end_array().end_object();
  return out.take();
}

json field_sweep_data(const json& document, const json& sweeps) {
  json error_document;
  const auto request = read_field_sweep_data(document, sweeps, error_document);
  if (!request) return error_document;
  const FieldSweep sweep = run_field_sweep(*request);
  json out = field_sweep_header(*request, sweep.x.size());
  out["x"]["values"] = sweep.x;
  if (out.contains("y")) out["y"]["values"] = sweep.y;
  out["host"] = series_json(sweep.host);
  out["accelerator"] = series_json(sweep.accelerator);
  // Whether each device has a price at any point: without one its cost is null, not the zeros the
  // series holds (a CSV writes it empty; issue 45: --sweep --json wrote 0.0).
  for (const auto& [name, series] : {std::pair{"host", &sweep.host}, std::pair{"accelerator", &sweep.accelerator}}) {
    out[name]["priced"] = priced(*series);
    if (!priced(*series)) out[name]["cost_usd"] = nullptr;
  }
  out["speedup"] = sweep.speedup;
  json winner = json::array();
  for (std::uint8_t faster : sweep.accelerator_faster) winner.push_back(faster ? "accelerator" : "host");
  out["winner"] = std::move(winner);
  return out;
}

json solve_for_document(const json& document, std::string_view name, std::string_view goal_text) {
  json error_document;
  const auto scenario = scenario_of(document, error_document);
  if (!scenario) return error_document;
  Errors errors;
  const auto field = field_named(*scenario, name, "/field", errors);
  const auto goal = read_goal(goal_text, "/goal", errors);
  if (field && goal) {
    const std::string_view why = unsolvable_reason(*scenario, *field->spec, *goal);
    if (!why.empty()) errors.push_back({code::args, "/field", "cannot solve for \"" + field->spec->label + "\": " + std::string(why)});
  }
  if (!errors.empty()) return errors_to_json(errors);
  json out = {{"schema", solve_for_schema}, {"field", field_json(*scenario, *field, pointer_of(name))}};
  out.update(answer_json(solve_for(*scenario, *field, *goal), *goal, applied_paths(*scenario, *field, pointer_of(name)), *field->spec));
  return out;
}

json break_even_document(const json& document) {
  json error_document;
  const auto scenario = scenario_of(document, error_document);
  if (!scenario) return error_document;
  json fields = json::array();
  for (const NumberField& field : break_even_fields(*scenario)) {
    json row = field_json(*scenario, field, field.spec->path);
    const Goal flip{GoalKind::accelerator_wins, 0}, twice{GoalKind::speedup_at_least, 2};
    const auto paths = applied_paths(*scenario, field, field.spec->path);
    row["flip"] = answer_json(solve_for(*scenario, field, flip), flip, paths, *field.spec);
    row["twice_as_fast"] = answer_json(solve_for(*scenario, field, twice), twice, paths, *field.spec);
    const SweepRange range = default_sweep_range(*scenario, field);
    row["sweep"] = {{"from", range.from}, {"to", range.to}, {"log", range.log}};
    fields.push_back(std::move(row));
  }
  json dominated = json::object();
  for (bool accelerator : {false, true})
    dominated[accelerator ? "accelerator" : "host"] = ranges_json(overhead_dominated(*scenario, accelerator));
  return {{"schema", break_even_schema}, {"batch_size", scenario->batch_size}, {"fields", std::move(fields)},
          {"overhead_exceeds_work", std::move(dominated)}};
}

json quick_whatifs_document(const json& document) {
  const Solved now = solve_checked(document);
  if (!now.result) return errors_to_json(now.errors);
  // Each device's batched epoch and the speedup, before and after: what a button's preview says.
  const auto outcome = [](const Scenario& s, const Result& r) {
    return json{{"host", run_json(r.host.batched, has_price(s.host.price_per_hour))},
                {"accelerator", run_json(r.accelerator.batched, has_price(s.accelerator.price_per_hour))},
                {"speedup", r.comparison.accelerator_speedup_batched}};
  };
  json list = json::array();
  for (const QuickWhatIf& q : quick_whatifs(*now.scenario)) {
    json row = {{"id", q.id}, {"label", q.label}};
    if (q.edits.empty()) {
      row["applies"] = false;
      row["reason"] = q.reason;
      list.push_back(std::move(row));
      continue;
    }
    json edited = document;
    Errors errors;
    json edits = json::array();
    bool made = true;
    for (const QuickEdit& e : q.edits) {
      made = made && set_field(edited, e.path, e.text, errors);
      edits.push_back({{"path", e.path}, {"text", e.text}});
    }
    const Solved after = made ? solve_checked(edited) : Solved{};
    row["applies"] = after.result.has_value();
    row["edits"] = std::move(edits);
    if (!q.note.empty()) row["note"] = q.note;
    if (after.result) row["after"] = outcome(*after.scenario, *after.result);
    else row["reason"] = (errors.empty() ? after.errors : errors).front().message;
    list.push_back(std::move(row));
  }
  return {{"schema", quick_whatifs_schema}, {"before", outcome(*now.scenario, *now.result)}, {"whatifs", std::move(list)}};
}

}  // namespace epochcalc

namespace epochcalc {

json explain_document(const json& document, std::string_view name) {
  const ParsedScenario parsed = parse_scenario(document);
  if (!parsed.scenario) return errors_to_json(parsed.errors);
  const Scenario& s = *parsed.scenario;
  Errors errors;
  const auto field = field_named(s, name, "/field", errors);
  if (!field) return errors_to_json(errors);
  const std::string path = pointer_of(name);
  json out = {{"schema", explain_schema}, {"field", field_json(s, *field, path)}};
  // The overhead slot this field names: scenario-wide, or a device's own row.
  std::optional<OverheadSlot> slot = scenario_wide_slot(*field->spec);
  if (!slot && field->spec->number.given) slot = static_cast<OverheadSlot>(field->spec->number.slot);  // a device's own row
  for (const bool accelerator : {false, true}) {
    json device;
    if (slot) {
      const ValueInForce v = value_in_force(s, accelerator, *slot);
      device = {{"paid", v.paid}};
      if (v.paid) {
        device["value"] = v.value;
        device["path"] = v.path;
        device["from"] = std::string(layer_name(v.source.layer));
        if (!v.source.id.empty()) device["id"] = std::string(v.source.id);
        device["text"] = detail::in_force_text(*field->spec, v);
      }
    } else {
      device = {{"paid", true}, {"value", field->get(s)}, {"path", path}};
    }
    out[std::string(role_key(accelerator))] = std::move(device);
  }
  json warnings = json::array();
  for (const Warning& w : parsed.warnings)
    if (w.code == "W_SHADOWED" && (w.path == path || (slot && w.path == overhead_field(*slot).top)))
      warnings.push_back({{"code", w.code}, {"path", w.path}, {"message", w.message}});
  out["warnings"] = std::move(warnings);
  return out;
}

json csv_data(const json& document, std::string_view what, const json& request, std::string_view units) {
  if (units != "si" && units != "human")
    return errors_to_json({{code::args, "/units", "units are si (exact SI values) or human (ms, µs, mJ, 6 figures), not \"" + std::string(units) + "\""}});
  const CsvUnits as = units == "human" ? CsvUnits::human : CsvUnits::si;
  json reply;
  std::string text;
  if (what == "result") {
    reply = solve_document(document);
    if (reply.at("schema") != error_schema) text = csv_result(reply, as);
  } else if (what == "sweep") {
    reply = field_sweep_data(document, request);
    if (reply.at("schema") != error_schema) text = csv_field_sweep(reply, as);
  } else if (what == "compare") {
    reply = compare_document(document, request.is_null() ? json("accelerators") : request);
    if (reply.at("schema") != error_schema) text = csv_compare(reply, as);
  } else {
    return errors_to_json({{code::args, "/what", "a CSV is of a result, a sweep or a comparison, not \"" + std::string(what) + "\""}});
  }
  if (reply.at("schema") == error_schema) return reply;
  return {{"schema", "epochcalc/csv@1"}, {"csv", std::move(text)}};
}

}  // namespace epochcalc
