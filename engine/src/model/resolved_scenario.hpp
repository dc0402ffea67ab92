// A scenario resolved once for the hot path: the precision's peak looked up, the per-step operation
// count and the passes worked out, so evaluating one batch size is a handful of multiplications.
// Private to the engine; model.cpp and sweep.cpp share it.
#pragma once

#include <cstdint>

#include "epochcalc/model/model.hpp"

namespace epochcalc::detail {

// One device in its role: its hardware rates and the overheads it pays (its own or the scenario's).
struct Rates {
  double peak_flops = 0;        // at the scenario's precision
  double memory_bandwidth = 0;
  double slowdown = 1;          // 1 / efficiency: the factor on compute and memory time
  bool pays_launch = false;     // the accelerator pays a kernel launch per operation
  double calls_per_step = 0;    // graph launches per step; 0 = one call per operation
  double ops_per_step = 0;      // L·o + x with this device's counts
  double dispatch = 0;          // s per call
  double launch = 0;            // s per launch
  double step_overhead = 0;     // s per step
  double copy_per_step = 0;     // s per step to copy a batch: the link's latency (accelerator only)
  double copy_per_example = 0;  // s per example: input bytes ÷ link bandwidth (accelerator only)
  double idle_power = 0;        // W, for the whole epoch
  double price_per_hour = 0;    // USD, 0 when not given
  bool priced = false;          // a price was given (0 is one)
};

struct ResolvedScenario {
  NetworkShape shape;
  std::int64_t examples = 0;  // N
  double passes = 3;          // GEMM passes per layer (k)
  // F = flops_per_example · n and Y = bytes_per_step · s + bytes_per_example · n: the counts' two
  // coefficients, worked out once (the first layer's input-gradient pass left out where it is skipped).
  double flops_per_example = 0;
  double bytes_per_step = 0;
  double bytes_per_example = 0;
  double element_bytes = 4;   // e
  double ops_per_step = 0;    // L·o + x with the scenario's top-level counts (EpochCounts::launched_ops)
  bool drop_last = false;
  bool roofline = false;
  double flop_energy = 0;
  double byte_energy = 0;
  Rates host;
  Rates accelerator;
};

// A ratio that stays finite: the model never divides by zero for a validated scenario, but a
// result must never carry NaN or infinity even if that precondition is broken.
inline double safe_ratio(double numerator, double denominator) { return denominator > 0 ? numerator / denominator : 0.0; }

// The time terms of one epoch on one device (the Run's *_time_s fields; the rest stay 0): what every
// evaluation needs. run_with adds the overhead fraction and the energies; the win search needs only these.
[[gnu::always_inline]] inline Run times_of(const EpochCounts& counts, const ResolvedScenario& w, const Rates& rates) {
  Run t;
  t.compute_time_s = safe_ratio(counts.flops, rates.peak_flops) * rates.slowdown;
  t.memory_time_s = safe_ratio(counts.bytes, rates.memory_bandwidth) * rates.slowdown;
  t.work_time_s = w.roofline ? (t.compute_time_s < t.memory_time_s ? t.memory_time_s : t.compute_time_s)
                             : t.compute_time_s + t.memory_time_s;
  // A replayed graph is one host call and one launch; otherwise every operation is both.
  const double steps = static_cast<double>(counts.steps_per_epoch);
  t.dispatches = steps * (rates.calls_per_step > 0 ? rates.calls_per_step : rates.ops_per_step);
  t.launches = rates.pays_launch ? t.dispatches : 0.0;
  t.dispatch_time_s = t.dispatches * rates.dispatch;
  t.launch_time_s = t.launches * rates.launch;
  t.step_time_s = steps * rates.step_overhead;
  t.overhead_time_s = t.dispatch_time_s + t.launch_time_s + t.step_time_s;
  t.transfer_time_s = steps * rates.copy_per_step + static_cast<double>(counts.examples) * rates.copy_per_example;
  t.epoch_time_s = t.work_time_s + t.overhead_time_s + t.transfer_time_s;
  return t;
}

// What the counts of an epoch need (no devices, no prices), worked out once for resolve_scenario.
ResolvedScenario counting_scenario(const NetworkShape& shape, std::int64_t examples, const Assumptions& assumptions,
                           int element_bytes);
ResolvedScenario resolve_scenario(const Scenario& scenario);
// A device's rates in a role (host or accelerator): its hardware with that role's efficiency, the
// overheads the role pays and, as the accelerator, its host link. `w` gives the shape and element size.
Rates rates_for_role(const Scenario& scenario, const ResolvedScenario& w, const Device& device, bool is_accelerator);
std::int64_t steps_for(std::int64_t examples, std::int64_t batch, bool drop_last);
// The counts of an epoch of `steps` steps over `examples` examples (the batch size is only recorded).
// Inline: the range search (batch_search.cpp) evaluates it at every probe.
inline EpochCounts counts_of(const ResolvedScenario& w, std::int64_t batch, std::int64_t steps, std::int64_t examples) {
  EpochCounts counts;
  counts.batch_size = batch;
  counts.steps_per_epoch = steps;
  counts.examples = examples;
  const double s = static_cast<double>(steps);
  const double n = static_cast<double>(examples);
  counts.flops = w.flops_per_example * n;
  // Every step reads the weights and biases once per pass; activation traffic scales with the examples.
  counts.bytes = w.bytes_per_step * s + w.bytes_per_example * n;
  counts.launched_ops = s * w.ops_per_step;
  return counts;
}
EpochCounts counts_at(const ResolvedScenario& w, std::int64_t batch);
Run run_with(const EpochCounts& counts, const ResolvedScenario& w, const Rates& rates);

}  // namespace epochcalc::detail
