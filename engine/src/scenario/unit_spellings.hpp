// The spellings MLSys·im and pint print for a unit, as the unit table's symbols (units.cpp asks this only
// when a symbol is not in its table: a cold path, built for size).
#pragma once

#include <string>
#include <string_view>

namespace epochcalc::detail {

// "TB / s" → "TB/s", "microsecond" → "us", "picojoule / byte" → "pJ/B", "TFLOPs / s" → "TFLOP/s"; ""
// where the text is none of these.
std::string canonical_unit(std::string_view text);

}  // namespace epochcalc::detail
