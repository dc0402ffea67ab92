// A scenario resolved once for the hot path: the precision's peak looked up, the per-step operation
// count and the passes worked out, so evaluating one batch size is a handful of multiplications.
// Private to the engine; model.cpp and sweep.cpp share it.
#pragma once

#include <cstdint>

#include "epochcalc/model.hpp"

namespace epochcalc::detail {

struct Rates {
  double peak_flops = 0;        // at the scenario's precision
  double memory_bandwidth = 0;
  double slowdown = 1;          // 1 / efficiency: the factor on compute and memory time
  bool pays_launch = false;     // the accelerator pays a kernel launch per operation
  double calls_per_step = 0;    // graph launches per step; 0 = one call per operation
  double idle_power = 0;        // W, for the whole epoch
  double price_per_hour = 0;    // USD
};

struct ResolvedScenario {
  NetworkShape shape;
  std::int64_t examples = 0;  // N
  double passes = 3;          // GEMM passes per layer (k)
  double element_bytes = 4;   // e
  double ops_per_step = 0;    // L·o + x
  bool drop_last = false;
  bool roofline = false;
  double dispatch = 0;
  double launch = 0;
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
  t.dispatches = rates.calls_per_step > 0 ? static_cast<double>(counts.steps_per_epoch) * rates.calls_per_step
                                          : counts.launched_ops;
  t.launches = rates.pays_launch ? t.dispatches : 0.0;
  t.dispatch_time_s = t.dispatches * w.dispatch;
  t.launch_time_s = t.launches * w.launch;
  t.overhead_time_s = t.dispatch_time_s + t.launch_time_s;
  t.epoch_time_s = t.work_time_s + t.overhead_time_s;
  return t;
}

// What the counts of an epoch need (no devices, no prices): shared by resolve_scenario and epoch_counts.
ResolvedScenario counting_scenario(const NetworkShape& shape, std::int64_t examples, const Assumptions& assumptions,
                           int element_bytes);
ResolvedScenario resolve_scenario(const Scenario& scenario);
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
  counts.flops = w.passes * 2.0 * w.shape.macs * n;
  // Every step reads the weights and biases once; activation traffic scales with the examples.
  counts.bytes = w.passes * w.element_bytes * (s * w.shape.parameters + n * w.shape.activations);
  counts.launched_ops = s * w.ops_per_step;
  return counts;
}
EpochCounts counts_at(const ResolvedScenario& w, std::int64_t batch);
Run run_with(const EpochCounts& counts, const ResolvedScenario& w, const Rates& rates);

}  // namespace epochcalc::detail
