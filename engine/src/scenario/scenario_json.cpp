// The scenario document read and checked into a typed Scenario (parse_scenario), every error at its
// path (the typed scenario written back is scenario_document.hpp). The preset and the profile are merged
// first (scenario_merge.cpp); the form's expansion is scenario_expand.cpp.
#include "epochcalc/scenario/scenario_json.hpp"

#include <algorithm>
#include <cmath>

#include "scenario/in_force_text.hpp"
#include "scenario/json_read.hpp"
#include "scenario/scenario_parts.hpp"
#include "scenario/slips.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/schema.hpp"

namespace epochcalc {

namespace {


// A registry id, {"base": id, ...overrides}, or a full object. Used for both devices and datasets.
template <typename Value, typename Lookup, typename ReadFields>
std::optional<Value> read_entity(const json& value, const std::string& path, const std::string& what,
                                 const std::vector<std::string>& known_fields, const std::vector<std::string>& ids,
                                 Lookup lookup, ReadFields read_fields, Errors& errors) {
  const std::size_t before = errors.size();
  if (value.is_string()) {
    const std::string id = value.get<std::string>();
    if (const Value* found = lookup(id)) return *found;
    errors.push_back(detail::unknown_id_error(path, id, what, ids));
    return std::nullopt;
  }
  if (!value.is_object()) {
    errors.push_back({code::type, path,
                      "expected a " + what + " id such as \"" + ids.front() + "\" or an object, got " +
                          json_type_name(value)});
    return std::nullopt;
  }
  check_object(value, path, known_fields, errors);
  Value entity;
  const json* base = field(value, "base", path, errors, false);
  if (base) {
    const std::string base_path = pointer(path, "base");
    auto id = read_string(*base, base_path, errors);
    if (!id) return std::nullopt;
    const Value* found = lookup(*id);
    if (!found) {
      errors.push_back(detail::unknown_id_error(base_path, *id, what, ids));
      return std::nullopt;
    }
    entity = *found;
    if (!value.contains("name") && customises(value)) entity.name += " (customised)";
  }
  read_fields(value, path, base == nullptr, entity, errors);
  if (errors.size() != before) return std::nullopt;
  return entity;
}

std::optional<Device> read_device(const json& value, const std::string& path, Errors& errors) {
  return read_entity<Device>(
      value, path, "hardware", detail::device_keys(), registry::hardware_ids(),
      [](const std::string& id) -> const Device* {
        const auto* entry = registry::find_hardware(id);
        return entry ? &entry->device : nullptr;
      },
      read_device_fields, errors);
}

std::optional<Dataset> read_dataset(const json& value, const std::string& path, Errors& errors) {
  return read_entity<Dataset>(
      value, path, "dataset", detail::dataset_keys(), registry::dataset_ids(),
      [](const std::string& id) -> const Dataset* {
        const auto* entry = registry::find_dataset(id);
        return entry ? &entry->dataset : nullptr;
      },
      read_dataset_fields, errors);
}

// A registry accelerator (by id or as the base of an edit) in the host slot runs as a host: no kernel
// launch, no graphs. Said once, with where to compare accelerators instead (docs/model.md, "Devices
// side by side").
void warn_if_accelerator_as_host(const json& value, const Device& host, std::vector<Warning>& warnings) {
  const json* id = value.is_string() ? &value : value.is_object() && value.contains("base") ? &value.at("base") : nullptr;
  if (!id || !id->is_string()) return;
  const auto* entry = registry::find_hardware(id->get<std::string>());
  if (!entry || entry->runs_as_host()) return;
  warnings.push_back({"W_ACCELERATOR_AS_HOST",
                      "The " + host.name + " is in the host slot, so it is modelled as the host CPU: it runs the framework "
                      "and pays no kernel launch, which makes it look faster than it would be. To compare accelerators, "
                      "put each in the accelerator slot, or compare them side by side (epochcalc --compare).",
                      "/host"});
}

// Every device must have a peak for the scenario's precision: never a silent fallback.
void check_precision(const Device& device, const std::string& path, const std::string& precision, Errors& errors) {
  if (device.peak_flops.count(precision)) return;
  std::string listed;
  for (const auto& [name, _] : device.peak_flops) listed += (listed.empty() ? "" : ", ") + name;
  // The path names the figure to enter, which is where the page shows the message.
  errors.push_back({code::precision, pointer(pointer(path, "peak_flops"), precision),
                    "The " + device.name + " lists no " + precision + " peak: enter one, or pick a device that has it" +
                        (listed.empty() ? "" : " (this one lists " + listed + ")")});
}

// The assumptions, field by field through the table: a number left out or null is its default (the
// default-constructed Assumptions' value); the operations per layer, left out, follow the phase.
void read_assumptions(const json* value, const std::string& path, Scenario& s, Errors& errors) {
  bool ops_given = false;
  static const std::vector<std::string> keys = child_keys("/assumptions");
  if (value && check_object(*value, path, keys, errors)) {
    for (const FieldSpec* f : assumption_fields()) {
      const std::string_view key = std::string_view(f->path).substr(path.size() + 1);
      const json* v = field(*value, key, path, errors, false);
      const bool number = f->kind == FieldKind::integer || f->kind == FieldKind::quantity;
      if (!v || (number && v->is_null())) continue;
      std::optional<double> x;
      if (f->kind == FieldKind::choice) {
        if (auto choice = read_choice(*v, f->path, *f->choices, errors))
          x = static_cast<double>(std::find(f->choices->begin(), f->choices->end(), *choice) - f->choices->begin());
      } else if (f->kind == FieldKind::boolean) {
        if (auto on = read_bool(*v, f->path, errors)) x = *on ? 1 : 0;
      } else if (f->kind == FieldKind::integer) {
        if (auto n = read_integer(*v, f->path, f->integer, errors)) x = static_cast<double>(*n);
      } else if (auto q = read_quantity(*v, f->path, f->quantity, errors)) {
        x = *q;
      }
      if (!x) continue;
      f->number.set(s, 0, *x);
      ops_given |= key == "ops_per_layer";
    }
  }
  // Left out, the operations per layer follow the phase (the model's table says how many).
  if (!ops_given) s.assumptions.ops_per_layer = phase_info(s.assumptions.phase).default_ops_per_layer;
}

bool read_top_quantity(const json& doc, const FieldSpec& f, double& into, Errors& errors) {
  const std::string_view key = std::string_view(f.path).substr(1);
  const json* v = field(doc, key, "", errors, f.required);
  if (v && !f.required && v->is_null()) return false;  // an optional one: null, like absent, is its default
  if (v)
    if (auto q = read_quantity(*v, f.path, f.quantity, errors)) {
      into = *q;
      return true;
    }
  return false;
}

// Each device's own overheads (/overheads/host, /overheads/accelerator), one row each in the field
// table; null, like absent, leaves the scenario's value. Read after the top level and the assumptions.
void read_overheads(const json* value, Scenario& s, Errors& errors) {
  if (!value || !check_object(*value, "/overheads", child_keys("/overheads"), errors)) return;
  for (const char* role : {"host", "accelerator"}) {
    const std::string path = pointer("/overheads", role);
    const json* own = field(*value, role, "/overheads", errors, false);
    if (!own || own->is_null() || !check_object(*own, path, child_keys(path), errors)) continue;
    DeviceOverheads& into = std::string_view(role) == "host" ? s.host_overheads : s.accelerator_overheads;
    for (const FieldSpec& f : field_specs()) {
      if (!f.path.starts_with(path + "/")) continue;
      const json* v = field(*own, std::string_view(f.path).substr(path.size() + 1), path, errors, false);
      if (!v || v->is_null()) continue;
      if (f.kind == FieldKind::profile) {
        if (auto id = read_string(*v, f.path, errors)) into.profile = *id;
      } else if (f.kind == FieldKind::integer) {
        if (auto n = read_integer(*v, f.path, f.integer, errors)) f.number.set(s, f.number.slot, static_cast<double>(*n));
      } else if (auto q = read_quantity(*v, f.path, f.quantity, errors)) {
        f.number.set(s, f.number.slot, *q);
      }
    }
  }
}

// Other devices' terms when compared (/compared/<registry id>/price_per_hour, idle_power), one row each
// in the field table; null, like absent, gives none. Only registry ids: the scenario's own devices take
// theirs under /host and /accelerator.
void read_compared(const json* value, Scenario& s, Errors& errors) {
  if (!value || value->is_null()) return;
  if (!value->is_object()) {
    errors.push_back({code::type, "/compared", "expected an object of registry device ids, such as {\"l4\": {\"price_per_hour\": \"0.80 USD/h\"}}, got " +
                                                   json_type_name(*value)});
    return;
  }
  // The keys are the field table's rows under /compared/- (a price and an idle power).
  static const std::vector<std::string> keys = child_keys("/compared/-");
  // Each unknown id is said with a suggestion up to a bound; past it, one line says how many more.
  constexpr std::size_t said = 20;
  std::size_t unknown = 0;
  for (const auto& [id, terms] : value->items()) {
    const std::string path = pointer("/compared", id);
    if (!registry::find_hardware(id)) {
      if (++unknown <= said) errors.push_back(detail::unknown_id_error(path, id, "hardware", registry::hardware_ids()));
      continue;
    }
    if (terms.is_null() || !check_object(terms, path, keys, errors)) continue;
    ComparedTerms into;
    for (const std::string& key : keys) {
      const json* v = field(terms, key, path, errors, false);
      if (!v || v->is_null()) continue;
      const FieldSpec* f = find_field(pointer(path, key));
      if (auto q = read_quantity(*v, pointer(path, key), f->quantity, errors)) (key == "price_per_hour" ? into.price_per_hour : into.idle_power) = *q;
    }
    if (has_price(into.price_per_hour) || into.idle_power > 0) s.compared[id] = into;
  }
  if (unknown > said)
    errors.push_back({code::unknown_id, "/compared", "and " + std::to_string(unknown - said) + " more ids here that are no registry device (" +
                                                         std::to_string(unknown) + " in all): see --list-hardware"});
}

}  // namespace

std::optional<std::vector<std::int64_t>> detail::read_widths(const json& value, const std::string& path, Errors& errors) {
  if (!value.is_array()) {
    errors.push_back({code::type, path, "expected an array of layer widths such as [784, 128, 10], got " +
                                            json_type_name(value)});
    return std::nullopt;
  }
  if (value.size() < rule::min_widths || value.size() > rule::max_widths) {
    errors.push_back({code::range, path,
                      "give between " + std::to_string(rule::min_widths) + " and " + std::to_string(rule::max_widths) +
                          " widths (input, then one per layer's output); got " + std::to_string(value.size())});
    return std::nullopt;
  }
  std::vector<std::int64_t> widths;
  const std::size_t before = errors.size();
  for (std::size_t i = 0; i < value.size(); ++i)
    if (auto w = read_integer(value[i], pointer(path, i), rule::width, errors)) widths.push_back(*w);
  if (errors.size() != before) return std::nullopt;
  return widths;
}

std::optional<Error> batch_leaves_no_step(const Scenario& s) {
  const std::int64_t n = s.dataset.training_examples;
  if (!s.assumptions.drop_last || n <= 0 || s.batch_size <= n) return std::nullopt;
  const auto count = [](std::int64_t x) { return format_number(static_cast<double>(x)); };
  return Error{code::range, "/network/batch_size",
               "The batch size, " + count(s.batch_size) + ", is larger than the dataset's " + count(n) +
                   " training examples: with the last partial batch dropped, no step is left. Use a batch size of at "
                   "most " + count(n)};
}

const std::vector<std::string>& detail::device_keys() {
  // "base", then a device's rows in the field table.
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> list{"base"};
    for (std::string& key : child_keys("/host")) list.push_back(std::move(key));
    return list;
  }();
  return keys;
}

