// What the scenario's JSON layer shares between its files (private): scenario_merge.cpp (a preset
// merged, a profile filled in), scenario_expand.cpp (registry ids written out for a form),
// scenario_json.cpp (the document read and checked into a Scenario) and calibration_json.cpp (a
// measurement's network).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "scenario/json_read.hpp"

namespace epochcalc::detail {

// An unknown registry id at `path`, with the closest id as a suggestion and the known ids.
Error unknown_id_error(const std::string& path, const std::string& id, const std::string& what,
                       const std::vector<std::string>& ids);
// apply_profile on a document the caller gives up: filled in place, not copied.
json fill_from_profile(json doc, Errors& errors);
// Which overhead values a document gives (not null), in OverheadSlot order: at the top (or under
// "assumptions") and under each device's /overheads/<role>.
struct OverheadPresence {
  std::array<bool, overhead_slot_count> top, host, accelerator;
};
OverheadPresence overheads_present(const json& doc);
// The layer each overhead value of `s` came from (Scenario::overhead_sources, DeviceOverheads::sources):
// `input` as given, `merged` what its preset's merge gave, `filled` the document after the profiles.
void record_sources(const json& input, const OverheadPresence& merged, const json& filled, Scenario& s);
// The first steps of reading a document, which expand_scenario and parse_scenario share: the preset
// merged (and which overhead values it gave), then the profiles' values filled in. `errors` holds what
// stopped them (a bad preset or profile). Made once, it serves both (api.cpp's update: read once).
struct MergedScenario {
  json doc;
  OverheadPresence from_preset{};
  Errors errors;
  std::size_t preset_errors = 0;  // how many of `errors` the preset's merge gave (the first ones)
};
MergedScenario merge_scenario(const json& input);
// expand_scenario and parse_scenario of a document already merged by merge_scenario(input); the first
// expand_merged takes the merged document whatever the merge said, the second the merge's own result.
json expand_merged(json merged, Errors& errors);
json expand_merged(const MergedScenario& merged, Errors& errors);
ParsedScenario parse_merged(const json& input, MergedScenario merged);

// The keys of a device object ("base", then the field table's rows) and of a dataset object.
const std::vector<std::string>& device_keys();
const std::vector<std::string>& dataset_keys();
// A network's layer widths at `path` (the scenario's, or a calibration measurement's), each checked.
std::optional<std::vector<std::int64_t>> read_widths(const json& value, const std::string& path, Errors& errors);

}  // namespace epochcalc::detail
