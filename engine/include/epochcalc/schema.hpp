// Every scenario field the engine reads, with its kind, limits and words for people: the single
// table behind the schema document (calc.schema(), epochcalc --schema), the field editor (edit.hpp)
// and the page's controls. The parser enforces the same rule objects (limits.hpp).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "epochcalc/limits.hpp"

namespace epochcalc {

enum class FieldKind {
  text,      // a free string (names, sources)
  choice,    // one of a fixed list (precision, phase, overlap)
  integer,   // a whole number (IntegerRule)
  quantity,  // a number in SI units or "number unit" (QuantityRule)
  boolean,
  widths,    // the array of layer widths; its items are integers
  device,    // a hardware id, {"base": id, ...overrides} or a full device object
  dataset,   // a dataset id, {"base": id, ...overrides} or a full dataset object
  preset,    // a preset id
  profile,   // a framework profile id
};

struct FieldSpec {
  std::string path;  // JSON pointer; "/network/widths/-" stands for every width
  FieldKind kind;
  std::string label;  // the words the page shows, and messages quote
  std::string hint;
  bool required = false;
  QuantityRule quantity{Dimension::time, {}};  // for kind quantity
  IntegerRule integer{0, 0};                   // for kind integer
};

std::span<const FieldSpec> field_specs();
// The spec for a JSON pointer into a scenario ("/network/widths/3" finds the widths item), or null.
const FieldSpec* find_field(std::string_view pointer);

inline constexpr std::string_view schema_schema = "epochcalc/schema@1";
// {"schema": "epochcalc/schema@1", "precisions", "phases", "overlaps", "device_kinds", "dimensions",
//  "fields", "defaults", "sweep", "limits", "default_preset"}
nlohmann::ordered_json schema_document();

}  // namespace epochcalc
