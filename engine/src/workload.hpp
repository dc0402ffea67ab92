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
  bool pays_launch = false;     // the accelerator pays a kernel launch per operation
};

struct Workload {
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

// The time terms of one epoch on one device: the part of the model every evaluation needs. run_with
// adds the energies and the overhead fraction; the win search needs only these.
struct Times {
  double compute = 0;
  double memory = 0;
  double work = 0;
  double dispatch = 0;
  double launch = 0;
  double overhead = 0;
  double epoch = 0;
};

// A ratio that stays finite: the model never divides by zero for a validated scenario, but a
// result must never carry NaN or infinity even if that precondition is broken.
inline double safe_ratio(double numerator, double denominator) { return denominator > 0 ? numerator / denominator : 0.0; }

inline Times times_of(const Profile& profile, const Workload& w, const Rates& rates) {
  Times t;
  t.compute = safe_ratio(profile.flops, rates.peak_flops);
  t.memory = safe_ratio(profile.bytes, rates.memory_bandwidth);
  t.work = w.roofline ? (t.compute < t.memory ? t.memory : t.compute) : t.compute + t.memory;
  t.dispatch = profile.launched_ops * w.dispatch;
  t.launch = rates.pays_launch ? profile.launched_ops * w.launch : 0.0;
  t.overhead = t.dispatch + t.launch;
  t.epoch = t.work + t.overhead;
  return t;
}

Workload workload_of(const Scenario& scenario);
std::int64_t steps_for(std::int64_t examples, std::int64_t batch, bool drop_last);
// The profile of an epoch of `steps` steps over `examples` examples (the batch size is only recorded).
Profile profile_of(const Workload& w, std::int64_t batch, std::int64_t steps, std::int64_t examples);
Profile profile_at(const Workload& w, std::int64_t batch);
Run run_with(const Profile& profile, const Workload& w, const Rates& rates);

}  // namespace epochcalc::detail
