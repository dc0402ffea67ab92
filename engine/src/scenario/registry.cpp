// Loads the embedded registry documents once. A malformed entry is a bug in the shipped data, not
// user input: it throws std::logic_error, which the API boundary reports as E_INTERNAL, and the
// registry tests catch it long before a release.
#include "epochcalc/scenario/registry.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/in_force.hpp"
#include "scenario/json_read.hpp"
#include "registry_data.hpp"  // generated from engine/data by CMake

namespace epochcalc::registry {

namespace {

constexpr std::array<DeviceKind, 3> kind_table{{{"cpu", "CPUs"}, {"gpu", "GPUs"}, {"accelerator", "Other accelerators"}}};

void fail_on(const Errors& errors, std::string_view file) {
  if (errors.empty()) return;
  std::string text = "invalid registry data in engine/data/" + std::string(file) + ":";
  for (const Error& e : errors) text += " [" + e.code + "] " + e.path + ": " + e.message + ";";
  throw std::logic_error(text);
}

template <typename Entry>
const Entry* find_by_id(const std::vector<Entry>& entries, std::string_view id) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.id == id; });
  return it == entries.end() ? nullptr : &*it;
}

template <typename Entry>
std::vector<std::string> ids_of(const std::vector<Entry>& entries) {
  std::vector<std::string> ids;
  for (const Entry& e : entries) ids.push_back(e.id);
  return ids;
}

// Reads the array under `key` of a registry document, one entry per element, with unique ids.
template <typename Entry, typename ReadEntry>
std::vector<Entry> load(const json& document, std::string_view file, std::string_view key, ReadEntry read_entry) {
  Errors errors;
  std::vector<Entry> entries;
  const std::string list_path = pointer("", key);
  if (!document.contains(key) || !document.at(key).is_array()) {
    errors.push_back({code::internal, list_path, "expected an array"});
  } else {
    const json& list = document.at(key);
    for (std::size_t i = 0; i < list.size(); ++i) {
      Entry entry = read_entry(list[i], pointer(list_path, i), errors);
      if (find_by_id(entries, entry.id)) errors.push_back({code::internal, pointer(list_path, i), "duplicate id " + entry.id});
      entries.push_back(std::move(entry));
    }
  }
  fail_on(errors, file);
  return entries;
}

std::vector<std::string> kind_ids() {
  std::vector<std::string> ids;
  for (const DeviceKind& k : kind_table) ids.emplace_back(k.id);
  return ids;
}

// A profile's values: the overhead fields a profile sets, the scenario-wide rows of in_force.hpp's table
// ("/dispatch", "/assumptions/ops_per_layer", ...), at the same places and each read by its row's rule.
// A profile gives every one of them but the per-step cost and graph launches (none, when left out).
void check_profile_values(const json& values, const std::string& path, Errors& errors) {
  constexpr std::string_view under = "/assumptions/";
  std::vector<std::string> keys, assumption_keys;
  for (const OverheadField& f : overhead_fields())
    (f.top.starts_with(under) ? assumption_keys : keys).emplace_back(f.top.substr(f.top.starts_with(under) ? under.size() : 1));
  keys.emplace_back("assumptions");
  if (!check_object(values, path, keys, errors)) return;
  const json* a = field(values, "assumptions", path, errors, true);
  const std::string a_path = pointer(path, "assumptions");
  const bool assumptions_read = a && check_object(*a, a_path, assumption_keys, errors);
  for (const OverheadField& f : overhead_fields()) {
    const bool assumption = f.top.starts_with(under);
    if (assumption && !assumptions_read) continue;
    const std::string& at = assumption ? a_path : path;
    const std::string key(f.key);
    const bool optional = f.key == "step_overhead" || f.key == "launches_per_step";
    const FieldSpec* spec = find_field(f.top);
    if (const json* v = field(assumption ? *a : values, key, at, errors, !optional)) {
      if (spec->kind == FieldKind::integer) read_integer(*v, pointer(at, key), spec->integer, errors);
      else read_quantity(*v, pointer(at, key), spec->quantity, errors);
    }
  }
}

