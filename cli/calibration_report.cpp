#include <cmath>

#include "format.hpp"
#include "report.hpp"

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

std::string fitted_value(const std::string& key, const json& value, const json& held) {
  for (const json& name : held)
    if (name == key) return "held at the scenario's value";
  if (value.is_null()) return "not determined";
  const double x = value.get<double>();
  return key == "dispatch" || key == "launch" ? format_time(x) : format_percent(x) + " of peak";
}

std::string signed_percent(double fraction) {
  std::string text(1, fraction >= 0 ? '+' : '-');  // one char: GCC 12 warns (wrongly) about "+" + std::string
  return text + format_percent(std::fabs(fraction));
}

}  // namespace

std::string format_calibration(const json& reply) {
  const std::size_t count = reply.at("measurements").size();
  std::string text = "Fitted to " + std::to_string(count) + (count == 1 ? " measured epoch:\n" : " measured epochs:\n");
  const char* words[][2] = {{"dispatch", "Dispatch per operation"},
                            {"launch", "Kernel launch per operation"},
                            {"host_efficiency", "Host efficiency"},
                            {"accelerator_efficiency", "Accelerator efficiency"}};
  for (const auto& [key, label] : words) text += "  " + pad(label, 29) + fitted_value(key, reply.at("fitted").at(key), reply.at("held")) + "\n";
  for (const json& note : reply.at("notes")) text += "Note: " + note.get<std::string>() + "\n";
  text += "\n  " + pad("device", 13) + rpad("batch", 9) + rpad("measured", 13) + rpad("fitted", 13) + rpad("residual", 10) +
          rpad("before fit", 13) + "\n";
  for (const json& m : reply.at("measurements"))
    text += "  " + pad(m.at("device").get<std::string>(), 13) + rpad(format_count(m.at("batch_size").get<double>()), 9) +
            rpad(format_time(m.at("epoch_time_s").get<double>()), 13) + rpad(format_time(m.at("predicted_s").get<double>()), 13) +
            rpad(signed_percent(m.at("relative_residual").get<double>()), 10) +
            rpad(format_time(m.at("uncalibrated_s").get<double>()), 13) + "\n";
  text += "\nRMS relative residual " + format_percent(reply.at("rms_relative_residual").get<double>()) +
          ". The fitted scenario: epochcalc --calibrate FILE --json, under \"scenario\".\n";
  return text;
}

}  // namespace epochcalc::cli
