#include "report.hpp"

#include "epochcalc/scenario/in_force.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "epochcalc/scenario/registry.hpp"
#include "format.hpp"

namespace epochcalc::cli {

namespace {

// Columns beyond the seed's appear only when a scenario uses them, so a seed scenario's table is unchanged.
struct ExtraColumns {
  bool step = false;
  bool transfer = false;
};

std::string run_row(const std::string& label, const Run& run, bool show_launch, ExtraColumns extra) {
  std::string row = "  " + pad(label, 12);
  for (double value : {run.epoch_time_s, run.compute_time_s, run.memory_time_s, run.dispatch_time_s})
    row += column(format_time(value), 13);
  row += column(show_launch ? format_time(run.launch_time_s) : "-", 13);
  if (extra.step) row += column(format_time(run.step_time_s), 13);
  if (extra.transfer) row += column(show_launch ? format_time(run.transfer_time_s) : "-", 13);
  row += column(format_percent(run.overhead_fraction), 10);
  return row + "\n";
}

// What one device pays per operation and per step, in words.
std::string paid_line(const Scenario& s, bool is_accelerator, const DeviceResult& runs) {
  const PaidOverheads o = paid_overheads(s, is_accelerator);
  const DeviceOverheads& own = is_accelerator ? s.accelerator_overheads : s.host_overheads;
  const std::string& profile = own.profile.empty() ? s.profile : own.profile;
  const double ops = static_cast<double>(s.widths.size() - 1) * o.ops_per_layer + o.extra_ops_per_step;
  std::string line = std::string(is_accelerator ? "Accelerator" : "Host") + " pays: dispatch " + format_time(o.dispatch);
  if (is_accelerator) line += ", launch " + format_time(o.launch);
  line += " per operation, " + format_count(ops) + " operations per step";
  if (o.launches_per_step > 0) line += " (replayed as " + std::to_string(o.launches_per_step) + " graph launches)";
  // What this device pays in an epoch: its own count, not the scenario's (docs/model.md, "Per epoch").
  line += ": " + format_count(runs.batched.dispatches) + (o.launches_per_step > 0 ? " calls" : " operations") +
          " per epoch (batch 1: " + format_count(runs.batch_one.dispatches) + ")";
  if (o.step_overhead > 0) line += ", " + format_time(o.step_overhead) + " per step";
  if (!profile.empty()) line += "; " + profile + " profile";
  return line + "\n";
}

// Where each overhead value each device pays comes from, once a device has its own: the field that
// sets it and that field's layer (docs/model.md, "The value in force").
std::string in_force_block(const Scenario& s) {
  std::string out = "In force (the field that sets each value, and where it came from):\n";
  for (std::size_t i = 0; i < overhead_slot_count; ++i) {
    const OverheadField& f = overhead_fields()[i];
    std::string line = "  " + pad(std::string(f.key), 20);
    for (const bool accelerator : {false, true}) {
      const ValueInForce v = value_in_force(s, accelerator, static_cast<OverheadSlot>(i));
      if (!v.paid) {
        line += "host pays none";
        continue;
      }
      const bool time = find_field(f.top)->kind == FieldKind::quantity;
      const std::string value = time ? format_time(v.value)
                                : f.key == "launches_per_step" && v.value == 0 ? std::string("none (eager)")
                                                                               : format_count(v.value);
      std::string layer = v.source.layer == Layer::profile  ? std::string(v.source.id) + " profile"
                          : v.source.layer == Layer::preset ? std::string(v.source.id) + " preset"
                          : v.source.layer == Layer::scenario ? std::string("the scenario")
                                                              : std::string("default");
      line += std::string(accelerator ? "; accelerator " : "host ") + value + " (" + dotted_path(v.path) + ", " + layer + ")";
    }
    out += line + "\n";
  }
  return out;
}

std::string winner_sentence(const Scenario& s, const Run& host, const Run& accelerator, const std::string& batch_label) {
  if (host.epoch_time_s == accelerator.epoch_time_s)
    return "At " + batch_label + " both take " + format_time(host.epoch_time_s) + " per epoch.";
  const bool accel_wins = accelerator.epoch_time_s < host.epoch_time_s;
  const Run& winner = accel_wins ? accelerator : host;
  const Run& loser = accel_wins ? host : accelerator;
  return "At " + batch_label + " the " + (accel_wins ? s.accelerator.name : s.host.name) + " is " +
         format_ratio(loser.epoch_time_s / winner.epoch_time_s) + " faster (" + format_time(winner.epoch_time_s) +
         " against " + format_time(loser.epoch_time_s) + " per epoch), and " + format_percent(winner.overhead_fraction) +
         " of its epoch is per-operation overhead.";
}

std::string batch_span(const BatchRange& r) {
  return r.from == r.to ? format_count(static_cast<double>(r.from))
                        : format_count(static_cast<double>(r.from)) + " to " + format_count(static_cast<double>(r.to));
}

std::string join_spans(const std::vector<BatchRange>& ranges) {
  std::string text;
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    if (i > 0) text += i + 1 == ranges.size() ? " and " : ", ";
    text += batch_span(ranges[i]);
  }
  return text;
}

}  // namespace