// The measured spread behind a profile's dispatch and launch: {"dispatch": {"min", "max"}, ...}.
void check_profile_ranges(const json& ranges, const std::string& path, Errors& errors) {
  if (!check_object(ranges, path, {"dispatch", "launch", "step_overhead"}, errors)) return;
  for (const auto& [key, range] : ranges.items()) {
    const std::string at = pointer(path, key);
    if (!check_object(range, at, {"min", "max", "note"}, errors)) continue;
    std::optional<double> lo, hi;
    if (const json* v = field(range, "min", at, errors, true)) lo = read_quantity(*v, pointer(at, "min"), rule::dispatch, errors);
    if (const json* v = field(range, "max", at, errors, true)) hi = read_quantity(*v, pointer(at, "max"), rule::dispatch, errors);
    if (lo && hi && *lo > *hi) errors.push_back({code::internal, at, "min above max"});
  }
}

std::string read_id(const json& object, const std::string& path, Errors& errors) {
  if (const json* v = field(object, "id", path, errors, true))
    if (auto id = read_string(*v, pointer(path, "id"), errors)) return *id;
  return {};
}

}  // namespace

std::span<const DeviceKind> device_kinds() { return kind_table; }

const json& hardware_document() {
  static const json document = parse_own_text(data::hardware_json);
  return document;
}

const json& datasets_document() {
  static const json document = parse_own_text(data::datasets_json);
  return document;
}

const json& presets_document() {
  static const json document = parse_own_text(data::presets_json);
  return document;
}

const json& profiles_document() {
  static const json document = parse_own_text(data::profiles_json);
  return document;
}

const std::vector<HardwareEntry>& hardware() {
  static const std::vector<HardwareEntry> entries = load<HardwareEntry>(
      hardware_document(), "hardware.json", "hardware", [](const json& item, const std::string& path, Errors& errors) {
        HardwareEntry entry;
        const std::vector<std::string> known{"id",   "name",  "kind",           "peak_flops", "memory_bandwidth",
                                             "memory_capacity", "tdp", "source", "notes"};
        if (!check_object(item, path, known, errors)) return entry;
        entry.id = read_id(item, path, errors);
        if (const json* v = field(item, "kind", path, errors, true))
          if (auto kind = read_choice(*v, pointer(path, "kind"), kind_ids(), errors)) entry.kind = *kind;
        if (const json* v = field(item, "notes", path, errors, false))
          if (auto notes = read_string(*v, pointer(path, "notes"), errors)) entry.notes = *notes;
        // The registry promises a source for every number.
        field(item, "source", path, errors, true);
        json device_fields = item;
        for (const char* extra : {"id", "kind", "notes"}) device_fields.erase(extra);
        read_device_fields(device_fields, path, true, entry.device, errors);
        entry.device.registry_id = entry.id;
        return entry;
      });
  return entries;
}

const std::vector<DatasetEntry>& datasets() {
  static const std::vector<DatasetEntry> entries = load<DatasetEntry>(
      datasets_document(), "datasets.json", "datasets", [](const json& item, const std::string& path, Errors& errors) {
        DatasetEntry entry;
        const std::vector<std::string> known{"id", "name", "training_examples", "test_examples",
                                             "input_shape", "classes", "source"};
        if (!check_object(item, path, known, errors)) return entry;
        entry.id = read_id(item, path, errors);
        if (const json* v = field(item, "source", path, errors, true))
          if (auto source = read_string(*v, pointer(path, "source"), errors)) entry.source = *source;
        json dataset_fields = json::object();
        for (const char* key : {"name", "training_examples"})
          if (item.contains(key)) dataset_fields[key] = item.at(key);
        read_dataset_fields(dataset_fields, path, true, entry.dataset, errors);
        return entry;
      });
  return entries;
}

