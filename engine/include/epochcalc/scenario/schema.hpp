// The schema document: every scenario rule as data (calc.schema(), epochcalc --schema), written from
// the field table (fields.hpp) and the model's lists.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "epochcalc/scenario/fields.hpp"

namespace epochcalc {

inline constexpr std::string_view schema_schema = "epochcalc/schema@1";
// {"schema": "epochcalc/schema@1", "precisions", "phases", "overlaps", "device_kinds", "dimensions",
//  "fields", "defaults", "sweep", "limits", "default_preset"}
nlohmann::ordered_json schema_document();

}  // namespace epochcalc
