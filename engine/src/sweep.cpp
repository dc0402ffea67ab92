#include "epochcalc/sweep.hpp"

#include <algorithm>

namespace epochcalc {

std::vector<std::int64_t> default_sweep_batch_sizes(const Scenario& scenario,
                                                     std::optional<std::int64_t> crossover) {
  const std::int64_t n = scenario.dataset.training_examples;
  std::vector<std::int64_t> sizes;
  for (std::int64_t b = 1; b <= n; b *= 2) sizes.push_back(b);
  sizes.push_back(n);
  if (scenario.batch_size <= n) sizes.push_back(scenario.batch_size);
  if (crossover) {
    sizes.push_back(*crossover);
    if (*crossover > 1) sizes.push_back(*crossover - 1);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::vector<SweepPoint> sweep(const Scenario& scenario, const std::vector<std::int64_t>& batch_sizes) {
  const NetworkShape shape = network_shape(scenario.widths);
  const int element_bytes = bytes_per_element(scenario.precision).value_or(4);
  std::vector<SweepPoint> points;
  points.reserve(batch_sizes.size());
  for (std::int64_t b : batch_sizes) {
    const Profile profile = epoch_profile(shape, scenario.dataset.training_examples, b, scenario.assumptions, element_bytes);
    points.push_back({b, run_on_device(profile, scenario.host, scenario, false),
                      run_on_device(profile, scenario.accelerator, scenario, true)});
  }
  return points;
}

}  // namespace epochcalc
