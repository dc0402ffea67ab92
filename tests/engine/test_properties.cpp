// Properties of the model over thousands of generated scenarios (issue 10): the parts add up to the
// total, each time moves the right way with each input, the steps cover the dataset, the speedups are
// positive and finite, and the win ranges match trying every batch size. docs/model.md is the source
// of every equation checked here.
//
// The scenarios come from a hand-rolled splitmix64 with a fixed seed and draw without libm (a decade
// from exact powers of ten, then uniform within it), so the native and the wasm build of this file
// test the same scenarios. A failure names the scenario's index and prints every input.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "digest.hpp"
#include "model_answers.hpp"
#include "draw.hpp"
#include "epochcalc/model/model.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {

std::string describe(const std::vector<BatchRange>& ranges) {
  std::string text;
  for (const BatchRange& r : ranges) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "[%lld, %lld] ", static_cast<long long>(r.from), static_cast<long long>(r.to));
    text += buffer;
  }
  return text.empty() ? "none" : text;
}

bool close(double got, double want, double tolerance) {
  return std::fabs(got - want) <= tolerance * std::fabs(want);
}

// The four runs of a result, named for failure messages.
struct NamedRun {
  const char* name;
  const Run& run;
  bool accelerator;
  bool batched;
};
std::vector<NamedRun> runs_of(const Result& r) {
  return {{"host.batched", r.host.batched, false, true},
          {"host.batch_one", r.host.batch_one, false, false},
          {"accelerator.batched", r.accelerator.batched, true, true},
          {"accelerator.batch_one", r.accelerator.batch_one, true, false}};
}

// The steps cover the dataset: s = ⌈N/B⌉ (a batch larger than N is one step of N), or with drop_last
// s = ⌊N/B⌋, s·B ≤ N < (s+1)·B and the examples seen are s·B.
void check_steps(const EpochCounts& p, std::int64_t n, bool drop_last) {
  const std::int64_t b = p.batch_size, s = p.steps_per_epoch;
  CAPTURE(b);
  CAPTURE(s);
  CHECK(s >= 1);
  if (drop_last) {
    CHECK(s == n / b);
    CHECK(s * b <= n);
    CHECK(n < (s + 1) * b);
    CHECK(p.examples == s * b);
  } else {
    CHECK(s == (n + b - 1) / b);
    CHECK((s - 1) * b < n);
    CHECK(n <= s * b);
    CHECK(p.examples == n);
  }
}