std::string win_ranges_sentence(const Scenario& s, const Result& result) {
  const std::vector<BatchRange>& wins = result.comparison.accelerator_wins;
  const std::int64_t n = s.dataset.training_examples;
  const std::string accelerator = "the " + s.accelerator.name;
  const std::string all = "1 to " + format_count(static_cast<double>(n));
  if (wins.empty()) return "The " + s.accelerator.name + " is never faster than the host at any batch size from " + all + ".";
  if (wins.size() == 1 && wins[0].from == 1 && wins[0].to == n)
    return "The " + s.accelerator.name + " is faster than the host at every batch size from " + all + ".";
  if (wins.size() == 1 && wins[0].to == n)
    return "Crossover: " + accelerator + " first beats the host at batch size " +
           format_count(static_cast<double>(wins[0].from)) + " and stays faster up to " +
           format_count(static_cast<double>(n)) + ".";
  // The winner changes back: say every range, and where the host wins.
  std::vector<BatchRange> host_wins;
  std::int64_t next = 1;
  for (const BatchRange& r : wins) {
    if (r.from > next) host_wins.push_back({next, r.from - 1});
    next = r.to + 1;
  }
  if (next <= n) host_wins.push_back({next, n});
  return "The " + s.accelerator.name + " is faster only at batch sizes " + join_spans(wins) + "; the host is as fast or faster at " +
         join_spans(host_wins) + ".";
}

std::string verdict(const Scenario& s, const Result& result) {
  return winner_sentence(s, result.host.batched, result.accelerator.batched,
                         "batch size " + format_count(static_cast<double>(s.batch_size))) + "\n" +
         winner_sentence(s, result.host.batch_one, result.accelerator.batch_one, "batch size 1") + "\n" +
         win_ranges_sentence(s, result) + "\n";
}

