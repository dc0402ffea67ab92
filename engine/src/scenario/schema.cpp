#include "epochcalc/scenario/schema.hpp"

#include <vector>

#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/model/sweep.hpp"

namespace epochcalc {

// The engine's one name for a document (as json_read.hpp spells it): a unity batch may hold both.
using json = nlohmann::ordered_json;

namespace {

const char* kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::text: return "text";
    case FieldKind::choice: return "choice";
    case FieldKind::integer: return "integer";
    case FieldKind::quantity: return "quantity";
    case FieldKind::boolean: return "boolean";
    case FieldKind::widths: return "widths";
    case FieldKind::device: return "device";
    case FieldKind::dataset: return "dataset";
    case FieldKind::preset: return "preset";
    case FieldKind::profile: return "profile";
  }
  return "text";
}

// Defaults of the optional fields, read off the model's own default-constructed structs: the
// assumptions through their rows, as the parser fills them in.
json defaults() {
  const Scenario s;
  json out = {{"/name", "Custom scenario"}, {"/precision", s.precision}, {"/profile", nullptr}, {"/step_overhead", s.step_overhead}};
  for (const FieldSpec* f : assumption_fields()) {
    const double v = f->number.get(s, 0);
    if (f->write == WriteRule::null_when_zero && v == 0) out[f->path] = nullptr;
    else if (f->choices) out[f->path] = (*f->choices)[static_cast<std::size_t>(v)];
    else if (f->kind == FieldKind::boolean) out[f->path] = v != 0;
    else if (f->kind == FieldKind::integer) out[f->path] = static_cast<std::int64_t>(v);
    else out[f->path] = v;
  }
  // Left out, the operations per layer follow the phase.
  json by_phase = json::object();
  for (const PhaseInfo& p : phases()) by_phase[std::string(p.name)] = p.default_ops_per_layer;
  out["/assumptions/ops_per_layer"] = {{"follows", "/assumptions/phase"}, {"values", by_phase}};
  return out;
}

}  // namespace

json schema_document() {
  json precision_list = json::array();
  for (const PrecisionInfo& p : precisions()) precision_list.push_back({{"id", std::string(p.name)}, {"bytes", p.bytes}});
  json phase_list = json::array();
  for (const PhaseInfo& p : phases())
    phase_list.push_back({{"id", std::string(p.name)},
                          {"gemm_passes", p.gemm_passes},
                          {"default_ops_per_layer", p.default_ops_per_layer}});
  json overlap_list = json::array();
  for (const OverlapInfo& o : overlaps()) overlap_list.push_back({{"id", std::string(o.name)}, {"work", std::string(o.work)}});
  json kinds = json::array();
  for (const registry::DeviceKind& k : registry::device_kinds())
    kinds.push_back({{"id", std::string(k.id)}, {"label", std::string(k.label)}});
  json dimensions = json::object();
  for (Dimension d : all_dimensions()) {
    json units = json::array();
    for (const UnitSpelling& u : unit_spellings(d)) units.push_back({{"symbol", std::string(u.symbol)}, {"scale", u.scale}});
    std::string example(dimension_example(d));
    if (example.size() >= 2) example = example.substr(1, example.size() - 2);  // without its quotes
    dimensions[std::string(dimension_id(d))] = {{"name", std::string(dimension_name(d))},
                                               {"si_unit", std::string(si_unit(d))},
                                               {"example", example},
                                               {"bare_number", dimension_bare_number(d)},
                                               {"units", units}};
  }
  json fields = json::array();
  for (const FieldSpec& f : field_specs()) {
    json entry = {{"path", f.path}, {"kind", kind_name(f.kind)}, {"label", f.label}, {"hint", f.hint},
                  {"required", f.required}};
    if (f.kind == FieldKind::quantity) {
      entry["dimension"] = std::string(dimension_id(f.quantity.dimension));
      entry["si_unit"] = std::string(si_unit(f.quantity.dimension));
      entry["min"] = f.quantity.bounds.min;
      entry["min_inclusive"] = f.quantity.bounds.min_inclusive;
      entry["max"] = f.quantity.bounds.max;
    }
    if (f.kind == FieldKind::integer) {
      entry["min"] = f.integer.min;
      entry["max"] = f.integer.max;
    }
    // What solve-for and the break-even summary take: the fields both epochs are monotone in, and the
    // batch size (through the exact range search).
    if (f.kind == FieldKind::quantity || f.kind == FieldKind::integer) entry["solve_for"] = f.monotone || f.path == "/network/batch_size";
    const ControlSpan* span = f.kind == FieldKind::quantity ? &f.quantity.control : f.kind == FieldKind::integer ? &f.integer.control : nullptr;
    if (span && span->high > span->low) {
      entry["control"] = {{"min", span->low}, {"max", span->high}, {"scale", span->log ? "log" : "linear"}};
      if (span->log) entry["control"]["steps_per_decade"] = control_steps_per_decade;
      else entry["control"]["step"] = span->step;
    }
    if (f.choices) entry["choices"] = *f.choices;
    // The longest text the engine reads here: a front end checks a value against it before it lays
    // the value out (a link can carry megabytes).
    if (f.kind == FieldKind::text) entry["max_length"] = rule::max_string_length;
    if (f.kind == FieldKind::quantity) entry["max_length"] = rule::max_quantity_length;
    fields.push_back(entry);
  }
  return {{"schema", schema_schema},
          {"precisions", precision_list},
          {"phases", phase_list},
          {"overlaps", overlap_list},
          {"device_kinds", kinds},
          {"dimensions", dimensions},
          {"fields", fields},
          {"defaults", defaults()},
          {"limits", {{"widths", {{"min", rule::min_widths}, {"max", rule::max_widths}}}, {"link_params", max_link_params},
                      {"text", {{"max_length", rule::max_string_length}}},
                      {"document", {{"max_bytes", rule::max_json_text_bytes}}}}},
          {"sweep", {{"log_spaced_points", sweep_grid_points},
                     {"includes", json::array({"1", "N", "powers of two", "the batch size",
                                               "both ends of each winning range and the sizes just outside"})}}},
          {"profile_fields", profile_fields()},
          {"default_preset", std::string(registry::default_preset_id)}};
}

}  // namespace epochcalc
