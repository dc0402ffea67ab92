// The quantity parser (units.hpp): any text, read in every dimension. Beyond "no crash": a value is
// finite; an error is E_UNIT (or E_RANGE for an over-long text) with an empty path and a message;
// spaces around the text change nothing; and text that is a plain number reads as that number in
// every dimension (a bare number is in SI units).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <variant>

#include "check.hpp"
#include "targets.hpp"
#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/scenario/units.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

namespace {

std::string describe(const std::variant<double, Error>& v) {
  if (const double* x = std::get_if<double>(&v)) return "value " + text_of(json(*x));
  const Error& e = std::get<Error>(v);
  return "error " + e.code + " \"" + e.path + "\": " + e.message;
}

}  // namespace

int epochcalc::fuzz::fuzz_quantity(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::optional<double> plain = parse_plain_number(text);
  if (plain) expect(std::isfinite(*plain), "parse_plain_number returned a number that is not finite");
  const std::string padded = " " + std::string(text) + " ";

  for (Dimension d : all_dimensions()) {
    const std::string where = "parse_quantity(…, " + std::string(dimension_id(d)) + "): ";
    const auto parsed = parse_quantity(text, d);
    if (const double* value = std::get_if<double>(&parsed)) {
      expect(std::isfinite(*value), where + "value is not finite");
      if (plain) expect(*value == *plain, where + "a plain number does not read as itself: " + describe(parsed));
    } else {
      const Error& e = std::get<Error>(parsed);
      expect(e.code == code::unit || e.code == code::range, where + "error code is neither E_UNIT nor E_RANGE: " + describe(parsed));
      expect(e.path.empty(), where + "the parser filled in a path: " + describe(parsed));
      expect(!e.message.empty(), where + "empty message");
      // A plain number is refused only for its length.
      if (plain) expect(e.code == code::range, where + "a plain number was refused: " + describe(parsed));
    }
    const auto again = parse_quantity(padded, d);
    expect(again == parsed, where + "spaces around the text changed it: " + describe(parsed) + " vs " + describe(again));
  }
  return 0;
}
