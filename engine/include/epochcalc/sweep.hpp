// Epoch times over many batch sizes for one scenario: the data behind the batch-size chart.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "epochcalc/model.hpp"

namespace epochcalc {

struct SweepPoint {
  std::int64_t batch_size = 0;
  Run host;
  Run accelerator;
};

// Powers of two from 1 up to the dataset size, plus the configured batch size, the crossover batch
// size (and the one before it) and the dataset size itself, sorted and unique.
std::vector<std::int64_t> default_sweep_batch_sizes(const Scenario& scenario,
                                                     std::optional<std::int64_t> crossover);

std::vector<SweepPoint> sweep(const Scenario& scenario, const std::vector<std::int64_t>& batch_sizes);

}  // namespace epochcalc
