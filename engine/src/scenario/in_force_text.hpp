// The value in force in words (in_force.hpp): what the what-ifs' notes and the shadowing warning say.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/in_force.hpp"
#include "epochcalc/scenario/scenario_json.hpp"

namespace epochcalc::detail {

// A value in force and where it came from: "4 µs (from the pytorch-eager-cpu profile)".
std::string in_force_text(const FieldSpec& field, const ValueInForce& value);

// W_SHADOWED for each scenario-wide overhead the scenario gives itself that a device's own value
// overrides: the field that wins and how to change it.
void add_shadowed_warnings(const Scenario& scenario, std::vector<Warning>& warnings);

}  // namespace epochcalc::detail