// Every number of one solved scenario, against the equations of docs/model.md.
void check_result(const Scenario& s, const Result& r) {
  const Assumptions& a = s.assumptions;
  const bool roofline = a.overlap == Overlap::roofline;
  const std::int64_t n = s.dataset.training_examples;

  // Per example, from the widths.
  double macs = 0, activations = 0, parameters = 0;
  for (std::size_t i = 0; i + 1 < s.widths.size(); ++i) {
    const double in = static_cast<double>(s.widths[i]), out = static_cast<double>(s.widths[i + 1]);
    macs += in * out;
    activations += in + out;
    parameters += in * out + out;
  }
  CHECK(r.shape.layers == static_cast<int>(s.widths.size()) - 1);
  CHECK(r.shape.macs == macs);
  CHECK(r.shape.activations == activations);
  CHECK(r.shape.parameters == parameters);

  check_steps(r.batched, n, a.drop_last);
  check_steps(r.batch_one, n, a.drop_last);
  CHECK(r.batched.batch_size == s.batch_size);
  CHECK(r.batch_one.batch_size == 1);
  CHECK(r.batch_one.steps_per_epoch == n);

  const double k = phase_info(a.phase).gemm_passes;
  const double e = *bytes_per_element(s.precision);
  const double ops_per_step = static_cast<double>(r.shape.layers) * a.ops_per_layer + a.extra_ops_per_step;
  for (const EpochCounts* p : {&r.batched, &r.batch_one}) {
    const double steps = static_cast<double>(p->steps_per_epoch), seen = static_cast<double>(p->examples);
    CHECK(close(p->flops, k * 2 * macs * seen, 1e-15));
    CHECK(close(p->bytes, k * e * (steps * parameters + seen * activations), 1e-15));
    CHECK(p->launched_ops == steps * ops_per_step);
  }

  for (const NamedRun& named : runs_of(r)) {
    CAPTURE(named.name);
    const Run& run = named.run;
    const EpochCounts& p = named.batched ? r.batched : r.batch_one;
    const Device& device = named.accelerator ? s.accelerator : s.host;
    const double efficiency = named.accelerator ? a.accelerator_efficiency : a.host_efficiency;
    for (double value : {run.dispatches, run.launches, run.epoch_time_s, run.compute_time_s, run.memory_time_s,
                         run.work_time_s, run.dispatch_time_s, run.launch_time_s, run.overhead_time_s,
                         run.overhead_fraction, run.arithmetic_energy_j, run.data_movement_energy_j, run.energy_j}) {
      CHECK(std::isfinite(value));
      CHECK(value >= 0);
    }
    // The parts add up to the total, in the order docs/model.md writes them.
    CHECK(run.work_time_s == (roofline ? std::max(run.compute_time_s, run.memory_time_s)
                                       : run.compute_time_s + run.memory_time_s));
    CHECK(run.overhead_time_s == run.dispatch_time_s + run.launch_time_s);
    CHECK(run.epoch_time_s == run.work_time_s + run.overhead_time_s);
    if (!roofline) {
      CHECK(close(run.epoch_time_s,
                  run.compute_time_s + run.memory_time_s + run.dispatch_time_s + run.launch_time_s, 1e-15));
    }
    CHECK(run.epoch_time_s > 0);
    CHECK(run.overhead_fraction == run.overhead_time_s / run.epoch_time_s);
    CHECK(run.overhead_fraction <= 1);
    CHECK(run.energy_j == run.arithmetic_energy_j + run.data_movement_energy_j);
    CHECK(run.arithmetic_energy_j == p.flops * s.flop_energy);
    CHECK(run.data_movement_energy_j == p.bytes * s.dram_energy_per_byte);
    // The terms themselves.
    CHECK(close(run.compute_time_s, p.flops / (efficiency * device.peak_flops.at(s.precision)), 1e-14));
    CHECK(close(run.memory_time_s, p.bytes / (efficiency * device.memory_bandwidth), 1e-14));
    const double calls = named.accelerator && a.launches_per_step > 0
                             ? static_cast<double>(p.steps_per_epoch) * a.launches_per_step
                             : p.launched_ops;
    CHECK(run.dispatches == calls);
    CHECK(run.launches == (named.accelerator ? calls : 0.0));
    CHECK(run.dispatch_time_s == calls * s.dispatch);
    CHECK(run.launch_time_s == (named.accelerator ? calls * s.launch : 0.0));
  }
  // Energy carries no overhead term, so both devices spend the same.
  CHECK(r.host.batched.energy_j == r.accelerator.batched.energy_j);
  CHECK(r.host.batch_one.energy_j == r.accelerator.batch_one.energy_j);

  // Speedups: positive, finite, and the ratios they name.
  const Comparison& c = r.comparison;
  for (double speedup : {c.accelerator_speedup_batched, c.accelerator_speedup_batch_one, c.batching_speedup_host,
                         c.batching_speedup_accelerator}) {
    CHECK(std::isfinite(speedup));
    CHECK(speedup > 0);
  }
  CHECK(c.accelerator_speedup_batched == r.host.batched.epoch_time_s / r.accelerator.batched.epoch_time_s);
  CHECK(c.accelerator_speedup_batch_one == r.host.batch_one.epoch_time_s / r.accelerator.batch_one.epoch_time_s);
  CHECK(c.batching_speedup_host == r.host.batch_one.epoch_time_s / r.host.batched.epoch_time_s);
  CHECK(c.batching_speedup_accelerator == r.accelerator.batch_one.epoch_time_s / r.accelerator.batched.epoch_time_s);

  // The win ranges: ascending, disjoint, maximal (never adjacent), inside [1, N]; the crossover is
  // the first one's start; and they agree with the result's own runs at B and at 1 (a batch larger
  // than N is the epoch at N).
  const std::vector<BatchRange>& wins = c.accelerator_wins;
  CAPTURE(describe(wins));
  for (std::size_t i = 0; i < wins.size(); ++i) {
    CHECK(1 <= wins[i].from);
    CHECK(wins[i].from <= wins[i].to);
    CHECK(wins[i].to <= n);
    if (i > 0) CHECK(wins[i - 1].to + 1 < wins[i].from);
  }
  CHECK(c.crossover_batch_size.has_value() == !wins.empty());
  if (!wins.empty()) CHECK(*c.crossover_batch_size == wins.front().from);
  const auto in_wins = [&](std::int64_t b) {
    return std::any_of(wins.begin(), wins.end(), [&](const BatchRange& w) { return w.from <= b && b <= w.to; });
  };
  CHECK(in_wins(std::min(s.batch_size, n)) == (r.accelerator.batched.epoch_time_s < r.host.batched.epoch_time_s));
  CHECK(in_wins(1) == (r.accelerator.batch_one.epoch_time_s < r.host.batch_one.epoch_time_s));
}

// Which way a time may move when one input grows.
enum class Way { up, down, same };

bool moved(double before, double after, Way way) {
  switch (way) {
    case Way::up: return after >= before;
    case Way::down: return after <= before;
    case Way::same: return after == before;
  }
  return false;
}