std::string format_report(const Scenario& s, const Result& result) {
  const EpochCounts& batched = result.batched;
  const Assumptions& a = s.assumptions;
  std::ostringstream out;
  out << s.name << "\n";
  std::string widths;
  for (std::int64_t w : s.widths) widths += (widths.empty() ? "" : " -> ") + std::to_string(w);
  out << "Network " << widths << " (" << result.shape.layers << " dense layers, " << format_count(result.shape.parameters)
      << " parameters), " << s.precision << ", " << phase_info(a.phase).name
      << (a.phase == Phase::training && !a.first_layer_input_gradient ? " without the input gradient (2 passes on the first layer)" : "")
      << ", overlap " << overlap_info(a.overlap).name << "\n";
  out << "Dataset " << s.dataset.name << ": " << format_count(static_cast<double>(s.dataset.training_examples))
      << " examples; batch " << batched.batch_size << " -> " << format_count(static_cast<double>(batched.steps_per_epoch))
      << (batched.steps_per_epoch == 1 ? " step" : " steps");
  // The scenario's count only where both devices pay it; otherwise each device's line gives its own.
  const bool one_count = s.host_overheads.empty() && s.accelerator_overheads.empty();
  if (one_count && result.accelerator.batched.dispatches == batched.launched_ops)
    out << ", " << format_count(batched.launched_ops) << " launched ops per epoch (batch 1: "
        << format_count(result.batch_one.launched_ops) << ")";
  out << "\n";
  if (one_count) {
    out << "Per operation: dispatch " << format_time(s.dispatch) << " (both devices), launch " << format_time(s.launch)
        << " (accelerator only)" << (s.profile.empty() ? "" : ", from the " + s.profile + " profile") << "\n";
    if (s.step_overhead > 0) out << "Per step: " << format_time(s.step_overhead) << " (both devices)\n";
  } else {
    out << paid_line(s, false, result.host) << paid_line(s, true, result.accelerator) << in_force_block(s);
  }
  if (s.accelerator.host_link_bandwidth > 0 || s.accelerator.host_link_latency > 0)
    out << "Each step copies its batch to the accelerator: " << format_time(result.accelerator.batched.transfer_time_s)
        << " per epoch at batch " << batched.batch_size << "\n";
  if (paid_overheads(s, true).launches_per_step > 0 && s.accelerator_overheads.empty())
    out << "The accelerator replays a graph: " << a.launches_per_step
        << (a.launches_per_step == 1 ? " dispatch and launch" : " dispatches and launches") << " per step, "
        << format_count(result.accelerator.batched.launches) << " per epoch at batch " << batched.batch_size
        << "; the host dispatches every operation, " << format_count(result.host.batched.dispatches) << " per epoch\n";
  if (a.host_efficiency != 1 || a.accelerator_efficiency != 1)
    out << "Efficiency (fraction of peak FLOP/s and bandwidth reached): host " << format_percent(a.host_efficiency)
        << ", accelerator " << format_percent(a.accelerator_efficiency) << "\n";
  out << "\n";

  const std::string batch_label = "batch " + std::to_string(batched.batch_size);
  out << "  " << pad("", 12);
  ExtraColumns extra;
  for (const Run* r : {&result.host.batched, &result.accelerator.batched, &result.host.batch_one, &result.accelerator.batch_one}) {
    extra.step |= r->step_time_s > 0;
    extra.transfer |= r->transfer_time_s > 0;
  }
  for (const char* h : {"epoch", "compute", "memory", "dispatch", "launch"}) out << rpad(h, 13);
  if (extra.step) out << rpad("per step", 13);
  if (extra.transfer) out << rpad("copy", 13);
  out << rpad("overhead", 10) << "\n";
  out << "Host: " << s.host.name << "\n"
      << run_row(batch_label, result.host.batched, false, extra) << run_row("batch 1", result.host.batch_one, false, extra);
  out << "Accelerator: " << s.accelerator.name << "\n"
      << run_row(batch_label, result.accelerator.batched, true, extra)
      << run_row("batch 1", result.accelerator.batch_one, true, extra);
  const Run& hb = result.host.batched;
  out << "\nEnergy per epoch (same on both devices): arithmetic " << format_energy(hb.arithmetic_energy_j)
      << ", data movement " << format_energy(hb.data_movement_energy_j) << " at " << batch_label << ", "
      << format_energy(result.host.batch_one.data_movement_energy_j) << " at batch 1.\n";
  // Beyond the seed: idle power over the whole epoch, and a price per hour (docs/model.md, "Energy and cost").
  const auto idle_and_cost = [&](const char* role, const Device& d, const DeviceResult& r) {
    if (d.idle_power > 0)
      out << "Idle energy, " << role << " (" << format_count(d.idle_power) << " W over the epoch): "
          << format_energy(r.batched.idle_energy_j) << " at " << batch_label << ", " << format_energy(r.batch_one.idle_energy_j)
          << " at batch 1; total " << format_energy(r.batched.energy_j) << " at " << batch_label << ".\n";
    if (has_price(d.price_per_hour)) {
      char price[32];
      std::snprintf(price, sizeof price, "%.4g", d.price_per_hour);
      char cost[2][32];
      std::snprintf(cost[0], sizeof cost[0], "%.4g", r.batched.cost_usd);
      std::snprintf(cost[1], sizeof cost[1], "%.4g", r.batch_one.cost_usd);
      out << "Cost per epoch, " << role << " (" << price << " USD/h): " << cost[0] << " USD at " << batch_label << ", "
          << cost[1] << " USD at batch 1.\n";
    }
  };
  idle_and_cost("host", s.host, result.host);
  idle_and_cost("accelerator", s.accelerator, result.accelerator);
  if (!(s.host.idle_power > 0 && s.accelerator.idle_power > 0))
    out << "Overhead time carries no energy without an idle power.\n";
  out << "\n";
  out << verdict(s, result);
  return out.str();
}

