// The result view's table: one row a number, read from a Result by a member pointer (so the table is
// data, and the names come from the same rows as the values).
#include "epochcalc/contract/result_view.hpp"

#include <limits>
#include <vector>

namespace epochcalc {

namespace {

struct RunSlot {
  const char* name;
  double Run::*member;
};
// A run's numbers, in the order the result document writes them.
constexpr RunSlot run_slots[] = {
    {"epoch_time_s", &Run::epoch_time_s},
    {"compute_time_s", &Run::compute_time_s},
    {"memory_time_s", &Run::memory_time_s},
    {"work_time_s", &Run::work_time_s},
    {"dispatch_time_s", &Run::dispatch_time_s},
    {"launch_time_s", &Run::launch_time_s},
    {"step_time_s", &Run::step_time_s},
    {"transfer_time_s", &Run::transfer_time_s},
    {"overhead_time_s", &Run::overhead_time_s},
    {"overhead_fraction", &Run::overhead_fraction},
    {"dispatches", &Run::dispatches},
    {"launches", &Run::launches},
    {"arithmetic_energy_j", &Run::arithmetic_energy_j},
    {"data_movement_energy_j", &Run::data_movement_energy_j},
    {"idle_energy_j", &Run::idle_energy_j},
    {"energy_j", &Run::energy_j},
    {"cost_usd", &Run::cost_usd},
};
constexpr const char* roles[] = {"host", "accelerator"};
constexpr const char* runs[] = {"batched", "batch_one"};

struct CountSlot {
  const char* name;
  double (*get)(const EpochCounts&);
};
constexpr CountSlot count_slots[] = {
    {"batch_size", [](const EpochCounts& c) { return static_cast<double>(c.batch_size); }},
    {"steps_per_epoch", [](const EpochCounts& c) { return static_cast<double>(c.steps_per_epoch); }},
    {"flops", [](const EpochCounts& c) { return c.flops; }},
    {"bytes", [](const EpochCounts& c) { return c.bytes; }},
    {"launched_ops", [](const EpochCounts& c) { return c.launched_ops; }},
};

struct ComparisonSlot {
  const char* name;
  double (*get)(const Comparison&);
};
constexpr ComparisonSlot comparison_slots[] = {
    {"accelerator_speedup_batched", [](const Comparison& c) { return c.accelerator_speedup_batched; }},
    {"accelerator_speedup_batch_one", [](const Comparison& c) { return c.accelerator_speedup_batch_one; }},
    {"batching_speedup_host", [](const Comparison& c) { return c.batching_speedup_host; }},
    {"batching_speedup_accelerator", [](const Comparison& c) { return c.batching_speedup_accelerator; }},
    {"crossover_batch_size",
     [](const Comparison& c) { return c.crossover_batch_size ? static_cast<double>(*c.crossover_batch_size) : 0.0; }},
};

const DeviceResult& device_of(const Result& r, std::size_t role) { return role == 0 ? r.host : r.accelerator; }
const Run& run_of(const DeviceResult& d, std::size_t run) { return run == 0 ? d.batched : d.batch_one; }
const EpochCounts& counts_of(const Result& r, std::size_t run) { return run == 0 ? r.batched : r.batch_one; }

std::vector<std::string> build_names() {
  std::vector<std::string> names;
  for (const char* role : roles)
    for (const char* run : runs)
      for (const RunSlot& s : run_slots) names.push_back(std::string(role) + "." + run + "." + s.name);
  names.push_back("network.layers");
  names.push_back("network.parameters");
  for (const char* run : runs)
    for (const CountSlot& s : count_slots) names.push_back(std::string("network.") + run + "." + s.name);
  for (const ComparisonSlot& s : comparison_slots) names.push_back(std::string("comparison.") + s.name);
  return names;
}

}  // namespace

std::span<const std::string> result_view_names() {
  static const std::vector<std::string> names = build_names();
  return names;
}

std::size_t result_view_size() {
  return std::size(roles) * std::size(runs) * std::size(run_slots) + 2 + std::size(runs) * std::size(count_slots) +
         std::size(comparison_slots);
}

std::size_t result_view_slot(std::string_view name) {
  const auto names = result_view_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  return names.size();
}

void write_result_view(const Scenario& scenario, const Result& result, std::span<double> out) {
  std::size_t i = 0;
  for (std::size_t role = 0; role < std::size(roles); ++role) {
    const bool priced = (role == 0 ? scenario.host : scenario.accelerator).price_per_hour > 0;
    for (std::size_t run = 0; run < std::size(runs); ++run) {
      const Run& r = run_of(device_of(result, role), run);
      for (const RunSlot& s : run_slots) out[i++] = r.*s.member;
      // A device without a price has no cost: the document's null is NaN here, a missing value.
      if (!priced) out[i - 1] = std::numeric_limits<double>::quiet_NaN();
    }
  }
  out[i++] = result.shape.layers;
  out[i++] = result.shape.parameters;
  for (std::size_t run = 0; run < std::size(runs); ++run)
    for (const CountSlot& s : count_slots) out[i++] = s.get(counts_of(result, run));
  for (const ComparisonSlot& s : comparison_slots) out[i++] = s.get(result.comparison);
}

}  // namespace epochcalc
