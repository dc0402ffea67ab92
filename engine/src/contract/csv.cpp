#include "epochcalc/contract/csv.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace epochcalc {

namespace {

using json = nlohmann::ordered_json;

// Overhead is dispatch + launch + the per-step cost, so the sheet adds up (issue 35: it had no per-step
// column); the batch copies (transfer) are their own part of the epoch.
constexpr std::array<const char*, 11> run_keys{"epoch_time_s",    "compute_time_s", "memory_time_s", "work_time_s",
                                               "dispatch_time_s", "launch_time_s",  "step_time_s",   "overhead_time_s",
                                               "transfer_time_s", "energy_j",       "cost_usd"};


// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string cell(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string row(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) out += ',';
    out += cell(cells[i]);
  }
  return out + "\n";
}

}  // namespace

std::string unit_of_key(const std::string& key) {
  if (key.ends_with("_s")) return "s";
  if (key.ends_with("_j")) return "J";
  if (key.ends_with("_usd")) return "USD";
  return "";
}

namespace {

// A CSV table: a header, a units row, and rows whose cells are numbers (a unit of their column's) or text;
// a number that does not exist (a cost without a price) is an empty cell. Written in SI units to 17
// significant digits (exact: they read back to the same double), or for people (CsvUnits::human): each
// column in the unit its values read best in (ms, µs, mJ, …) to 6 significant figures.
struct CsvCell {
  std::optional<double> number;
  std::string_view text;  // into the document being written, which outlives the table
};

// The rows are made one at a time as they are written (`row_at`), not kept: a 50,000-point grid's table
// held 1.5 million cells at once.
struct CsvTable {
  std::vector<std::string> header, units;
  std::size_t count = 0;
  std::function<void(std::size_t, std::vector<CsvCell>&)> row_at;
};

// A run's columns, the same in every CSV, each named after `prefix` ("host.", "batched.", or none).
void add_run_columns(CsvTable& t, const std::string& prefix) {
  for (const char* key : run_keys) {
    t.header.push_back(prefix + key);
    t.units.push_back(unit_of_key(key));
  }
}

CsvCell num(const json& value) { return value.is_null() ? CsvCell{} : CsvCell{value.get<double>(), {}}; }
CsvCell txt(const json& value) { return {std::nullopt, value.get_ref<const std::string&>()}; }

// The unit a column of one SI unit reads best in: the largest whose values are mostly at least 1.
std::pair<double, std::string> human_unit(const std::string& si, const std::vector<double>& values) {
  static const std::vector<std::pair<double, std::string>> time{{3600, "h"}, {60, "min"}, {1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
  static const std::vector<std::pair<double, std::string>> energy{{1e3, "kJ"}, {1, "J"}, {1e-3, "mJ"}, {1e-6, "µJ"}};
  const auto* scale = si == "s" ? &time : si == "J" ? &energy : nullptr;
  if (!scale || values.empty()) return {1.0, si};
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  const double typical = sorted[sorted.size() / 2];
  for (const auto& [factor, name] : *scale)
    if (typical >= factor) return {factor, name};
  return scale->back();
}

std::string render(const CsvTable& t, CsvUnits units) {
  std::vector<CsvCell> r;
  std::vector<std::pair<double, std::string>> scales;
  for (std::size_t c = 0; c < t.header.size(); ++c) scales.emplace_back(1.0, t.units[c]);
  if (units == CsvUnits::human) {
    std::vector<std::vector<double>> values(t.header.size());
    for (std::size_t i = 0; i < t.count; ++i) {
      r.clear();
      t.row_at(i, r);
      for (std::size_t c = 0; c < r.size(); ++c)
        if (r[c].number && *r[c].number != 0) values[c].push_back(std::fabs(*r[c].number));
    }
    for (std::size_t c = 0; c < t.header.size(); ++c) scales[c] = human_unit(t.units[c], values[c]);
  }
  std::vector<std::string> unit_row;
  for (const auto& s : scales) unit_row.push_back(s.second);
  // A column's name says its unit ("epoch_time_s"): one read in another unit is named after it
  // ("epoch_time_ms", "energy_mJ"; µ as u), so no header says seconds over milliseconds (issue 45).
  std::vector<std::string> header = t.header;
  for (std::size_t c = 0; c < header.size(); ++c) {
    const std::string si_suffix = t.units[c] == "s" ? "_s" : t.units[c] == "J" ? "_j" : "";
    if (si_suffix.empty() || scales[c].second == t.units[c] || !header[c].ends_with(si_suffix)) continue;
    std::string unit = scales[c].second;
    if (unit.starts_with("µ")) unit = "u" + unit.substr(std::string_view("µ").size());
    header[c] = header[c].substr(0, header[c].size() - si_suffix.size()) + "_" + unit;
  }
  std::string out = row(header) + row(unit_row);
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < t.count; ++i) {
    r.clear();
    t.row_at(i, r);
    cells.clear();
    for (std::size_t c = 0; c < r.size(); ++c) {
      if (!r[c].number) {
        cells.emplace_back(r[c].text);
        continue;
      }
      char buffer[40];
      std::snprintf(buffer, sizeof buffer, units == CsvUnits::human ? "%.6g" : "%.17g", *r[c].number / scales[c].first);
      cells.push_back(buffer);
    }
    out += row(cells);
  }
  return out;
}

}  // namespace

std::string csv_field_sweep(const json& sweep, CsvUnits units) {
  CsvTable t;
  t.header = {sweep.at("x").at("path")};
  t.units = {sweep.at("x").at("unit")};
  const bool grid = sweep.contains("y");
  if (grid) {
    t.header.push_back(sweep.at("y").at("path"));
    t.units.push_back(sweep.at("y").at("unit"));
  }
  for (const char* device : {"host", "accelerator"}) add_run_columns(t, std::string(device) + ".");
  t.header.insert(t.header.end(), {"speedup", "faster"});
  t.units.insert(t.units.end(), {"", ""});
  t.count = sweep.at("points").get<std::size_t>();
  t.row_at = [&](std::size_t i, std::vector<CsvCell>& cells) {
    cells.push_back(num(sweep.at("x").at("values")[i]));
    if (grid) cells.push_back(num(sweep.at("y").at("values")[i]));
    for (const char* device : {"host", "accelerator"}) {
      // A device without a price has no cost: empty, never 0.
      const bool priced = sweep.at(device).value("priced", true);
      for (const char* key : run_keys)
        cells.push_back(std::string_view(key) == "cost_usd" && !priced ? CsvCell{} : num(sweep.at(device).at(key)[i]));
    }
    cells.push_back(num(sweep.at("speedup")[i]));
    cells.push_back(txt(sweep.at("winner")[i]));
  };
  return render(t, units);
}

std::string csv_compare(const json& comparison, CsvUnits units) {
  // Across batch sizes: one row per device and batch size (long, as pandas and a plot take it).
  if (comparison.contains("across")) {
    const json& across = comparison.at("across");
    const json& devices = across.at("devices");
    const std::size_t points = across.at("batch_size").size();
    CsvTable t;
    t.header = {"batch_size", "device", "epoch_time_s", "cost_usd"};
    t.units = {"", "", "s", "USD"};
    t.count = points * devices.size();
    t.row_at = [&](std::size_t i, std::vector<CsvCell>& cells) {
      const json& d = devices[i / points];
      const std::size_t k = i % points;
      cells.push_back(num(across.at("batch_size")[k]));
      cells.push_back(txt(d.at("id")));
      cells.push_back(num(d.at("epoch_time_s")[k]));
      cells.push_back(d.at("cost_usd").is_null() ? CsvCell{} : num(d.at("cost_usd")[k]));
    };
    return render(t, units);
  }
  CsvTable t;
  // Each row says the batch size and the price it was costed at, and whether that price was given or
  // is a cited list price (issue 45: an unpriced L4 silently cost its list price).
  t.header = {"device", "runs_as", "batch_size", "price_per_hour", "price_from", "idle_power"};
  t.units = {"", "", "", "USD/h", "", "W"};
  for (const char* batch : {"batched", "batch_one"}) add_run_columns(t, std::string(batch) + ".");
  std::vector<const json*> devices;
  for (const json& d : comparison.at("devices"))
    if (d.at("has_precision").get<bool>()) devices.push_back(&d);
  t.count = devices.size();
  t.row_at = [&](std::size_t i, std::vector<CsvCell>& cells) {
    const json& d = *devices[i];
    cells.push_back(txt(d.at("id")));
    cells.push_back(txt(d.at("runs_as")));
    cells.push_back(num(comparison.at("batch_size")));
    const json& price = d.at("price");
    cells.push_back(price.is_null() ? CsvCell{} : num(price.at("usd_per_hour")));
    cells.push_back(price.is_null() ? CsvCell{} : txt(price.at("from")));
    const json& idle = d.at("idle_power_w");
    cells.push_back(idle.is_null() ? CsvCell{} : num(idle));
    for (const char* batch : {"batched", "batch_one"})
      for (const char* key : run_keys) cells.push_back(num(d.at(batch).at(key)));
  };
  return render(t, units);
}

std::string csv_result(const json& result, CsvUnits units) {
  CsvTable t;
  t.header = {"device", "batch_size"};
  t.units = {"", ""};
  add_run_columns(t, "");
  // Four rows: each device at the batch size and at batch one.
  t.count = 4;
  t.row_at = [&](std::size_t i, std::vector<CsvCell>& cells) {
    const char* device = i < 2 ? "host" : "accelerator";
    const char* batch = i % 2 == 0 ? "batched" : "batch_one";
    const json& run = result.at(device).at(batch);
    cells.push_back({std::nullopt, device});
    cells.push_back(num(result.at("network").at(batch).at("batch_size")));
    for (const char* key : run_keys) cells.push_back(num(run.value(key, json())));
  };
  return render(t, units);
}

}  // namespace epochcalc
