// Unit tables and the quantity parser. Decimal prefixes (k, M, G, T, P) are powers of 1000,
// binary ones (Ki, Mi, Gi, Ti) powers of 1024, so "GB" and "GiB" are never confused.
#include "epochcalc/scenario/units.hpp"

#include "epochcalc/scenario/limits.hpp"
#include "scenario/trim.hpp"
#include "scenario/unit_spellings.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace epochcalc {

namespace {

using UnitEntry = UnitSpelling;

// "10 us" must become exactly 1e-05: dividing by 1e6 is exact where multiplying by 1e-6 is not.
double to_si(double number, double scale) {
  return scale < 1 ? number / std::round(1 / scale) : number * scale;
}

// The number at the start of a quantity: an optional sign, digits with an optional decimal point, an
// optional exponent. Nothing else (no hex, no "inf"); returns how many characters it spans, 0 if none.
std::size_t decimal_prefix(const std::string& text) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i - start;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    const std::size_t before_exponent = i++;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) i = before_exponent;  // "5 EB" style: the e belongs to the unit
  }
  return i;
}

constexpr double kilo = 1e3, mega = 1e6, giga = 1e9, tera = 1e12, peta = 1e15;
constexpr double kibi = 1024.0, mebi = kibi * 1024, gibi = mebi * 1024, tebi = gibi * 1024;

const std::vector<UnitEntry>& units_of(Dimension dimension) {
  static const std::vector<UnitEntry> time{{"s", 1},     {"ms", 1e-3}, {"us", 1e-6},      {"µs", 1e-6},
                                           {"μs", 1e-6}, {"ns", 1e-9}, {"min", 60},       {"h", 3600}};
  static const std::vector<UnitEntry> bandwidth{
      {"B/s", 1},       {"kB/s", kilo},   {"KB/s", kilo},   {"MB/s", mega},  {"GB/s", giga},  {"TB/s", tera},
      {"KiB/s", kibi}, {"MiB/s", mebi}, {"GiB/s", gibi}, {"TiB/s", tebi}};
  static const std::vector<UnitEntry> flop_rate{
      {"FLOP/s", 1},     {"FLOPS", 1},      {"GFLOP/s", giga}, {"GFLOPS", giga}, {"TFLOP/s", tera},
      {"TFLOPS", tera}, {"PFLOP/s", peta}, {"PFLOPS", peta},  {"TOPS", tera},   {"TOP/s", tera}};
  static const std::vector<UnitEntry> energy_per_flop{
      {"J/flop", 1},      {"J/FLOP", 1},      {"nJ/flop", 1e-9}, {"nJ/FLOP", 1e-9},
      {"pJ/flop", 1e-12}, {"pJ/FLOP", 1e-12}, {"fJ/flop", 1e-15}, {"fJ/FLOP", 1e-15}};
  static const std::vector<UnitEntry> energy_per_byte{
      {"J/B", 1},        {"J/byte", 1},        {"nJ/B", 1e-9},  {"nJ/byte", 1e-9},
      {"pJ/B", 1e-12},   {"pJ/byte", 1e-12},   {"fJ/B", 1e-15}, {"fJ/byte", 1e-15}};
  static const std::vector<UnitEntry> power{{"W", 1}, {"kW", kilo}};
  // The SI "unit" of a fraction is none: 0.5 is half; "50 %" the same.
  static const std::vector<UnitEntry> fraction{{"", 1}, {"%", 1e-2}};
  // Prices are counted per hour, as clouds list them; one currency, so nothing converts between two.
  static const std::vector<UnitEntry> price{{"USD/h", 1}, {"$/h", 1}, {"/h", 1}, {"USD/s", 3600}, {"$/s", 3600}, {"/s", 3600}};
  static const std::vector<UnitEntry> size{{"B", 1},      {"kB", kilo},   {"KB", kilo},   {"MB", mega},
                                           {"GB", giga},  {"TB", tera},   {"KiB", kibi},  {"MiB", mebi},
                                           {"GiB", gibi}, {"TiB", tebi}};
  switch (dimension) {
    case Dimension::time: return time;
    case Dimension::bandwidth: return bandwidth;
    case Dimension::flop_rate: return flop_rate;
    case Dimension::energy_per_flop: return energy_per_flop;
    case Dimension::energy_per_byte: return energy_per_byte;
    case Dimension::power: return power;
    case Dimension::size: return size;
    case Dimension::fraction: return fraction;
    case Dimension::price: return price;
  }
  return time;
}

constexpr std::array dimension_list{Dimension::time,           Dimension::bandwidth,       Dimension::flop_rate,
                                    Dimension::energy_per_flop, Dimension::energy_per_byte, Dimension::power,
                                    Dimension::size,           Dimension::fraction,        Dimension::price};

// strtod turns a number too small for a double ("1e-400") into 0: a value the user did not write.
bool underflows(std::string_view number_text, double value) {
  if (value != 0) return false;
  for (char c : number_text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return true;
  }
  return false;
}

const UnitEntry* find_unit(Dimension dimension, std::string_view symbol) {
  for (const UnitEntry& entry : units_of(dimension))
    if (entry.symbol == symbol) return &entry;
  return nullptr;
}

std::string expected_units(Dimension dimension) {
  std::string list;
  for (const UnitEntry& entry : units_of(dimension)) {
    if (entry.symbol.empty()) continue;  // a fraction's bare number
    if (!list.empty()) list += ", ";
    list += entry.symbol;
  }
  return list;
}

Error unit_error(std::string message) { return Error{code::unit, "", std::move(message)}; }

}  // namespace