// Every epoch time of `after` moved `host`/`accelerator`-wise from `before` (non-strictly).
void check_epochs(const Result& before, const Result& after, Way host, Way accelerator) {
  const auto b = runs_of(before), a = runs_of(after);
  for (std::size_t i = 0; i < b.size(); ++i) {
    CAPTURE(b[i].name);
    CAPTURE(b[i].run.epoch_time_s);
    CAPTURE(a[i].run.epoch_time_s);
    CHECK(moved(b[i].run.epoch_time_s, a[i].run.epoch_time_s, b[i].accelerator ? accelerator : host));
  }
}

// A factor above 1 (at least 1 + 10^-6, so that a quotient by it moves): often a little, up to about 100.
double growth(Draw& d) { return 1 + 1e-6 + (d.chance(0.3) ? d.unit() * 1e-3 : d.decades(-3, 2)); }

// One input grows: each time moves as docs/model.md says it must, and strictly where the term it
// feeds is a product with a positive count.
void check_monotone(Draw& d, const Scenario& s, const Result& r) {
  {
    INFO("dispatch grows");
    Scenario t = s;
    t.dispatch = s.dispatch + 1e-6 + 99e-6 * d.unit();  // 1 to 100 µs more
    const Result u = solve(t);
    check_epochs(r, u, Way::up, Way::up);
    for (std::size_t i = 0; i < 4; ++i) {
      const Run& before = runs_of(r)[i].run;
      const Run& after = runs_of(u)[i].run;
      CAPTURE(runs_of(r)[i].name);
      if (before.dispatches > 0) CHECK(after.dispatch_time_s > before.dispatch_time_s);
    }
  }
  {
    INFO("launch grows");
    Scenario t = s;
    t.launch = s.launch + 1e-6 + 99e-6 * d.unit();
    const Result u = solve(t);
    check_epochs(r, u, Way::same, Way::up);
    for (const Run DeviceResult::*run : {&DeviceResult::batched, &DeviceResult::batch_one}) {
      if ((r.accelerator.*run).launches > 0) CHECK((u.accelerator.*run).launch_time_s > (r.accelerator.*run).launch_time_s);
    }
  }
  {
    INFO("the dataset grows");
    Scenario t = s;
    t.dataset.training_examples = s.dataset.training_examples + d.spread(s.dataset.training_examples);
    const Result u = solve(t);
    check_epochs(r, u, Way::up, Way::up);
    // At batch size one every added example is a step and more work: strictly longer.
    CHECK(u.host.batch_one.epoch_time_s > r.host.batch_one.epoch_time_s);
    CHECK(u.accelerator.batch_one.epoch_time_s > r.accelerator.batch_one.epoch_time_s);
  }
  for (const bool accelerator : {false, true}) {
    CAPTURE(accelerator);
    const Way self = Way::down, other = Way::same;
    const auto compute = [&](const Result& x) { return (accelerator ? x.accelerator : x.host).batch_one.compute_time_s; };
    const auto memory = [&](const Result& x) { return (accelerator ? x.accelerator : x.host).batch_one.memory_time_s; };
    {
      INFO("peak FLOP/s grows");
      Scenario t = s;
      Device& device = accelerator ? t.accelerator : t.host;
      device.peak_flops[s.precision] *= growth(d);
      const Result u = solve(t);
      check_epochs(r, u, accelerator ? other : self, accelerator ? self : other);
      CHECK(compute(u) < compute(r));
      CHECK(memory(u) == memory(r));
    }
    {
      INFO("bandwidth grows");
      Scenario t = s;
      Device& device = accelerator ? t.accelerator : t.host;
      device.memory_bandwidth *= growth(d);
      const Result u = solve(t);
      check_epochs(r, u, accelerator ? other : self, accelerator ? self : other);
      CHECK(memory(u) < memory(r));
      CHECK(compute(u) == compute(r));
    }
    {
      INFO("efficiency grows");
      Scenario t = s;
      double& efficiency = accelerator ? t.assumptions.accelerator_efficiency : t.assumptions.host_efficiency;
      efficiency = std::min(1.0, efficiency * growth(d));
      const Result u = solve(t);
      check_epochs(r, u, accelerator ? other : self, accelerator ? self : other);
      if (efficiency > (accelerator ? s.assumptions.accelerator_efficiency : s.assumptions.host_efficiency)) {
        CHECK(compute(u) < compute(r));
        CHECK(memory(u) < memory(r));
      }
    }
  }
}

