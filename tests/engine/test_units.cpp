// Quantity parsing: units, prefixes, dimensions and the messages for mistakes.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <variant>

#include "epochcalc/scenario/units.hpp"

using namespace epochcalc;

namespace {

double parsed(const std::string& text, Dimension dimension) {
  auto result = parse_quantity(text, dimension);
  if (auto* error = std::get_if<Error>(&result)) FAIL_CHECK("unexpected error: " << error->message);
  return std::holds_alternative<double>(result) ? std::get<double>(result) : -1;
}

std::string error_of(const std::string& text, Dimension dimension) {
  auto result = parse_quantity(text, dimension);
  const auto* error = std::get_if<Error>(&result);
  REQUIRE_MESSAGE(error, "expected an error for " << text);
  CHECK(error->code == "E_UNIT");
  return error->message;
}

}  // namespace

TEST_CASE("quantities convert to SI base units") {
  struct Case {
    const char* text;
    Dimension dimension;
    double si;
  };
  const Case cases[] = {
      {"10 us", Dimension::time, 10e-6},          {"10us", Dimension::time, 10e-6},
      {"10 µs", Dimension::time, 10e-6},          {"10 μs", Dimension::time, 10e-6},
      {"5 ns", Dimension::time, 5e-9},            {"2.5 ms", Dimension::time, 2.5e-3},
      {"1 s", Dimension::time, 1},                {"2 min", Dimension::time, 120},
      {"1 h", Dimension::time, 3600},             {"  7 us  ", Dimension::time, 7e-6},
      {"1e-5 s", Dimension::time, 1e-5},          {"3.35 TB/s", Dimension::bandwidth, 3.35e12},
      {"50 GB/s", Dimension::bandwidth, 50e9},    {"1 GiB/s", Dimension::bandwidth, 1073741824.0},
      {"1 KiB/s", Dimension::bandwidth, 1024},    {"1 kB/s", Dimension::bandwidth, 1000},
      {"67 TFLOP/s", Dimension::flop_rate, 67e12}, {"67 TFLOPS", Dimension::flop_rate, 67e12},
      {"1 PFLOP/s", Dimension::flop_rate, 1e15},  {"500 GFLOP/s", Dimension::flop_rate, 500e9},
      {"130 TOPS", Dimension::flop_rate, 130e12}, {"3.7 pJ/flop", Dimension::energy_per_flop, 3.7e-12},
      {"3.7 pJ/FLOP", Dimension::energy_per_flop, 3.7e-12}, {"1 nJ/flop", Dimension::energy_per_flop, 1e-9},
      {"160 pJ/B", Dimension::energy_per_byte, 160e-12}, {"160 pJ/byte", Dimension::energy_per_byte, 160e-12},
      {"700 W", Dimension::power, 700},           {"1.2 kW", Dimension::power, 1200},
      {"80 GB", Dimension::size, 80e9},           {"64 GiB", Dimension::size, 68719476736.0},
      {"0 us", Dimension::time, 0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    CHECK(parsed(c.text, c.dimension) == doctest::Approx(c.si).epsilon(1e-15));
  }
}

TEST_CASE("sub-units convert exactly, and -0 is 0") {
  CHECK(parsed("10 us", Dimension::time) == 1e-05);
  CHECK(parsed("5 us", Dimension::time) == 5e-06);
  CHECK(parsed("3.7 pJ/flop", Dimension::energy_per_flop) == 3.7e-12);
  CHECK(parsed("160 pJ/B", Dimension::energy_per_byte) == 1.6e-10);
  CHECK(std::signbit(parsed("-0 us", Dimension::time)) == false);
}

TEST_CASE("decimal and binary prefixes are never confused") {
  CHECK(parsed("1 GB", Dimension::size) == 1e9);
  CHECK(parsed("1 GiB", Dimension::size) == 1073741824.0);
}

TEST_CASE("a unit of the wrong dimension names the expected dimension") {
  CHECK(error_of("10 GB/s", Dimension::time) ==
        "\"GB/s\" is a bandwidth unit, but a time is expected; use one of: s, ms, us, µs, μs, ns, min, h");
  CHECK(error_of("5 us", Dimension::energy_per_byte) ==
        "\"us\" is a time unit, but an energy per byte is expected; use one of: J/B, J/byte, nJ/B, nJ/byte, pJ/B, "
        "pJ/byte, fJ/B, fJ/byte");
}

// Regression (issue 6): "2e-5" in a unit field was refused on the page but read as 20 us by --set.
TEST_CASE("a bare number in a string is in SI units, as a JSON number is") {
  CHECK(std::get<double>(parse_quantity("2e-5", Dimension::time)) == 2e-5);
  CHECK(std::get<double>(parse_quantity(" 0 ", Dimension::time)) == 0);
  CHECK(std::get<double>(parse_quantity("3.35e12", Dimension::bandwidth)) == 3.35e12);
  CHECK(parse_plain_number("64") == 64);
  CHECK(parse_plain_number(" -0.5 ") == -0.5);
  CHECK_FALSE(parse_plain_number("60,000"));
  CHECK_FALSE(parse_plain_number("10 us"));
  CHECK_FALSE(parse_plain_number("inf"));
  CHECK_FALSE(parse_plain_number("1e999"));
  CHECK_FALSE(parse_plain_number(""));
  // Regression (issue 7): "1e-400" was read as 0, a value nobody wrote.
  CHECK_FALSE(parse_plain_number("1e-400"));
  CHECK(parse_plain_number("0e-400") == 0);
  CHECK(error_of("1e-400", Dimension::time) ==
        "\"1e-400\" is too small to tell from 0: write 0, or a value a double can hold (down to about 1e-300)");
  CHECK(error_of("1e-400 us", Dimension::time).find("too small") != std::string::npos);
}

TEST_CASE("malformed quantities say how to write one") {
  CHECK(error_of("ten us", Dimension::time) ==
        "\"ten us\" does not start with a number: write a time as a number and a unit, e.g. \"10 us\"");
  CHECK(error_of("", Dimension::time) == "empty quantity: write a time as a number and a unit, e.g. \"10 us\"");
  CHECK(error_of("10 parsecs", Dimension::time) ==
        "unknown unit \"parsecs\" for a time; use one of: s, ms, us, µs, μs, ns, min, h");
  CHECK(error_of("inf s", Dimension::time) ==
        "\"inf s\" is not a finite number: write a time as a number and a unit, e.g. \"10 us\"");
  CHECK(error_of("nan s", Dimension::time).find("not a finite number") != std::string::npos);
  CHECK(error_of("1e308 h", Dimension::time) == "\"1e308 h\" is too large");
  CHECK(error_of("0x10 us", Dimension::time) ==
        "unknown unit \"x10 us\" for a time; use one of: s, ms, us, µs, μs, ns, min, h");
  CHECK(error_of("infinity s", Dimension::time).find("not a finite number") != std::string::npos);
}

TEST_CASE("the spellings MLSys·im and pint print read as the table's units (issue 46)") {
  CHECK(parsed("3.35 TB / s", Dimension::bandwidth) == 3.35e12);
  CHECK(parsed("160.0 pJ / B", Dimension::energy_per_byte) == doctest::Approx(160e-12).epsilon(1e-15));
  CHECK(parsed("3.7 pJ / flop", Dimension::energy_per_flop) == doctest::Approx(3.7e-12).epsilon(1e-15));
  CHECK(parsed("67 TFLOPs / s", Dimension::flop_rate) == 67e12);
  CHECK(parsed("10 microsecond", Dimension::time) == 1e-5);
  CHECK(parsed("10 microseconds", Dimension::time) == 1e-5);
  CHECK(parsed("3.35 terabyte / second", Dimension::bandwidth) == 3.35e12);
  CHECK(parsed("160 picojoule / byte", Dimension::energy_per_byte) == doctest::Approx(160e-12).epsilon(1e-15));
  CHECK(parsed("67 teraFLOP / second", Dimension::flop_rate) == 67e12);
  // Exactly as the short spelling: the same double.
  CHECK(parsed("10 microsecond", Dimension::time) == parsed("10 us", Dimension::time));
  // Still refused: another dimension's long name, and a word that is no unit.
  CHECK(error_of("10 terabyte / second", Dimension::time).find("a bandwidth unit") != std::string::npos);
  CHECK(error_of("10 parsecs", Dimension::time).find("unknown unit \"parsecs\"") != std::string::npos);
}
