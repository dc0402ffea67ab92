#include "whatif_args.hpp"

#include <cmath>
#include <cstdint>

#include "epochcalc/scenario/units.hpp"

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

std::string trimmed(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  return std::string(text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1));
}

// The parts of `text` between separators, each trimmed.
std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(trimmed(text.substr(start, end == std::string_view::npos ? end : end - start)));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// "PATH=FROM:TO[:N][:log]" or "PATH=V1,V2,...": each value stays text, read by the engine with the
// field's units.
json sweep_argument(const std::string& text, const std::string& where, Errors& errors) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos) {
    errors.push_back({code::args, where, "a sweep is PATH=FROM:TO[:N][:log] or PATH=V1,V2,...; got \"" + text + "\""});
    return nullptr;
  }
  json out = {{"field", trimmed(std::string_view(text).substr(0, eq))}};
  const std::string_view spec = std::string_view(text).substr(eq + 1);
  if (spec.find(':') == std::string_view::npos) {
    out["values"] = split(spec, ',');
    return out;
  }
  std::vector<std::string> parts = split(spec, ':');
  const bool log = parts.back() == "log";
  if (log) parts.pop_back();
  if (parts.size() < 2 || parts.size() > 3) {
    errors.push_back({code::args, where, "a sweep is FROM:TO, FROM:TO:N or FROM:TO:N:log (e.g. \"1 us:100 us:50:log\"); got \"" +
                                             std::string(spec) + "\""});
    return nullptr;
  }
  out["from"] = parts[0];
  out["to"] = parts[1];
  if (parts.size() == 3) {
    const auto points = parse_plain_number(parts[2]);
    if (!points) {
      errors.push_back({code::args, where, "the number of points is a whole number, e.g. 50; got \"" + parts[2] + "\""});
      return nullptr;
    }
    // A whole number as an integer, as JSON data would give it; any other is the engine's to refuse.
    if (*points == std::floor(*points) && std::fabs(*points) < 9e15) out["points"] = static_cast<std::int64_t>(*points);
    else out["points"] = *points;
  }
  out["log"] = log;
  return out;
}

// "h100-sxm", "l4@0.80/h" or "l4@0.80/h@72 W": an id, then a price per hour (a bare number is in
// USD/h) and an idle power (a term that ends in W).
json device_argument(const std::string& text, std::size_t i, Errors& errors) {
  const std::vector<std::string> parts = split(text, '@');
  const std::string where = "/devices/" + std::to_string(i);
  if (parts.front().empty()) {
    errors.push_back({code::args, where, "device " + std::to_string(i + 1) + " has no id: write registry ids separated by commas, "
                                         "each with an optional @price/h and @idle W (e.g. l4@0.80/h,h100-sxm; see --list-hardware)"});
    return nullptr;
  }
  json out = {{"id", parts.front()}};
  for (std::size_t p = 1; p < parts.size(); ++p) {
    if (parts[p].empty()) {
      errors.push_back({code::args, where, "\"" + text + "\" has nothing after an \"@\": write a price per hour (0.80/h) or an idle power (30 W) there"});
      return nullptr;
    }
    const char* key = parts[p].back() == 'W' ? "idle_power" : "price";
    if (out.contains(key)) {
      errors.push_back({code::args, where, "\"" + text + "\" gives " + (parts[p].back() == 'W' ? "an idle power" : "a price") +
                                               " twice; write a device as id@price/h@idle W, e.g. l4@0.80/h@30 W"});
      return nullptr;
    }
    out[key] = parts[p];
  }
  return out;
}

}  // namespace

json sweep_arguments(const std::vector<std::string>& sweeps, Errors& errors) {
  json out = json::array();
  for (std::size_t i = 0; i < sweeps.size(); ++i) out.push_back(sweep_argument(sweeps[i], "/sweeps/" + std::to_string(i), errors));
  return out;
}

json device_arguments(std::string_view devices, Errors& errors) {
  const std::string list = trimmed(devices);
  if (list == "all" || list == "accelerators") return list;
  json out = json::array();
  const std::vector<std::string> texts = split(list, ',');
  for (std::size_t i = 0; i < texts.size(); ++i) out.push_back(device_argument(texts[i], i, errors));
  return out;
}

}  // namespace epochcalc::cli