// The reference: solve the scenario at every batch size in [1, N] and keep those at which the
// accelerator's epoch is strictly shorter.
std::vector<BatchRange> brute_force(Scenario s) {
  std::vector<BatchRange> ranges;
  for (std::int64_t b = 1; b <= s.dataset.training_examples; ++b) {
    s.batch_size = b;
    const Result r = solve(s);
    if (!(r.accelerator.batched.epoch_time_s < r.host.batched.epoch_time_s)) continue;
    if (!ranges.empty() && ranges.back().to == b - 1) ranges.back().to = b;
    else ranges.push_back({b, b});
  }
  return ranges;
}

}  // namespace

// Regression (issue 17): nothing checked that the native and the wasm build draw the same scenarios.
// The first draws of each seed used below are pinned; if the generator is changed on purpose, pin the
// digest CAPTURE prints.
TEST_CASE("every build draws the same scenarios") {
  testing::ScenarioDigest digest;
  for (const std::uint64_t seed : {0x5eed0010ULL, 0x5eed2000ULL, 0x5eed2002ULL}) {
    Draw d(seed);
    for (int i = 0; i < 100; ++i) digest.add(draw(d, seed == 0x5eed0010ULL ? 10'000'000 : 2000));
  }
  CAPTURE(digest.value());
  CHECK(digest.value() == 0x9e73ce36a8964043ULL);
}

TEST_CASE("the parts add up, times move the right way, the steps cover the dataset") {
  Draw d(0x5eed0010);
  const int count = 3000;
  int roofline = 0, drop_last = 0, graphs = 0, exceeds = 0;
  for (int i = 0; i < count; ++i) {
    const Scenario s = draw(d, 10'000'000);
    CAPTURE(i);
    CAPTURE(describe(s));
    const Result r = solve(s);
    check_result(s, r);
    check_monotone(d, s, r);
    roofline += s.assumptions.overlap == Overlap::roofline;
    drop_last += s.assumptions.drop_last;
    graphs += s.assumptions.launches_per_step > 0;
    exceeds += s.batch_size > s.dataset.training_examples;
  }
  // The generator reaches every mode.
  CHECK(roofline > count / 3);
  CHECK(drop_last > count / 3);
  CHECK(graphs > count / 5);
  CHECK(exceeds > count / 40);
}

TEST_CASE("the win ranges match solving every batch size from 1 to N (N <= 2000)") {
  Draw d(0x5eed2000);
  const int count = 2000;
  int switches = 0, back = 0, twice = 0, ties = 0;
  std::int64_t solved = 0;
  for (int i = 0; i < count; ++i) {
    const Scenario s = draw(d, 2000);
    CAPTURE(i);
    CAPTURE(describe(s));
    const Result r = solve(s);
    const auto expected = brute_force(s);
    CAPTURE(describe(expected));
    CAPTURE(describe(r.comparison.accelerator_wins));
    CHECK(r.comparison.accelerator_wins == expected);
    const std::int64_t n = s.dataset.training_examples;
    solved += n;
    const EpochTimes at_one = epoch_times_at(s, 1);
    ties += at_one.host_s == at_one.accelerator_s;
    if (!expected.empty() && (expected.front().from > 1 || expected.back().to < n)) ++switches;
    if (!expected.empty() && expected.back().to < n) ++back;
    if (expected.size() >= 2 || (expected.size() == 1 && expected[0].from > 1 && expected[0].to < n)) ++twice;
  }
  // Not only "always" or "never": the winner changes inside [1, N] in many scenarios.
  MESSAGE("win ranges: " << count << " scenarios, " << solved << " solves; the winner changes inside [1, N] in "
                         << switches << ", changes back in " << back << ", changes twice in " << twice
                         << "; the devices tie at batch size 1 in " << ties);
  CHECK(switches > count / 10);
  CHECK(back > count / 50);
  CHECK(ties > count / 20);
}

// With roofline overlap each device bends once, so the winner can change twice or more; few random
// scenarios do (about one in three thousand), so this looks for them with the closed form and checks
// each one it finds against solving every batch size.
TEST_CASE("winners that change more than once match solving every batch size") {
  Draw d(0x5eed2002);
  int found = 0, attempts = 0;
  for (; attempts < 400'000 && found < 24; ++attempts) {
    Scenario s = draw(d, 2000);
    s.assumptions.overlap = Overlap::roofline;
    const auto wins = accelerator_win_ranges(s);
    const std::int64_t n = s.dataset.training_examples;
    if (!(wins.size() >= 2 || (wins.size() == 1 && wins[0].from > 1 && wins[0].to < n))) continue;
    ++found;
    CAPTURE(attempts);
    CAPTURE(describe(s));
    const auto expected = brute_force(s);
    CAPTURE(describe(expected));
    CAPTURE(describe(wins));
    CHECK(wins == expected);
    CHECK(solve(s).comparison.accelerator_wins == wins);
  }
  MESSAGE("winners that change twice: " << found << " found in " << attempts << " scenarios");
  CHECK(found == 24);
}
