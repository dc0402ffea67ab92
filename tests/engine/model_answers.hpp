// The model's answers the tests ask for one at a time, through its public call (solve): the win ranges,
// the crossover, an epoch's counts and one device's run. The engine itself needs none of them apart.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "epochcalc/model/model.hpp"

namespace epochcalc::testing {

inline std::vector<BatchRange> accelerator_win_ranges(const Scenario& s) { return solve(s).comparison.accelerator_wins; }
inline std::optional<std::int64_t> crossover_batch_size(const Scenario& s) { return solve(s).comparison.crossover_batch_size; }

// The scenario's network over `examples` examples at batch size `batch`, with `a` and the precision of
// `bytes` per element (4: fp32, 2: fp16, 1: int8).
inline Scenario counted(Scenario s, std::int64_t examples, std::int64_t batch, const Assumptions& a, int bytes) {
  s.dataset.training_examples = examples;
  s.batch_size = batch;
  s.assumptions = a;
  s.precision = bytes == 4 ? "fp32" : bytes == 2 ? "fp16" : "int8";
  return s;
}
inline EpochCounts epoch_counts(const Scenario& s, std::int64_t examples, std::int64_t batch, const Assumptions& a, int bytes) {
  return solve(counted(s, examples, batch, a, bytes)).batched;
}
// One device's epoch at the batch size and dataset of `counts`.
inline Run run_on_device(const EpochCounts& counts, Scenario s, bool is_accelerator) {
  s.dataset.training_examples = counts.examples;
  s.batch_size = counts.batch_size;
  const Result r = solve(s);
  return is_accelerator ? r.accelerator.batched : r.host.batched;
}

}  // namespace epochcalc::testing
