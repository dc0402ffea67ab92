// Devices side by side (compare.hpp) against brute force: each contender's runs equal solving the
// scenario with that device in its slot, and the envelope equals the fastest contender found by
// solving every batch size from 1 to N, for every registry device on the default scenario
// (N = 60,000) and on generated scenarios with ties.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "draw.hpp"
#include "default_scenario.hpp"
#include "epochcalc/model/compare.hpp"
#include "epochcalc/scenario/registry.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {

// The scenario with the contender in the slot it runs in.
Scenario with_contender(Scenario s, const Contender& c) {
  (c.runs_as_host ? s.host : s.accelerator) = c.device;
  return s;
}


// Expands an envelope to one contender per batch size 1..N (checking that it covers them in order).
std::vector<std::size_t> per_batch(const std::vector<EnvelopeRange>& ranges, std::int64_t n) {
  std::vector<std::size_t> winner;
  std::int64_t next = 1;
  for (const EnvelopeRange& r : ranges) {
    REQUIRE(r.from == next);
    REQUIRE(r.to >= r.from);
    for (std::int64_t b = r.from; b <= r.to; ++b) winner.push_back(r.index);
    next = r.to + 1;
  }
  REQUIRE(next == n + 1);
  return winner;
}

// Checks the comparison against solving each contender at each batch size 1..N: the fastest, and the
// cheapest among those with a price.
void check_comparison(const Scenario& s, const std::vector<Contender>& contenders) {
  const DeviceComparison got = compare_devices(s, contenders);
  REQUIRE(got.results.size() == contenders.size());
  for (std::size_t i = 0; i < contenders.size(); ++i) {
    CAPTURE(contenders[i].label);
    const bool has = contenders[i].device.peak_flops.contains(s.precision);
    CHECK(got.results[i].has_precision == has);
    if (!has) continue;
    const Result r = solve(with_contender(s, contenders[i]));
    const DeviceResult& want = contenders[i].runs_as_host ? r.host : r.accelerator;
    CHECK(got.results[i].runs.batched.epoch_time_s == want.batched.epoch_time_s);
    CHECK(got.results[i].runs.batched.energy_j == want.batched.energy_j);
    CHECK(got.results[i].runs.batch_one.epoch_time_s == want.batch_one.epoch_time_s);
  }
  std::vector<Scenario> slotted;
  for (const Contender& c : contenders) slotted.push_back(with_contender(s, c));
  const std::int64_t n = s.dataset.training_examples;
  bool any_price = false;
  for (std::size_t i = 0; i < contenders.size(); ++i)
    any_price = any_price || (got.results[i].has_precision && contenders[i].device.price_per_hour > 0);
  CHECK(got.cheapest.empty() == !any_price);
  const std::vector<std::size_t> fastest = per_batch(got.fastest, n);
  const std::vector<std::size_t> cheapest = any_price ? per_batch(got.cheapest, n) : std::vector<std::size_t>{};
  for (bool by_cost : {false, true}) {
    if (by_cost && !any_price) continue;
    for (std::int64_t b = 1; b <= n; ++b) {
      std::size_t best = contenders.size();
      double best_value = 0;
      for (std::size_t i = 0; i < contenders.size(); ++i) {
        if (!got.results[i].has_precision || (by_cost && !(contenders[i].device.price_per_hour > 0))) continue;
        const EpochTimes times = epoch_times_at(slotted[i], b);
        const double t = contenders[i].runs_as_host ? times.host_s : times.accelerator_s;
        const double v = by_cost ? contenders[i].device.price_per_hour * t : t;
        if (best == contenders.size() || v < best_value) best = i, best_value = v;
      }
      const std::size_t got_best = (by_cost ? cheapest : fastest)[static_cast<std::size_t>(b - 1)];
      if (got_best != best) {
        CAPTURE(b);
        CAPTURE(by_cost);
        CHECK(got_best == best);
        return;  // one message per scenario
      }
    }
  }
}

}  // namespace

TEST_CASE("every registry device on the default scenario: the envelope equals brute force over N = 60,000") {
  const Scenario s = default_scenario();
  REQUIRE(s.dataset.training_examples == 60000);
  std::vector<Contender> contenders;
  for (const registry::HardwareEntry& h : registry::hardware())
    contenders.push_back({h.id, h.device, h.runs_as_host()});
  check_comparison(s, contenders);
  // With prices on some of them (hypothetical, for the test), the cheapest envelope too.
  const std::vector<double> prices{0.4, 2.5, 1.5, 0.8, 0.35};
  for (std::size_t i = 0; i < prices.size() && i < contenders.size(); ++i) contenders[i].device.price_per_hour = prices[i];
  const DeviceComparison priced = compare_devices(s, contenders);
  CHECK(priced.cheapest.size() > 1);
  check_comparison(s, contenders);
  // At fp16 the CPUs without a peak there drop out, and the rest still match.
  Scenario half = s;
  half.precision = "fp16";
  half.host.peak_flops["fp16"] = half.host.peak_flops["fp32"];
  half.accelerator.peak_flops["fp16"] = half.accelerator.peak_flops["fp32"];
  check_comparison(half, contenders);
}

TEST_CASE("generated scenarios and devices, twins included: the envelope equals brute force (N <= 1500)") {
  Draw d(0xc0e9a7e);
  int changes = 0, cheap_changes = 0;
  for (int i = 0; i < 200; ++i) {
    const Scenario s = draw(d, 1500);
    CAPTURE(i);
    CAPTURE(describe(s));
    std::vector<Contender> contenders{{"host", s.host, true}, {"accelerator", s.accelerator, false}};
    const Scenario other = draw(d, 1500);
    contenders.push_back({"third", other.accelerator, d.chance(0.5)});
    contenders[2].device.peak_flops[s.precision] = other.accelerator.peak_flops.begin()->second;
    // A twin of the first contender in the same role: exact ties, won by the first in the list.
    if (d.chance(0.3)) contenders.push_back({"twin", s.host, true});
    // Prices on some contenders (a cheap slow device can be the cheapest where it is not the fastest).
    for (Contender& c : contenders)
      if (d.chance(0.6)) c.device.price_per_hour = d.decades(-1, 2);
    check_comparison(s, contenders);
    const DeviceComparison got = compare_devices(s, contenders);
    changes += got.fastest.size() > 1 ? 1 : 0;
    cheap_changes += got.cheapest.size() > 1 ? 1 : 0;
  }
  // The winner changes inside [1, N] in many draws, so the envelopes' boundaries are tested.
  CHECK(changes > 30);
  CHECK(cheap_changes > 10);
}
