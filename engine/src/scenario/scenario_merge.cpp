// A scenario document before it is read: its preset merged (expand_preset) and its framework profile
// filled in (apply_profile), as scenario_json.hpp describes; the parser and the form's expansion both
// start here.
#include <algorithm>

#include "epochcalc/scenario/in_force.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "scenario/scenario_parts.hpp"

namespace epochcalc {

namespace {

// The fields a profile sets, one level below the top or below "assumptions".
struct ProfileField {
  std::string parent;  // "" for the top level
  std::string key;
  bool accelerator_only;  // the host has no launch and no graphs
};
// The overhead values (in_force.hpp), each as its parent and key in a document.
const std::vector<ProfileField>& profile_field_table_of() {
  static const std::vector<ProfileField> table = [] {
    std::vector<ProfileField> list;
    for (const OverheadField& f : overhead_fields()) {
      const std::string_view top = f.top.substr(1);
      const std::size_t slash = top.find('/');
      list.push_back({slash == std::string_view::npos ? "" : std::string(top.substr(0, slash)), std::string(f.key),
                      f.accelerator_only});
    }
    return list;
  }();
  return table;
}

// A device's own section, /overheads/<role>, names each field flat ("ops_per_layer", not under
// "assumptions"); the host's has no launch and no graphs.
bool device_takes(const char* role, const ProfileField& f) {
  return std::string_view(role) == "accelerator" || !f.accelerator_only;
}

const json* profile_value(const registry::ProfileEntry& profile, const ProfileField& f) {
  const json* from = f.parent.empty() ? &profile.values
                                      : (profile.values.contains(f.parent) ? &profile.values.at(f.parent) : nullptr);
  return from && from->contains(f.key) ? &from->at(f.key) : nullptr;
}

const registry::ProfileEntry* find_named_profile(const json& id, const std::string& path, Errors& errors) {
  if (!id.is_string()) {
    errors.push_back({code::type, path, "expected a profile id such as \"" + registry::profile_ids().front() +
                                            "\", got " + json_type_name(id)});
    return nullptr;
  }
  const auto* profile = registry::find_profile(id.get<std::string>());
  if (!profile) errors.push_back(detail::unknown_id_error(path, id.get<std::string>(), "profile", registry::profile_ids()));
  return profile;
}

// Each device's own profile fills that device's own fields it does not give (/overheads/host/profile).
void fill_device_profiles(json& doc, Errors& errors) {
  if (!doc.is_object() || !doc.contains("overheads") || !doc["overheads"].is_object()) return;
  for (const char* role : {"host", "accelerator"}) {
    json& overheads = doc["overheads"];
    if (!overheads.contains(role) || !overheads[role].is_object()) continue;
    json& own = overheads[role];
    if (!own.contains("profile") || own.at("profile").is_null()) continue;
    const auto* profile = find_named_profile(own.at("profile"), pointer(pointer("/overheads", role), "profile"), errors);
    if (!profile) continue;
    for (const ProfileField& f : profile_field_table_of())
      if (const json* v = profile_value(*profile, f); v && device_takes(role, f) && !own.contains(f.key)) own[f.key] = *v;
  }
}

}  // namespace

Error detail::unknown_id_error(const std::string& path, const std::string& id, const std::string& what,
                       const std::vector<std::string>& ids) {
  // No id is that long: the text limit, not a suggestion (and no message quoting all of it).
  if (characters(id) > rule::max_string_length) return message::too_long(path, characters(id));
  std::string message = "unknown " + what + " id " + describe(json(id));
  if (auto suggestion = closest_match(id, ids)) message += "; did you mean \"" + *suggestion + "\"?";
  else message += ".";
  message += " Known ids: " + join_quoted(ids);
  return {code::unknown_id, path, message};
}

const std::vector<std::string>& profile_fields() {
  static const std::vector<std::string> paths = [] {
    std::vector<std::string> list;
    for (const ProfileField& f : profile_field_table_of())
      list.push_back(f.parent.empty() ? pointer("", f.key) : pointer(pointer("", f.parent), f.key));
    return list;
  }();
  return paths;
}

json detail::fill_from_profile(json doc, Errors& errors) {
  fill_device_profiles(doc, errors);
  if (!doc.is_object() || !doc.contains("profile") || doc.at("profile").is_null()) return doc;  // null: none
  const auto* profile = find_named_profile(doc.at("profile"), "/profile", errors);
  if (!profile) return doc;
  json& out = doc;
  for (const ProfileField& f : profile_field_table_of()) {
    const json* value = profile_value(*profile, f);
    if (!value) continue;
    json* into = &out;
    if (!f.parent.empty()) {
      if (!out.contains(f.parent)) out[f.parent] = json::object();
      into = &out[f.parent];
    }
    // A wrong type under "assumptions" is the parser's to report; the profile leaves it alone.
    if (into->is_object() && !into->contains(f.key)) (*into)[f.key] = *value;
  }
  return doc;
}

namespace {

// A member of an object, or null where it is not there (or is null): one lookup.
const json* child(const json* object, const std::string& key) {
  if (!object || !object->is_object()) return nullptr;
  const auto it = object->find(key);
  return it == object->end() || it->is_null() ? nullptr : &*it;
}

// The sections of a document the overhead values live in: the top, "assumptions" and each device's own.
struct Sections {
  const json* top = nullptr;
  const json* assumptions = nullptr;
  const json* host = nullptr;
  const json* accelerator = nullptr;
};
Sections sections_of(const json& doc) {
  static const std::string assumptions = "assumptions", overheads = "overheads", host = "host", accelerator = "accelerator";
  const json* own = child(&doc, overheads);
  return {&doc, child(&doc, assumptions), child(own, host), child(own, accelerator)};
}

std::string_view registry_id(const json* object, bool preset) {
  static const std::string preset_key = "preset", profile_key = "profile";
  const json* v = child(object, preset ? preset_key : profile_key);
  if (!v || !v->is_string()) return {};
  // The id as the registry holds it (a validated scenario names only known ones).
  const std::string& id = v->get_ref<const std::string&>();
  if (preset) {
    const auto* entry = registry::find_preset(id);
    return entry ? std::string_view(entry->id) : std::string_view();
  }
  const auto* entry = registry::find_profile(id);
  return entry ? std::string_view(entry->id) : std::string_view();
}

}  // namespace

detail::OverheadPresence detail::overheads_present(const json& doc) {
  OverheadPresence present{};
  const Sections at = sections_of(doc);
  const auto& table = profile_field_table_of();
  for (std::size_t i = 0; i < table.size(); ++i) {
    present.top[i] = child(table[i].parent.empty() ? at.top : at.assumptions, table[i].key) != nullptr;
    present.host[i] = child(at.host, table[i].key) != nullptr;
    present.accelerator[i] = child(at.accelerator, table[i].key) != nullptr;
  }
  return present;
}

// Who supplied each value: the input's own document, else the preset (present after the merge), else a
// profile (present after the fill), else the default. A null written is the default (no layer's value).
void detail::record_sources(const json& input, const OverheadPresence& merged, const json& filled, Scenario& s) {
  const OverheadPresence written = overheads_present(input);
  const OverheadPresence after_fill = overheads_present(filled);
  const Sections at = sections_of(filled);
  const std::string_view preset = registry_id(&input, true);
  const std::string_view profiles[] = {registry_id(at.top, false), registry_id(at.host, false), registry_id(at.accelerator, false)};
  const auto source = [&](bool in_input, bool after_merge, bool filled_in, std::string_view profile) {
    if (in_input) return Source{Layer::scenario, ""};
    if (after_merge) return Source{Layer::preset, preset};
    if (filled_in) return Source{Layer::profile, profile};
    return Source{};
  };
  for (std::size_t i = 0; i < overhead_slot_count; ++i) {
    s.overhead_sources[i] = source(written.top[i], merged.top[i], after_fill.top[i], profiles[0]);
    s.host_overheads.sources[i] = source(written.host[i], merged.host[i], after_fill.host[i], profiles[1]);
    s.accelerator_overheads.sources[i] =
        source(written.accelerator[i], merged.accelerator[i], after_fill.accelerator[i], profiles[2]);
  }
}

json apply_profile(const json& doc, Errors& errors) { return detail::fill_from_profile(doc, errors); }

// A scenario named after what it runs: "MNIST epoch: Reference CPU vs NVIDIA A100 SXM4 80GB". A device
// or a dataset is named by the name written for it, or its registry entry's (its id or its base).
static std::string name_of(const json& v, bool dataset) {
  if (v.is_object() && v.contains("name") && v["name"].is_string()) return v["name"].get<std::string>();
  const json* id = v.is_object() && v.contains("base") ? &v["base"] : &v;
  if (id->is_string()) {
    if (dataset) {
      if (const auto* d = registry::find_dataset(id->get<std::string>())) return d->dataset.name;
    } else if (const auto* h = registry::find_hardware(id->get<std::string>())) {
      return h->device.name;
    }
  }
  return dataset ? "A dataset of its own" : "a device of its own";
}

static std::string devices_name(const json& scenario) {
  const json none;
  const auto at = [&](const json& j, const char* key) -> const json& { return j.is_object() && j.contains(key) ? j[key] : none; };
  return name_of(at(at(scenario, "network"), "dataset"), true) + " epoch: " + name_of(at(scenario, "host"), false) + " vs " +
         name_of(at(scenario, "accelerator"), false);
}

json expand_preset(const json& input, Errors& errors) {
  if (!input.is_object() || !input.contains("preset")) return input;
  // "preset": null names none (a link's complete scenario, link.hpp): the document is all there is.
  if (input.at("preset").is_null()) {
    json alone = input;
    alone.erase("preset");
    return alone;
  }
  const json& id_value = input.at("preset");
  if (!id_value.is_string()) {
    errors.push_back({code::type, "/preset", "expected a preset id such as \"" +
                                                 std::string(registry::default_preset_id) + "\", got " +
                                                 json_type_name(id_value)});
    return input;
  }
  const auto* preset = registry::find_preset(id_value.get<std::string>());
  if (!preset) {
    errors.push_back(detail::unknown_id_error("/preset", id_value.get<std::string>(), "preset", registry::preset_ids()));
    return input;
  }
  json patch = input;
  patch.erase("preset");
  // Overriding part of a registry device or dataset keeps the rest of it. An object with a "name"
  // and no "base" is a complete new one and replaces it: nothing of the old one leaks in.
  const auto keep_base = [&](json& base_doc, json& patch_doc, const char* key) {
    if (!base_doc.contains(key) || !patch_doc.contains(key)) return;
    const json& patch_value = patch_doc[key];
    if (base_doc[key].is_string() && patch_value.is_object() && !patch_value.contains("base") &&
        !patch_value.contains("name"))
      patch_doc[key]["base"] = base_doc[key];
  };
  json merged = preset->scenario;
  // Naming a profile replaces the preset's overheads; "profile": null names none and keeps them.
  if (patch.contains("profile") && !patch["profile"].is_null())
    for (const ProfileField& f : profile_field_table_of()) {
      json* parent = f.parent.empty() ? &merged : (merged.contains(f.parent) ? &merged[f.parent] : nullptr);
      if (parent && parent->is_object()) parent->erase(f.key);
    }
  // The same for a device's own profile: it replaces the preset's values of that device's own fields.
  if (patch.contains("overheads") && patch["overheads"].is_object() && merged.contains("overheads") &&
      merged["overheads"].is_object())
    for (const char* role : {"host", "accelerator"}) {
      const json& own = patch["overheads"].value(role, json());
      if (!own.is_object() || !own.contains("profile") || own.at("profile").is_null()) continue;
      json& preset_own = merged["overheads"][role];
      if (!preset_own.is_object()) continue;
      for (const ProfileField& f : profile_field_table_of()) preset_own.erase(f.key);
    }
  keep_base(merged, patch, "host");
  keep_base(merged, patch, "accelerator");
  if (merged.contains("network") && patch.contains("network") && patch["network"].is_object())
    keep_base(merged["network"], patch["network"], "dataset");
  // An edited preset is no longer the preset: unless the edit names it, its name says so; one that runs
  // on other devices is named after them, not after the preset's (issue 35: "CPU vs H100" on an A100).
  // (Another device: another registry id, or one of its own; a device with a few numbers changed is the same.)
  // (Compared as text: comparing JSON values brings 1 KB of the library into the first visit's module.)
  const auto base_of = [](const json& v) -> std::string {
    const json* id = v.is_object() && v.contains("base") ? &v.at("base") : &v;
    return id->is_string() ? id->get<std::string>() : std::string();
  };
  const auto changes = [&](const char* role) {
    return patch.contains(role) && (base_of(patch[role]).empty() || !preset->scenario.contains(role) ||
                                    base_of(patch[role]) != base_of(preset->scenario.at(role)));
  };
  // Another dataset too: a CIFAR-10 scenario was titled "MNIST epoch: … (edited)" (issue 45).
  const auto dataset_in = [](const json& doc) -> const json* {
    if (!doc.is_object() || !doc.contains("network") || !doc.at("network").is_object()) return nullptr;
    const json& network = doc.at("network");
    return network.contains("dataset") ? &network.at("dataset") : nullptr;
  };
  const json* new_dataset = dataset_in(patch);
  const json* old_dataset = dataset_in(preset->scenario);
  const bool other_dataset = new_dataset && (base_of(*new_dataset).empty() || !old_dataset || base_of(*new_dataset) != base_of(*old_dataset));
  const bool renamed = !patch.contains("name") && (changes("host") || changes("accelerator") || other_dataset);
  if (!patch.empty() && !patch.contains("name") && merged.contains("name") && merged["name"].is_string())
    merged["name"] = merged["name"].get<std::string>() + " (edited)";
  merged.merge_patch(patch);
  if (renamed) merged["name"] = devices_name(merged);
  // A null written for an optional profile field is a value, that field's default (docs/model.md, "Who
  // wins", rule 1); the merge deleted it, and a profile would fill it again (regression, issue 17:
  // "launches_per_step": null could not switch a graph profile back to eager). Keep it written.
  for (const ProfileField& f : profile_field_table_of()) {
    if (f.parent.empty() || !patch.contains(f.parent) || !patch.at(f.parent).is_object()) continue;
    const json& written = patch.at(f.parent);
    if (written.contains(f.key) && written.at(f.key).is_null() && merged.at(f.parent).is_object())
      merged[f.parent][f.key] = nullptr;
  }
  return merged;
}

}  // namespace epochcalc
