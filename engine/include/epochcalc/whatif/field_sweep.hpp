// Sweeps of any numeric field: the scenario solved with one field (or two, over a grid) set to each
// value, reached through the field table (fields.hpp). Plain structs in and out, one series per
// quantity, so they cross into JavaScript as typed arrays. Values are in SI units and already checked
// against the field's limits by the caller; the scenario is validated once, not per point.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc {

// The batched epoch's parts on one device, one entry per point.
struct RunSeries {
  std::vector<double> epoch_time_s;
  std::vector<double> compute_time_s;
  std::vector<double> memory_time_s;
  std::vector<double> dispatch_time_s;
  std::vector<double> launch_time_s;
  std::vector<double> step_time_s;
  std::vector<double> work_time_s;
  std::vector<double> overhead_time_s;
  std::vector<double> transfer_time_s;
  std::vector<double> energy_j;
  std::vector<double> cost_usd;  // 0 without a price
};

// Whether the device has a price at any point of the sweep: without one its cost is none, not the
// zeros `cost_usd` holds.
inline bool priced(const RunSeries& s) {
  for (double c : s.cost_usd)
    if (c > 0) return true;
  return false;
}

struct FieldSweep {
  std::vector<double> x;  // the first field's value at each point
  std::vector<double> y;  // the second field's, over a grid; empty for one field
  RunSeries host;
  RunSeries accelerator;
  std::vector<double> speedup;  // host epoch ÷ accelerator epoch
  std::vector<std::uint8_t> accelerator_faster;  // 1 where the accelerator's epoch is strictly shorter
};

// One field over `values`.
FieldSweep sweep_field(const Scenario& scenario, const NumberField& field, std::span<const double> values);

// The values a chart across one field shows by default (the page's other axes and its map): a factor of
// 30 either side of the scenario's value, within the field's limits, on a log scale (whole numbers for
// an integer field); from 0 on a linear scale when the value is 0, to 16 for a whole number and 100 us
// for a time (docs/model.md, "A field sweep").
struct SweepRange {
  double from = 0;
  double to = 0;
  bool log = false;
};
SweepRange default_sweep_range(const Scenario& scenario, const NumberField& field);
// Two fields over every pair, row-major: point i·|ys| + j has x = xs[i] and y = ys[j].
FieldSweep sweep_grid(const Scenario& scenario, const NumberField& x, std::span<const double> xs,
                      const NumberField& y, std::span<const double> ys);

}  // namespace epochcalc