std::string format_warnings(const std::vector<Warning>& warnings, bool in_words) {
  std::string out;
  for (const Warning& w : warnings)
    if (!(in_words && w.code == "W_OVERHEAD_ENERGY")) out += "warning " + w.code + ": " + w.message + "\n";
  return out;
}

std::string format_errors(const Errors& errors) {
  std::string text;
  for (const Error& e : errors)
    text += "error " + e.code + (e.path.empty() ? "" : " at " + e.path) + ": " + e.message + "\n";
  return text;
}

namespace {

// The width of a column: its longest entry and two spaces, so no entry runs into the next column.
template <typename Entries, typename Text>
std::size_t column_width(const Entries& entries, Text text) {
  std::size_t width = 0;
  for (const auto& e : entries) width = std::max(width, shown_width(text(e)));
  return width + 2;
}

}  // namespace

std::string format_presets() {
  const auto& presets = registry::presets();
  const std::size_t id_width = column_width(presets, [](const auto& p) { return p.id; });
  std::string text;
  for (const auto& p : presets) {
    text += pad(p.id, id_width) + p.title + (p.id == registry::default_preset_id ? " (default)" : "") + "\n";
    text += std::string(id_width, ' ') + p.description + "\n";
  }
  return text;
}

std::string format_hardware() {
  const std::size_t id_width = column_width(registry::hardware(), [](const auto& h) { return h.id; });
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
    text += pad(h.id, id_width) + d.name + " [" + h.kind + "]\n" + std::string(id_width, ' ') + peaks + "; " + bandwidth +
            "\n" + std::string(id_width, ' ') + "source: " + d.source + "\n";
  }
  return text;
}

std::string format_datasets() {
  const auto& datasets = registry::datasets();
  const std::size_t id_width = column_width(datasets, [](const auto& d) { return d.id; });
  const std::size_t name_width = column_width(datasets, [](const auto& d) { return d.dataset.name; });
  std::string text;
  for (const auto& d : datasets)
    text += pad(d.id, id_width) + pad(d.dataset.name, name_width) +
            rpad(format_count(static_cast<double>(d.dataset.training_examples)), 11) +
            " training examples; source: " + d.source + "\n";
  return text;
}

std::string format_profiles() {
  const auto& profiles = registry::profiles();
  const std::size_t id_width = column_width(profiles, [](const auto& p) { return p.id; });
  std::string text;
  for (const auto& p : profiles) {
    // Every value the profile sets, by its field's label (the engine's field table), in the table's order.
    std::string values;
    for (const std::string& path : profile_fields()) {
      const json* value = &p.values;
      for (std::size_t at = 1; value && at < path.size();) {
        const std::size_t end = std::min(path.find('/', at), path.size());
        const std::string key = path.substr(at, end - at);
        value = value->is_object() && value->contains(key) ? &value->at(key) : nullptr;
        at = end + 1;
      }
      if (!value) continue;
      const FieldSpec* field = find_field(path);
      values += (values.empty() ? "" : ", ") + (field ? field->label : path) + " " +
                (value->is_string() ? value->get<std::string>() : value->dump());
    }
    text += pad(p.id, id_width) + p.title + ": " + values + "\n";
  }
  return text + "Each value's measured range and public sources: epochcalc --list-profiles --json.\n";
}

}  // namespace epochcalc::cli