const std::vector<std::string>& detail::dataset_keys() {
  static const std::vector<std::string> keys{"base", "name", "training_examples"};
  return keys;
}

detail::MergedScenario detail::merge_scenario(const json& input) {
  MergedScenario out;
  json merged = expand_preset(input, out.errors);
  out.preset_errors = out.errors.size();
  out.from_preset = overheads_present(merged);
  out.doc = fill_from_profile(std::move(merged), out.errors);
  return out;
}

json with_default_preset(const json& doc) {
  if (!doc.is_object() || doc.contains("preset")) return doc;
  json out = json::object();
  out["preset"] = std::string(registry::default_preset_id);
  for (auto it = doc.begin(); it != doc.end(); ++it) out[it.key()] = it.value();
  return out;
}

ParsedScenario parse_scenario(const json& input) { return detail::parse_merged(input, detail::merge_scenario(input)); }

ParsedScenario detail::parse_merged(const json& input, MergedScenario merged) {
  ParsedScenario parsed;
  Errors& errors = parsed.errors;
  errors = std::move(merged.errors);
  const detail::OverheadPresence& from_preset = merged.from_preset;
  const json& doc = merged.doc;
  if (!errors.empty()) return parsed;
  // The keys a scenario and its network may hold: the field table's, in its order.
  static const std::vector<std::string> top_fields = child_keys(""), network_fields = child_keys("/network");
  if (!check_object(doc, "", top_fields, errors)) return parsed;

  Scenario s;
  s.name = "Custom scenario";
  if (const json* v = field(doc, "name", "", errors, false))
    if (auto name = read_string(*v, "/name", errors)) s.name = *name;
  if (doc.contains("profile") && doc.at("profile").is_string()) s.profile = doc.at("profile").get<std::string>();

  if (const json* network = field(doc, "network", "", errors, true);
      network && check_object(*network, "/network", network_fields, errors)) {
    if (const json* v = field(*network, "widths", "/network", errors, true))
      if (auto widths = detail::read_widths(*v, "/network/widths", errors)) s.widths = *widths;
    if (const json* v = field(*network, "dataset", "/network", errors, true))
      if (auto dataset = read_dataset(*v, "/network/dataset", errors)) s.dataset = *dataset;
    if (const json* v = field(*network, "batch_size", "/network", errors, true))
      if (auto batch = read_integer(*v, "/network/batch_size", rule::batch_size, errors)) s.batch_size = *batch;
  }

  std::optional<Device> host, accelerator;
  if (const json* v = field(doc, "host", "", errors, true)) {
    host = read_device(*v, "/host", errors);
    if (host) warn_if_accelerator_as_host(*v, *host, parsed.warnings);
  }
  if (const json* v = field(doc, "accelerator", "", errors, true)) accelerator = read_device(*v, "/accelerator", errors);
  if (const json* v = field(doc, "precision", "", errors, false))
    if (auto precision = read_choice(*v, "/precision", precision_names(), errors)) s.precision = *precision;
  if (host) {
    check_precision(*host, "/host", s.precision, errors);
    s.host = *host;
  }
  if (accelerator) {
    check_precision(*accelerator, "/accelerator", s.precision, errors);
    s.accelerator = *accelerator;
  }

  // The top-level quantities (dispatch, launch, the energy prices), one row each in the field table.
  for (const FieldSpec* f : top_number_fields()) {
    double value = 0;
    if (read_top_quantity(doc, *f, value, errors)) f->number.set(s, 0, value);
  }
  read_assumptions(field(doc, "assumptions", "", errors, false), "/assumptions", s, errors);
  read_overheads(field(doc, "overheads", "", errors, false), s, errors);
  read_compared(field(doc, "compared", "", errors, false), s, errors);
  detail::record_sources(input, from_preset, doc, s);

  // Checks that need two fields at once, only when both were valid.
  const std::int64_t n = s.dataset.training_examples;
  // Messages in the user's words (the page shows them as they are); codes and paths stay for programs.
  const auto count = [](std::int64_t x) { return format_number(static_cast<double>(x)); };
  if (auto no_step = batch_leaves_no_step(s)) errors.push_back(std::move(*no_step));
  else if (n > 0 && s.batch_size > n)
    parsed.warnings.push_back({"W_BATCH_EXCEEDS_DATASET", "The batch size, " + count(s.batch_size) +
                                                              ", is larger than the dataset's " + count(n) +
                                                              " training examples: each epoch is a single step of " +
                                                              count(n) + " examples.",
                               "/network/batch_size"});
  if (!errors.empty()) return parsed;
  if (s.assumptions.drop_last && n % s.batch_size != 0)
    parsed.warnings.push_back({"W_DROP_LAST", "Dropping the last partial batch skips " + count(n % s.batch_size) +
                                                  " examples of each epoch at batch size " + count(s.batch_size) + ".",
                                "/assumptions/drop_last"});
  add_slip_warnings(s, doc, parsed.warnings);
  detail::add_shadowed_warnings(s, parsed.warnings);
  // Terms under /compared for one of the scenario's own devices price nothing: its row in a comparison is
  // the scenario's device, priced by its own fields.
  for (const auto& [id, role] : {std::pair{s.host.registry_id, "host"}, std::pair{s.accelerator.registry_id, "accelerator"}}) {
    if (id.empty() || !s.compared.contains(id)) continue;
    parsed.warnings.push_back({"W_COMPARED_OWN", "\"" + id + "\" is this scenario's " + role + ": its terms under /compared are not used; give its price and idle power as " +
                                                     role + ".price_per_hour and " + role + ".idle_power.",
                               "/compared/" + id});
  }
  // With an idle power on both devices, overhead time costs energy too; otherwise say it does not.
  if (!(s.host.idle_power > 0 && s.accelerator.idle_power > 0))
    parsed.warnings.push_back({"W_OVERHEAD_ENERGY", "Energy counts arithmetic and DRAM traffic only: dispatch and "
                                                    "launch time are priced at 0 J (no static or idle power).", ""});
  parsed.scenario = std::move(s);
  return parsed;
}

}  // namespace epochcalc
