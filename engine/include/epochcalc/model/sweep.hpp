// Epoch times over many batch sizes for one scenario: the data behind the batch-size chart. Series are
// plain arrays (one per quantity), so they can cross into JavaScript as typed arrays.
#pragma once

#include <cstdint>
#include <vector>

#include "epochcalc/model/model.hpp"

namespace epochcalc {

// The default grid: log-spaced points from 1 to N (sweep_grid_points of them), the powers of two, the
// configured batch size, both ends of every winning range and the batch sizes just outside them (so
// the chart shows each switch), and N; sorted and unique.
inline constexpr int sweep_grid_points = 48;
std::vector<std::int64_t> default_sweep_batch_sizes(const Scenario& scenario, const std::vector<BatchRange>& wins);

// One series per quantity, index-aligned with batch_size.
struct DeviceSeries {
  std::vector<double> epoch_time_s;
  std::vector<double> work_time_s;
  std::vector<double> overhead_time_s;
};
struct SweepSeries {
  std::vector<double> batch_size;
  DeviceSeries host;
  DeviceSeries accelerator;
};

SweepSeries sweep(const Scenario& scenario, const std::vector<std::int64_t>& batch_sizes);

}  // namespace epochcalc
