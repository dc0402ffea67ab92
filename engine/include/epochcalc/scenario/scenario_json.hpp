// Scenario JSON in, validated Scenario out: every field checked, every problem reported at once.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc {

// Something the user may not have meant, or should know; the value stands as given. `path` is the JSON
// pointer of the field it is about, "" for the whole scenario.
struct Warning {
  std::string code;
  std::string message;
  std::string path;
};

struct ParsedScenario {
  std::optional<Scenario> scenario;  // set exactly when errors is empty
  Errors errors;
  std::vector<Warning> warnings;
};

// Replaces {"preset": id, ...overrides} by the preset's scenario with the overrides merged on top
// (RFC 7386). A registry id overridden by an object becomes {"base": id, ...}; a preset edited by any
// field but "name" is named "<preset's name> (edited)". Overrides naming a profile drop the preset's
// own values of the profile's fields, so the profile's fill them. Documents without "preset" come back
// unchanged.
nlohmann::ordered_json expand_preset(const nlohmann::ordered_json& input, Errors& errors);

// For showing a scenario in a form: the preset merged, then every registry reference (a device or
// dataset id, or {"base": id, ...}) replaced by the full object it stands for, the profile's values filled in, as the registry writes
// it ("3.35 TB/s"), with the overrides on top and "base" kept. Nothing else is checked or changed, so
// invalid values come back as written. Errors: only what stops the expansion (bad preset, unknown id,
// a document that is not an object). parse_scenario of the result solves like the input.
nlohmann::ordered_json expand_scenario(const nlohmann::ordered_json& input, Errors& errors);

// The fields a framework profile sets, as JSON pointers: dispatch, launch, and the operations and
// launches per step.
const std::vector<std::string>& profile_fields();

// A document naming {"profile": id} with every field the profile sets and the document leaves out
// filled in from the profile: a value written in the document wins over its profile. Documents
// without "profile" come back unchanged; an unknown id is E_UNKNOWN_ID at /profile.
nlohmann::ordered_json apply_profile(const nlohmann::ordered_json& doc, Errors& errors);

ParsedScenario parse_scenario(const nlohmann::ordered_json& input);

// A scenario document that names no preset starts from the default preset, as a link, a calibration file
// and a scenario file do (docs/model.md, "Links"): the document with "preset" first where it has none;
// anything else (a document with "preset", even null for none; not an object) as it is.
nlohmann::ordered_json with_default_preset(const nlohmann::ordered_json& doc);
// The one rule between two fields a valid scenario can break when one of them changes (a sweep's
// point): with drop_last, a batch larger than N leaves no step. E_RANGE at /network/batch_size.
std::optional<Error> batch_leaves_no_step(const Scenario& scenario);

}  // namespace epochcalc
