// A scenario document with every registry id written out (expand_scenario): what the page's form
// shows and edits field by field.
#include <algorithm>

#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "scenario/scenario_parts.hpp"

namespace epochcalc {

namespace {

// The registry's own document of an entry (ids and registry-only keys removed), or null.
json registry_object(const std::string& id, bool device) {
  const json& doc = device ? registry::hardware_document() : registry::datasets_document();
  for (const json& item : doc.at(device ? "hardware" : "datasets")) {
    // Compared in place: comparing with a json built from `id` allocated once per entry.
    const auto found = item.find("id");
    if (found == item.end() || !found->is_string() || found->get_ref<const std::string&>() != id) continue;
    json out = {{"base", id}};
    const std::vector<std::string>& keep = device ? detail::device_keys() : detail::dataset_keys();
    for (const auto& [key, value] : item.items())
      if (key != "base" && std::find(keep.begin(), keep.end(), key) != keep.end()) out[key] = value;
    return out;
  }
  return nullptr;
}

void expand_entity(json& value, const std::string& path, bool device, Errors& errors) {
  const std::string what = device ? "hardware" : "dataset";
  const auto& ids = device ? registry::hardware_ids() : registry::dataset_ids();
  if (value.is_string()) {
    json full = registry_object(value.get<std::string>(), device);
    if (full.is_null()) errors.push_back(detail::unknown_id_error(path, value.get<std::string>(), what, ids));
    else value = std::move(full);
    return;
  }
  if (!value.is_object() || !value.contains("base") || !value.at("base").is_string()) return;
  const std::string id = value.at("base").get<std::string>();
  json full = registry_object(id, device);
  if (full.is_null()) {
    errors.push_back(detail::unknown_id_error(pointer(path, "base"), id, what, ids));
    return;
  }
  // The same naming rule as read_entity: edited without a new name, it is the "(customised)" entry.
  if (!value.contains("name") && customises(value) && full.contains("name") && full.at("name").is_string())
    full["name"] = full.at("name").get<std::string>() + " (customised)";
  for (const auto& [key, override_value] : value.items()) {
    if (key == "peak_flops" && override_value.is_object() && full.contains("peak_flops") && full.at("peak_flops").is_object()) {
      for (const auto& [precision, rate] : override_value.items()) full["peak_flops"][precision] = rate;
    } else {
      full[key] = override_value;
    }
  }
  value = std::move(full);
}

}  // namespace

json expand_scenario(const json& input, Errors& errors) { return detail::expand_merged(detail::merge_scenario(input), errors); }

json detail::expand_merged(const MergedScenario& merged, Errors& errors) {
  if (!merged.errors.empty()) {
    // A preset that did not merge stops the expansion before any profile is looked at.
    const std::size_t count = merged.preset_errors ? merged.preset_errors : merged.errors.size();
    for (std::size_t i = 0; i < count; ++i) errors.push_back(merged.errors[i]);
    return merged.doc;
  }
  return expand_merged(json(merged.doc), errors);
}

json detail::expand_merged(json doc, Errors& errors) {
  if (!doc.is_object()) {
    errors.push_back(message::not_an_object("", doc));
    return doc;
  }
  for (const char* role : {"host", "accelerator"})
    if (doc.contains(role)) expand_entity(doc[role], pointer("", role), true, errors);
  if (doc.contains("network") && doc["network"].is_object() && doc["network"].contains("dataset"))
    expand_entity(doc["network"]["dataset"], "/network/dataset", false, errors);
  return doc;
}

}  // namespace epochcalc
