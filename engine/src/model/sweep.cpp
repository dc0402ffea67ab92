#include "epochcalc/model/sweep.hpp"

#include <algorithm>
#include <cmath>

#include "model/for_size.hpp"
#include "model/resolved_scenario.hpp"

namespace epochcalc {

EPOCHCALC_FOR_SIZE std::vector<std::int64_t> default_sweep_batch_sizes(const Scenario& scenario, const std::vector<BatchRange>& wins) {
  const std::int64_t n = scenario.dataset.training_examples;
  std::vector<std::int64_t> sizes{1, n};
  const double log_n = std::log(static_cast<double>(n));
  for (int i = 1; i < sweep_grid_points; ++i)
    sizes.push_back(static_cast<std::int64_t>(std::llround(std::exp(log_n * i / sweep_grid_points))));
  for (std::int64_t b = 2; b < n; b *= 2) sizes.push_back(b);
  sizes.push_back(std::min(scenario.batch_size, n));
  for (const BatchRange& r : wins)
    for (std::int64_t b : {r.from - 1, r.from, r.to, r.to + 1}) sizes.push_back(b);
  std::erase_if(sizes, [&](std::int64_t b) { return b < 1 || b > n; });
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

SweepSeries sweep(const Scenario& scenario, const std::vector<std::int64_t>& batch_sizes) {
  const detail::ResolvedScenario w = detail::resolve_scenario(scenario);
  SweepSeries out;
  const std::size_t count = batch_sizes.size();
  for (auto* series : {&out.host, &out.accelerator})
    for (auto* values : {&series->epoch_time_s, &series->work_time_s, &series->overhead_time_s}) values->reserve(count);
  out.batch_size.reserve(count);
  for (std::int64_t b : batch_sizes) {
    const EpochCounts counts = detail::counts_at(w, b);
    out.batch_size.push_back(static_cast<double>(b));
    for (auto [rates, series] : {std::pair{&w.host, &out.host}, std::pair{&w.accelerator, &out.accelerator}}) {
      const Run run = detail::run_with(counts, w, *rates);
      series->epoch_time_s.push_back(run.epoch_time_s);
      series->work_time_s.push_back(run.work_time_s);
      series->overhead_time_s.push_back(run.overhead_time_s);
    }
  }
  return out;
}

}  // namespace epochcalc
