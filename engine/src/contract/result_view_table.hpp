// Private to the engine: the result view's table (result_view.hpp), one row a number, read from a Result
// by a member pointer or a getter, so the names and the values come from the same rows. Shared by the
// writer (result_view.cpp, run on every edit) and the names (result_view_names.cpp, built once).
#pragma once

#include <iterator>

#include "epochcalc/model/model.hpp"

namespace epochcalc::view_table {

struct RunSlot {
  const char* name;
  double Run::*member;
};
// A run's numbers, in the order the result document writes them.
inline constexpr RunSlot run_slots[] = {
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
inline constexpr const char* roles[] = {"host", "accelerator"};
inline constexpr const char* runs[] = {"batched", "batch_one"};

struct CountSlot {
  const char* name;
  double (*get)(const EpochCounts&);
};
inline constexpr CountSlot count_slots[] = {
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
inline constexpr ComparisonSlot comparison_slots[] = {
    {"accelerator_speedup_batched", [](const Comparison& c) { return c.accelerator_speedup_batched; }},
    {"accelerator_speedup_batch_one", [](const Comparison& c) { return c.accelerator_speedup_batch_one; }},
    {"batching_speedup_host", [](const Comparison& c) { return c.batching_speedup_host; }},
    {"batching_speedup_accelerator", [](const Comparison& c) { return c.batching_speedup_accelerator; }},
    {"crossover_batch_size",
     [](const Comparison& c) { return c.crossover_batch_size ? static_cast<double>(*c.crossover_batch_size) : 0.0; }},
};

inline const DeviceResult& device_of(const Result& r, std::size_t role) { return role == 0 ? r.host : r.accelerator; }
inline const Run& run_of(const DeviceResult& d, std::size_t run) { return run == 0 ? d.batched : d.batch_one; }
inline const EpochCounts& counts_of(const Result& r, std::size_t run) { return run == 0 ? r.batched : r.batch_one; }


// The writer marks a cost without a price in place: the cost is each run's last number.
static_assert(run_slots[std::size(run_slots) - 1].member == &Run::cost_usd);

// Every slot: four runs of run_slots, the network's layers and parameters, two runs of count_slots,
// then comparison_slots.
inline constexpr std::size_t slot_count =
    std::size(roles) * std::size(runs) * std::size(run_slots) + 2 + std::size(runs) * std::size(count_slots) + std::size(comparison_slots);

}  // namespace epochcalc::view_table
