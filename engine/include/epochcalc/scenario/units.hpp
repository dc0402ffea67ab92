// Quantities: a number in SI base units, or a string "number unit" such as "10 us" or "3.35 TB/s".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "epochcalc/model/errors.hpp"

namespace epochcalc {

// fraction: a share of 1 (an achieved fraction of peak); "%" is its only unit.
// price: money per time, counted in USD per hour (no SI unit; a bare number is per hour).
enum class Dimension { time, bandwidth, flop_rate, energy_per_flop, energy_per_byte, power, size, fraction, price };

// The accepted spellings of a dimension's units, SI first; `scale` converts to SI (a value below 1
// is applied as a division by its exact reciprocal, so "10 us" is exactly 1e-05 s).
struct UnitSpelling {
  std::string_view symbol;
  double scale;
};
std::span<const UnitSpelling> unit_spellings(Dimension dimension);
std::span<const Dimension> all_dimensions();
std::string_view dimension_id(Dimension dimension);  // "time", "bandwidth", ... as the schema names it

// The SI base unit and a human name of a dimension, for messages ("a time, e.g. \"10 us\"").
std::string_view si_unit(Dimension dimension);
std::string_view dimension_name(Dimension dimension);
std::string_view dimension_example(Dimension dimension);
// What a bare number means in this dimension, in words: "a bare number is in s".
std::string dimension_bare_number(Dimension dimension);

// A plain decimal number filling the whole text (spaces around it allowed): "64", "2e-5", "-0.5".
// No hex, no "inf", no separators; nullopt otherwise or when it is not finite.
std::optional<double> parse_plain_number(std::string_view text);

// Parses "number unit" (spaces optional) into SI; a bare number ("2e-5") is already in SI units. The error carries code E_UNIT and an empty path;
// callers fill in the path.
std::variant<double, Error> parse_quantity(std::string_view text, Dimension dimension);

}  // namespace epochcalc
