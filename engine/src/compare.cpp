// Devices side by side (compare.hpp). The envelope is exact: for every ordered pair of contenders the
// range search (batch_search.hpp) finds where one is strictly faster than the other; between two
// consecutive ends of those ranges every pair keeps its order, so the fastest contender at a segment's
// first batch size is the fastest over the whole segment.
#include "epochcalc/compare.hpp"

#include <algorithm>

#include "batch_search.hpp"
#include "resolved_scenario.hpp"

namespace epochcalc {

namespace {

using namespace detail;

// The rates of a contender: its own peak and bandwidth, the overhead and efficiency of its role.
Rates rates_of(const ResolvedScenario& w, const Contender& c, const std::string& precision) {
  Rates rates = c.runs_as_host ? w.host : w.accelerator;
  const auto peak = c.device.peak_flops.find(precision);
  rates.peak_flops = peak == c.device.peak_flops.end() ? 0 : peak->second;
  rates.memory_bandwidth = c.device.memory_bandwidth;
  return rates;
}

// The contender with the shortest epoch at one batch size, the first on a tie.
std::size_t fastest_at(const ResolvedScenario& w, const std::vector<Rates>& rates, const std::vector<std::size_t>& running,
                       std::int64_t batch) {
  const EpochCounts counts = counts_at(w, batch);
  std::size_t best = running.front();
  double best_time = times_of(counts, w, rates[best]).epoch_time_s;
  for (std::size_t i : running) {
    const double t = times_of(counts, w, rates[i]).epoch_time_s;
    if (t < best_time) best = i, best_time = t;
  }
  return best;
}

std::vector<EnvelopeRange> envelope(const ResolvedScenario& w, const std::vector<Rates>& rates,
                                    const std::vector<std::size_t>& running) {
  if (running.empty()) return {};
  // Where any pair's order can change: the first batch size of each range and the one after it.
  std::vector<std::int64_t> starts{1};
  for (std::size_t i : running)
    for (std::size_t j : running) {
      if (i == j) continue;
      Contest faster;  // i strictly faster than j: epoch_j − epoch_i > 0
      faster.terms = {Term{&rates[j], 1, Part::epoch}, Term{&rates[i], -1, Part::epoch}};
      faster.count = 2;
      for (const BatchRange& r : ranges_where(w, faster)) {
        starts.push_back(r.from);
        if (r.to < w.examples) starts.push_back(r.to + 1);
      }
    }
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  std::vector<EnvelopeRange> out;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const std::int64_t to = k + 1 < starts.size() ? starts[k + 1] - 1 : w.examples;
    const std::size_t best = fastest_at(w, rates, running, starts[k]);
    if (!out.empty() && out.back().index == best) out.back().to = to;
    else out.push_back({starts[k], to, best});
  }
  return out;
}

}  // namespace

DeviceComparison compare_devices(const Scenario& scenario, std::span<const Contender> contenders) {
  const ResolvedScenario w = resolve_scenario(scenario);
  const EpochCounts batched = counts_at(w, scenario.batch_size);
  const EpochCounts batch_one = counts_at(w, 1);
  DeviceComparison out;
  std::vector<Rates> rates;
  std::vector<std::size_t> running;
  for (const Contender& c : contenders) {
    rates.push_back(rates_of(w, c, scenario.precision));
    ContenderResult r;
    r.has_precision = rates.back().peak_flops > 0;
    if (r.has_precision) {
      r.runs = {run_with(batched, w, rates.back()), run_with(batch_one, w, rates.back())};
      running.push_back(rates.size() - 1);
    }
    out.results.push_back(r);
  }
  out.fastest = envelope(w, rates, running);
  return out;
}

}  // namespace epochcalc
