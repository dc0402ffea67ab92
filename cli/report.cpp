#include "report.hpp"

#include <cstdio>
#include <sstream>

#include "epochcalc/registry.hpp"
#include "format.hpp"

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

std::string pad(const std::string& text, std::size_t width) {
  // Width in characters, not bytes: "µ" is two bytes of UTF-8.
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xC0) != 0x80;
  return shown >= width ? text : text + std::string(width - shown, ' ');
}

std::string rpad(const std::string& text, std::size_t width) {
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xC0) != 0x80;
  return shown >= width ? text : std::string(width - shown, ' ') + text;
}

std::string run_row(const std::string& label, const json& run, bool show_launch) {
  std::string row = "  " + pad(label, 12);
  for (const char* key : {"epoch_time_s", "compute_time_s", "memory_time_s", "dispatch_time_s"})
    row += rpad(format_time(run.at(key).get<double>()), 13);
  row += rpad(show_launch ? format_time(run.at("launch_time_s").get<double>()) : "-", 13);
  row += rpad(format_percent(run.at("overhead_fraction").get<double>()), 10);
  return row + "\n";
}

std::string winner_sentence(const json& result, const char* run, const std::string& batch_label) {
  const std::string host = result.at("host").at("name");
  const std::string accelerator = result.at("accelerator").at("name");
  const double host_s = result.at("host").at(run).at("epoch_time_s");
  const double accel_s = result.at("accelerator").at(run).at("epoch_time_s");
  if (host_s == accel_s) return "At " + batch_label + " both take " + format_time(host_s) + " per epoch.";
  const bool accel_wins = accel_s < host_s;
  const double ratio = accel_wins ? host_s / accel_s : accel_s / host_s;
  const json& dev = result.at(accel_wins ? "accelerator" : "host").at(run);
  return "At " + batch_label + " the " + (accel_wins ? accelerator : host) + " is " + format_ratio(ratio) +
         " faster (" + format_time(accel_wins ? accel_s : host_s) + " against " +
         format_time(accel_wins ? host_s : accel_s) + " per epoch), and " +
         format_percent(dev.at("overhead_fraction").get<double>()) + " of its epoch is per-operation overhead.";
}

}  // namespace

std::string verdict(const json& result) {
  const long long batch = result.at("network").at("batched").at("batch_size");
  std::string text = winner_sentence(result, "batched", "batch size " + std::to_string(batch)) + "\n" +
                     winner_sentence(result, "batch_one", "batch size 1") + "\n";
  const json& crossover = result.at("comparison").at("crossover_batch_size");
  const std::string accelerator = result.at("accelerator").at("name");
  if (crossover.is_null())
    text += "The " + accelerator + " is never faster than the host at any batch size from 1 to the dataset size.";
  else if (crossover.get<long long>() == 1)
    text += "The " + accelerator + " is faster already at batch size 1 (crossover batch size 1).";
  else
    text += "Crossover: the " + accelerator + " first beats the host at batch size " +
            std::to_string(crossover.get<long long>()) + ".";
  return text + "\n";
}

std::string format_report(const json& result) {
  const json& s = result.at("scenario");
  const json& net = result.at("network");
  const json& batched = net.at("batched");
  std::ostringstream out;
  out << s.at("name").get<std::string>() << "\n";
  std::string widths;
  for (const json& w : s.at("network").at("widths")) widths += (widths.empty() ? "" : " -> ") + std::to_string(w.get<long long>());
  const json& a = s.at("assumptions");
  out << "Network " << widths << " (" << net.at("layers") << " dense layers, "
      << format_count(net.at("parameters").get<double>()) << " parameters), " << s.at("precision").get<std::string>()
      << ", " << a.at("phase").get<std::string>() << ", overlap " << a.at("overlap").get<std::string>() << "\n";
  out << "Dataset " << s.at("network").at("dataset").at("name").get<std::string>() << ": "
      << format_count(s.at("network").at("dataset").at("training_examples").get<double>()) << " examples; batch "
      << batched.at("batch_size") << " -> " << format_count(batched.at("steps_per_epoch").get<double>())
      << " steps, " << format_count(batched.at("launched_ops").get<double>()) << " launched ops per epoch (batch 1: "
      << format_count(net.at("batch_one").at("launched_ops").get<double>()) << ")\n";
  out << "Per operation: dispatch " << format_time(s.at("dispatch").get<double>()) << " (both devices), launch "
      << format_time(s.at("launch").get<double>()) << " (accelerator only)\n\n";

  const std::string batch_label = "batch " + std::to_string(batched.at("batch_size").get<long long>());
  out << "  " << pad("", 12);
  for (const char* h : {"epoch", "compute", "memory", "dispatch", "launch"}) out << rpad(h, 13);
  out << rpad("overhead", 10) << "\n";
  for (const char* device : {"host", "accelerator"}) {
    const json& d = result.at(device);
    const bool accel = std::string(device) == "accelerator";
    out << (accel ? "Accelerator: " : "Host: ") << d.at("name").get<std::string>() << "\n";
    out << run_row(batch_label, d.at("batched"), accel) << run_row("batch 1", d.at("batch_one"), accel);
  }
  const json& hb = result.at("host").at("batched");
  out << "\nEnergy per epoch (same on both devices): arithmetic "
      << format_energy(hb.at("arithmetic_energy_j").get<double>()) << ", data movement "
      << format_energy(hb.at("data_movement_energy_j").get<double>()) << " at " << batch_label << ", "
      << format_energy(result.at("host").at("batch_one").at("data_movement_energy_j").get<double>())
      << " at batch 1.\nOverhead time carries no energy in this model.\n\n";
  out << verdict(result);
  for (const json& w : result.at("warnings"))
    if (w.at("code") != "W_OVERHEAD_ENERGY") out << "warning " << w.at("code").get<std::string>() << ": " << w.at("message").get<std::string>() << "\n";
  return out.str();
}

std::string format_errors(const json& error_document) {
  std::string text;
  for (const json& e : error_document.at("errors")) {
    const std::string path = e.at("path");
    text += "error " + e.at("code").get<std::string>() + (path.empty() ? "" : " at " + path) + ": " +
            e.at("message").get<std::string>() + "\n";
  }
  return text;
}

std::string format_presets() {
  std::string text;
  for (const auto& p : registry::presets()) {
    text += pad(p.id, 28) + p.title + (p.id == registry::default_preset_id ? " (default)" : "") + "\n";
    text += std::string(28, ' ') + p.description + "\n";
  }
  return text;
}

std::string format_hardware() {
  std::string text;
  for (const auto& h : registry::hardware()) {
    const Device& d = h.device;
    std::string peaks;
    for (const auto& [precision, rate] : d.peak_flops) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%s%s %.4g TFLOP/s", peaks.empty() ? "" : ", ", precision.c_str(), rate / 1e12);
      peaks += buffer;
    }
    char bandwidth[64];
    std::snprintf(bandwidth, sizeof bandwidth, "%.4g GB/s", d.memory_bandwidth / 1e9);
    text += pad(h.id, 22) + d.name + " [" + h.kind + "]\n" + std::string(22, ' ') + peaks + "; " + bandwidth + "\n" +
            std::string(22, ' ') + "source: " + d.source + "\n";
  }
  return text;
}

std::string format_datasets() {
  std::string text;
  for (const auto& d : registry::datasets())
    text += pad(d.id, 16) + pad(d.dataset.name, 16) + rpad(format_count(static_cast<double>(d.dataset.training_examples)), 11) +
            " training examples; source: " + d.source + "\n";
  return text;
}

}  // namespace epochcalc::cli
