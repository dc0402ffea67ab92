// Devices side by side (compare.hpp). The envelope is exact: for every ordered pair of contenders the
// range search (batch_search.hpp) finds where one is strictly faster than the other; between two
// consecutive ends of those ranges every pair keeps its order, so the fastest contender at a segment's
// first batch size is the fastest over the whole segment.
#include "epochcalc/model/compare.hpp"

#include <algorithm>

#include "model/batch_search.hpp"
#include "model/resolved_scenario.hpp"

namespace epochcalc {

namespace {

using namespace detail;

// The rates of a contender: its own hardware and link, the overheads and efficiency of its role.
Rates rates_of(const Scenario& s, const ResolvedScenario& w, const Contender& c) {
  return rates_for_role(s, w, c.device, !c.runs_as_host);
}

// What the envelope minimises: the epoch time (weight 1), or the cost (weight the price per hour).
double weight_of(const Rates& rates, bool by_cost) { return by_cost ? rates.price_per_hour : 1.0; }

// The contender with the least weighted epoch at one batch size, the first on a tie.
std::size_t best_at(const ResolvedScenario& w, const std::vector<Rates>& rates, const std::vector<std::size_t>& running,
                    bool by_cost, std::int64_t batch) {
  const EpochCounts counts = counts_at(w, batch);
  const auto value = [&](std::size_t i) { return weight_of(rates[i], by_cost) * times_of(counts, w, rates[i]).epoch_time_s; };
  std::size_t best = running.front();
  double best_value = value(best);
  for (std::size_t i : running) {
    const double v = value(i);
    if (v < best_value) best = i, best_value = v;
  }
  return best;
}

// Over batch sizes 1..N, the contender with the shortest epoch, or (by_cost) the cheapest epoch.
std::vector<EnvelopeRange> envelope(const ResolvedScenario& w, const std::vector<Rates>& rates,
                                    const std::vector<std::size_t>& running, bool by_cost) {
  if (running.empty()) return {};
  // Where any pair's order can change: the first batch size of each range and the one after it.
  std::vector<std::int64_t> starts{1};
  for (std::size_t i : running)
    for (std::size_t j : running) {
      if (i == j) continue;
      Contest faster;  // i strictly better than j: weight_j·epoch_j − weight_i·epoch_i > 0
      faster.terms = {Term{&rates[j], weight_of(rates[j], by_cost), Part::epoch},
                      Term{&rates[i], -weight_of(rates[i], by_cost), Part::epoch}};
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
    const std::size_t best = best_at(w, rates, running, by_cost, starts[k]);
    if (!out.empty() && out.back().index == best) out.back().to = to;
    else out.push_back({starts[k], to, best});
  }
  return out;
}

}  // namespace

std::vector<Run> contender_runs(const Scenario& scenario, const Contender& contender, std::span<const std::int64_t> batches) {
  const ResolvedScenario w = resolve_scenario(scenario);
  const Rates rates = rates_of(scenario, w, contender);
  std::vector<Run> runs;
  runs.reserve(batches.size());
  for (const std::int64_t b : batches) runs.push_back(run_with(counts_at(w, b), w, rates));
  return runs;
}

DeviceComparison compare_devices(const Scenario& scenario, std::span<const Contender> contenders) {
  const ResolvedScenario w = resolve_scenario(scenario);
  const EpochCounts batched = counts_at(w, scenario.batch_size);
  const EpochCounts batch_one = counts_at(w, 1);
  DeviceComparison out;
  std::vector<Rates> rates;
  std::vector<std::size_t> running, priced;
  for (const Contender& c : contenders) {
    rates.push_back(rates_of(scenario, w, c));
    ContenderResult r;
    r.has_precision = rates.back().peak_flops > 0;
    if (r.has_precision) {
      r.runs = {run_with(batched, w, rates.back()), run_with(batch_one, w, rates.back())};
      running.push_back(rates.size() - 1);
      if (rates.back().priced) priced.push_back(rates.size() - 1);
    }
    out.results.push_back(r);
  }
  out.fastest = envelope(w, rates, running, false);
  out.cheapest = envelope(w, rates, priced, true);
  return out;
}

}  // namespace epochcalc