const std::vector<PresetEntry>& presets() {
  static const std::vector<PresetEntry> entries = load<PresetEntry>(
      presets_document(), "presets.json", "presets", [](const json& item, const std::string& path, Errors& errors) {
        PresetEntry entry;
        if (!check_object(item, path, {"id", "title", "description", "scenario"}, errors)) return entry;
        entry.id = read_id(item, path, errors);
        if (const json* v = field(item, "title", path, errors, true))
          if (auto title = read_string(*v, pointer(path, "title"), errors)) entry.title = *title;
        if (const json* v = field(item, "description", path, errors, true))
          if (auto description = read_string(*v, pointer(path, "description"), errors)) entry.description = *description;
        if (const json* v = field(item, "scenario", path, errors, true)) entry.scenario = *v;
        // Whether each preset solves is checked by the tests: parsing one here would recurse.
        return entry;
      });
  return entries;
}

const std::vector<ProfileEntry>& profiles() {
  static const std::vector<ProfileEntry> entries = load<ProfileEntry>(
      profiles_document(), "profiles.json", "profiles", [](const json& item, const std::string& path, Errors& errors) {
        ProfileEntry entry;
        if (!check_object(item, path, {"id", "title", "description", "values", "ranges", "sources"}, errors))
          return entry;
        entry.id = read_id(item, path, errors);
        for (auto [key, into] : {std::pair{"title", &entry.title}, {"description", &entry.description}})
          if (const json* v = field(item, key, path, errors, true))
            if (auto text = read_string(*v, pointer(path, key), errors)) *into = *text;
        if (const json* v = field(item, "values", path, errors, true)) entry.values = *v;
        return entry;
      });
  return entries;
}

// What profiles.json promises beyond ids and titles (values within the scenario's rules, ranges,
// sources): checked by the test suite in both builds rather than on every load.
Errors check_profile_documentation() { return check_profile_documentation(profiles_document()); }

Errors check_profile_documentation(const json& document) {
  Errors errors;
  const json& list = document.at("profiles");
  for (std::size_t p = 0; p < list.size(); ++p) {
    const json& item = list[p];
    const std::string path = pointer("/profiles", p);
    if (const json* v = field(item, "values", path, errors, true)) check_profile_values(*v, pointer(path, "values"), errors);
    // The registry promises a source for every number: at least one, each with a link.
    if (const json* v = field(item, "sources", path, errors, true)) {
      if (!v->is_array() || v->empty()) errors.push_back({code::internal, pointer(path, "sources"), "expected a non-empty array"});
      else
        for (std::size_t i = 0; i < v->size(); ++i) {
          const std::string at = pointer(pointer(path, "sources"), i);
          if (check_object((*v)[i], at, {"title", "url", "supports"}, errors))
            for (const char* key : {"title", "url", "supports"})
              if (const json* s = field((*v)[i], key, at, errors, true)) read_string(*s, pointer(at, key), errors);
        }
    }
    if (const json* v = field(item, "ranges", path, errors, true)) check_profile_ranges(*v, pointer(path, "ranges"), errors);
  }
  return errors;
}

const HardwareEntry* find_hardware(std::string_view id) { return find_by_id(hardware(), id); }
const DatasetEntry* find_dataset(std::string_view id) { return find_by_id(datasets(), id); }
const PresetEntry* find_preset(std::string_view id) { return find_by_id(presets(), id); }
const ProfileEntry* find_profile(std::string_view id) { return find_by_id(profiles(), id); }

const std::vector<std::string>& hardware_ids() {
  static const std::vector<std::string> ids = ids_of(hardware());
  return ids;
}
const std::vector<std::string>& dataset_ids() {
  static const std::vector<std::string> ids = ids_of(datasets());
  return ids;
}
const std::vector<std::string>& preset_ids() {
  static const std::vector<std::string> ids = ids_of(presets());
  return ids;
}
const std::vector<std::string>& profile_ids() {
  static const std::vector<std::string> ids = ids_of(profiles());
  return ids;
}

}  // namespace epochcalc::registry
