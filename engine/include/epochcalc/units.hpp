// Quantities: a number in SI base units, or a string "number unit" such as "10 us" or "3.35 TB/s".
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "epochcalc/errors.hpp"

namespace epochcalc {

enum class Dimension { time, bandwidth, flop_rate, energy_per_flop, energy_per_byte, power, size };

// The SI base unit and a human name of a dimension, for messages ("a time, e.g. \"10 us\"").
std::string_view si_unit(Dimension dimension);
std::string_view dimension_name(Dimension dimension);
std::string_view dimension_example(Dimension dimension);

// Parses "number unit" (spaces optional) into SI. The error carries code E_UNIT and an empty path;
// callers fill in the path.
std::variant<double, Error> parse_quantity(std::string_view text, Dimension dimension);

}  // namespace epochcalc
