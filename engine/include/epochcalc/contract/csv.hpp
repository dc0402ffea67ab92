// CSV a person and a program can both read, written from the engine's documents: a header row, a units
// row, then one row per point (a sweep or a grid), device (a comparison) or device and batch size (a
// result), each run with the same columns everywhere. Numbers are exact in SI units (17 significant
// digits: they read back to the same double), or for people (CsvUnits::human): each column in the unit
// its values read best in (ms, µs, mJ, ...) to 6 significant figures. A number that does not exist (the
// cost of a device without a price) is an empty cell, never 0.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace epochcalc {

enum class CsvUnits { si, human };

std::string csv_field_sweep(const nlohmann::ordered_json& sweep, CsvUnits units = CsvUnits::si);
std::string csv_compare(const nlohmann::ordered_json& comparison, CsvUnits units = CsvUnits::si);
std::string csv_result(const nlohmann::ordered_json& result, CsvUnits units = CsvUnits::si);
// The SI unit of a result's or a sweep's number by its key's suffix ("epoch_time_s": "s", "energy_j":
// "J", "cost_usd": "USD"; "" for a count or a ratio): the CSV's units row, and Python's column units.
std::string unit_of_key(const std::string& key);

}  // namespace epochcalc
