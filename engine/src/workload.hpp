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

Workload workload_of(const Scenario& scenario);
std::int64_t steps_for(std::int64_t examples, std::int64_t batch, bool drop_last);
// The profile of an epoch of `steps` steps over `examples` examples (the batch size is only recorded).
Profile profile_of(const Workload& w, std::int64_t batch, std::int64_t steps, std::int64_t examples);
Profile profile_at(const Workload& w, std::int64_t batch);
Run run_with(const Profile& profile, const Workload& w, const Rates& rates);

}  // namespace epochcalc::detail