std::span<const UnitSpelling> unit_spellings(Dimension dimension) { return units_of(dimension); }
std::span<const Dimension> all_dimensions() { return dimension_list; }

std::string_view dimension_id(Dimension dimension) {
  switch (dimension) {
    case Dimension::time: return "time";
    case Dimension::bandwidth: return "bandwidth";
    case Dimension::flop_rate: return "flop_rate";
    case Dimension::energy_per_flop: return "energy_per_flop";
    case Dimension::energy_per_byte: return "energy_per_byte";
    case Dimension::power: return "power";
    case Dimension::size: return "size";
    case Dimension::fraction: return "fraction";
    case Dimension::price: return "price";
  }
  return "quantity";
}

std::string_view si_unit(Dimension dimension) { return units_of(dimension).front().symbol; }

std::string_view dimension_name(Dimension dimension) {
  switch (dimension) {
    case Dimension::time: return "a time";
    case Dimension::bandwidth: return "a bandwidth";
    case Dimension::flop_rate: return "a FLOP rate";
    case Dimension::energy_per_flop: return "an energy per FLOP";
    case Dimension::energy_per_byte: return "an energy per byte";
    case Dimension::power: return "a power";
    case Dimension::size: return "a size";
    case Dimension::fraction: return "a fraction";
    case Dimension::price: return "a price per hour";
  }
  return "a quantity";
}

std::string_view dimension_example(Dimension dimension) {
  switch (dimension) {
    case Dimension::time: return "\"10 us\"";
    case Dimension::bandwidth: return "\"3.35 TB/s\"";
    case Dimension::flop_rate: return "\"67 TFLOP/s\"";
    case Dimension::energy_per_flop: return "\"3.7 pJ/flop\"";
    case Dimension::energy_per_byte: return "\"160 pJ/B\"";
    case Dimension::power: return "\"700 W\"";
    case Dimension::size: return "\"80 GB\"";
    case Dimension::fraction: return "\"40 %\"";
    case Dimension::price: return "\"2.5 USD/h\"";
  }
  return "";
}

std::string dimension_bare_number(Dimension dimension) {
  if (dimension == Dimension::fraction) return "a bare number is a fraction of 1 (0.4 is 40 %)";
  return "a bare number is in " + std::string(si_unit(dimension));
}

std::optional<double> parse_plain_number(std::string_view text) {
  const std::string input{detail::trim(text)};
  const std::size_t length = decimal_prefix(input);
  if (length == 0 || length != input.size()) return std::nullopt;
  const double number = std::strtod(input.c_str(), nullptr) + 0.0;  // + 0.0 turns -0 into 0
  if (!std::isfinite(number) || underflows(input, number)) return std::nullopt;
  return number;
}

std::variant<double, Error> parse_quantity(std::string_view text, Dimension dimension) {
  const std::string input{detail::trim(text)};
  // Only an error pays for its message.
  const auto hint_of = [&] {
    return "write " + std::string(dimension_name(dimension)) + " as a number and a unit, e.g. " +
           std::string(dimension_example(dimension));
  };
  if (input.empty()) return unit_error("empty quantity: " + hint_of());
  if (input.size() > rule::max_quantity_length)
    return Error{code::range, "", "a quantity is at most 100 characters long: " + hint_of()};
  static_assert(rule::max_quantity_length == 100, "the message above names the limit");
  const std::size_t number_length = decimal_prefix(input);
  if (number_length == 0) {
    const bool not_finite = std::isnan(std::strtod(input.c_str(), nullptr)) || std::isinf(std::strtod(input.c_str(), nullptr));
    if (not_finite) return unit_error("\"" + input + "\" is not a finite number: " + hint_of());
    return unit_error("\"" + input + "\" does not start with a number: " + hint_of());
  }
  // Adding 0.0 turns -0 into 0.
  const double number = std::strtod(input.substr(0, number_length).c_str(), nullptr) + 0.0;
  if (!std::isfinite(number)) return unit_error("\"" + input + "\" is not a finite number: " + hint_of());
  if (underflows(std::string_view(input).substr(0, number_length), number))
    return unit_error("\"" + input + "\" is too small to tell from 0: write 0, or a value a double can hold (down to about 1e-300)");
  const std::string symbol{detail::trim(std::string_view(input).substr(number_length))};
  // A bare number is in SI units, exactly as a JSON number is: "2e-5" for a time is 20 us.
  if (symbol.empty()) return number;
  const UnitEntry* unit = find_unit(dimension, symbol);
  const std::string canonical = unit ? std::string() : detail::canonical_unit(symbol);
  if (!unit && !canonical.empty()) unit = find_unit(dimension, canonical);
  if (unit) {
    const double value = to_si(number, unit->scale);
    if (!std::isfinite(value)) return unit_error("\"" + input + "\" is too large");
    return value;
  }
  // "1,000 us": a thousands separator, not a unit.
  if (symbol.size() > 1 && symbol[0] == ',' && std::isdigit(static_cast<unsigned char>(symbol[1])))
    return unit_error("\"" + input + "\" has separators: write the digits only, e.g. 1000 us");
  for (Dimension other : dimension_list)
    if (other != dimension && (find_unit(other, symbol) || (!canonical.empty() && find_unit(other, canonical))))
      return unit_error("\"" + symbol + "\" is " + std::string(dimension_name(other)) + " unit, but " +
                        std::string(dimension_name(dimension)) + " is expected; use one of: " +
                        expected_units(dimension));
  return unit_error("unknown unit \"" + symbol + "\" for " + std::string(dimension_name(dimension)) +
                    "; use one of: " + expected_units(dimension));
}

}  // namespace epochcalc
