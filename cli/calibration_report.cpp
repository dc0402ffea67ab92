#include <algorithm>
#include <cmath>
#include <vector>

#include "epochcalc/scenario/fields.hpp"
#include "format.hpp"
#include "report.hpp"

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

struct Row {
  std::string label;
  std::string value;
};

bool is_time(const std::string& key) { return key == "dispatch" || key == "launch" || key == "step_overhead"; }

std::string shown(const std::string& key, const json& value) {
  const double x = value.get<double>();
  return is_time(key) ? format_time(x) : format_percent(x) + " of peak";
}

bool listed(const json& list, const std::string& path, const char* because = nullptr) {
  for (const json& entry : list)
    if (entry.at("path") == path && (!because || entry.at("because") == because)) return true;
  return false;
}

// One row per value the fit is about: the scenario's constants (the step cost only when it is fitted),
// then each device's own overheads the fit fits; each named by its field's label in the field table.
std::vector<Row> fitted_rows(const json& reply) {
  const json& held = reply.at("held");
  const json& undetermined = reply.at("undetermined");
  std::vector<Row> rows;
  for (const auto& [key, value] : reply.at("fitted").items()) {
    const FieldSpec* field = field_with_last_name(key);  // "/dispatch", "/assumptions/host_efficiency", ...
    const std::string path = field ? field->path : "/" + key;
    std::string text;
    if (!value.is_null()) text = shown(key, value);
    else if (listed(undetermined, path)) text = "not determined";
    else if (listed(held, path, "fit")) text = "held at the scenario's value";
    else if (listed(held, path)) text = "paid by no device: each pays its own";
    else if (key == "step_overhead") continue;
    else text = "held at the scenario's value";
    rows.push_back({field ? field->label : key, text});
  }
  for (const char* role : {"host", "accelerator"})
    for (const auto& [key, value] : reply.at("fitted_own").at(role).items()) {
      const FieldSpec* field = find_field("/overheads/" + std::string(role) + "/" + key);
      const std::string label = field ? field->label : std::string(role) + ": " + key;
      rows.push_back({label, value.is_null() ? "not determined" : shown(key, value)});
    }
  return rows;
}

std::string signed_percent(double fraction) {
  std::string text(1, fraction >= 0 ? '+' : '-');  // one char: GCC 12 warns (wrongly) about "+" + std::string
  return text + format_percent(std::fabs(fraction));
}

}  // namespace

std::string format_calibration(const json& reply) {
  const std::size_t count = reply.at("measurements").size();
  std::string text = "Fitted to " + std::to_string(count) + (count == 1 ? " measured epoch:\n" : " measured epochs:\n");
  const std::vector<Row> rows = fitted_rows(reply);
  std::size_t width = 29;
  for (const Row& row : rows) width = std::max(width, row.label.size() + 2);
  for (const Row& row : rows) text += "  " + pad(row.label, width) + row.value + "\n";
  for (const json& note : reply.at("notes")) text += "Note: " + note.get<std::string>() + "\n";
  text += "\n  " + pad("device", 13) + column("batch", 9) + column("measured", 13) + column("fitted", 13) + column("residual", 10) +
          column("before fit", 13) + "\n";
  for (const json& m : reply.at("measurements"))
    text += "  " + pad(m.at("device").get<std::string>(), 13) + column(format_count(m.at("batch_size").get<double>()), 9) +
            column(format_time(m.at("epoch_time_s").get<double>()), 13) + column(format_time(m.at("predicted_s").get<double>()), 13) +
            column(signed_percent(m.at("relative_residual").get<double>()), 10) +
            column(format_time(m.at("uncalibrated_s").get<double>()), 13) + "\n";
  if (reply.contains("predictions")) {
    // A device without measurements is the uncalibrated model, and its column says so.
    const json& from = reply.at("predicted_from");
    const auto head = [&](const char* device) { return std::string(device) + (from.at(device) == "model" ? " (not measured)" : ""); };
    const std::size_t host_w = std::max<std::size_t>(13, head("host").size() + 2);
    const std::size_t accel_w = std::max<std::size_t>(14, head("accelerator").size() + 2);
    text += "\nThe fitted model's epochs on the scenario's network:\n  " + column("batch", 7) + column(head("host"), host_w) +
            column(head("accelerator"), accel_w) + "\n";
    for (const json& p : reply.at("predictions"))
      text += "  " + column(format_count(p.at("batch_size").get<double>()), 7) +
              column(format_time(p.at("host_epoch_time_s").get<double>()), host_w) +
              column(format_time(p.at("accelerator_epoch_time_s").get<double>()), accel_w) + "\n";
  }
  text += "\nRMS relative residual " + format_percent(reply.at("rms_relative_residual").get<double>()) +
          ". The fitted scenario: epochcalc --calibrate FILE --json, under \"scenario\".\n";
  return text;
}

}  // namespace epochcalc::cli
