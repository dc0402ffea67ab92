// The epoch-overhead model. Every equation is written up in docs/model.md; keep the two in step.
#include "epochcalc/model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "resolved_scenario.hpp"

namespace epochcalc {

namespace {

constexpr std::array<PrecisionInfo, 6> precision_table{
    {{"fp32", 4}, {"tf32", 4}, {"fp16", 2}, {"bf16", 2}, {"fp8", 1}, {"int8", 1}}};
// Training launches forward, input-gradient and weight-gradient kernels per layer; inference one.
constexpr std::array<PhaseInfo, 2> phase_table{{{Phase::training, "training", 3, 3}, {Phase::inference, "inference", 1, 1}}};
constexpr std::array<OverlapInfo, 2> overlap_table{
    {{Overlap::none, "none", "compute + memory"}, {Overlap::roofline, "roofline", "max(compute, memory)"}}};

double peak_for(const Device& device, const std::string& precision) {
  const auto it = device.peak_flops.find(precision);
  return it == device.peak_flops.end() ? 0.0 : it->second;
}

}  // namespace

std::span<const PrecisionInfo> precisions() { return precision_table; }
std::span<const PhaseInfo> phases() { return phase_table; }
std::span<const OverlapInfo> overlaps() { return overlap_table; }
const PhaseInfo& phase_info(Phase phase) { return phase_table[phase == Phase::training ? 0 : 1]; }
const OverlapInfo& overlap_info(Overlap overlap) { return overlap_table[overlap == Overlap::none ? 0 : 1]; }

const std::vector<std::string>& precision_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const PrecisionInfo& p : precision_table) list.emplace_back(p.name);
    return list;
  }();
  return names;
}

std::optional<int> bytes_per_element(std::string_view precision) {
  for (const PrecisionInfo& p : precision_table)
    if (p.name == precision) return p.bytes;
  return std::nullopt;
}

namespace detail {

std::int64_t steps_for(std::int64_t examples, std::int64_t batch, bool drop_last) {
  return drop_last ? examples / batch : (examples + batch - 1) / batch;
}

ResolvedScenario counting_scenario(const NetworkShape& shape, std::int64_t examples, const Assumptions& assumptions,
                           int element_bytes) {
  ResolvedScenario w;
  w.shape = shape;
  w.examples = examples;
  w.passes = phase_info(assumptions.phase).gemm_passes;
  w.element_bytes = element_bytes;
  w.ops_per_step = static_cast<double>(shape.layers) * assumptions.ops_per_layer + assumptions.extra_ops_per_step;
  w.drop_last = assumptions.drop_last;
  return w;
}

ResolvedScenario resolve_scenario(const Scenario& s) {
  ResolvedScenario w = counting_scenario(network_shape(s.widths), s.dataset.training_examples, s.assumptions,
                                 bytes_per_element(s.precision).value_or(4));
  w.roofline = s.assumptions.overlap == Overlap::roofline;
  w.dispatch = s.dispatch;
  w.launch = s.launch;
  w.flop_energy = s.flop_energy;
  w.byte_energy = s.dram_energy_per_byte;
  const Assumptions& a = s.assumptions;
  w.host = {peak_for(s.host, s.precision), s.host.memory_bandwidth, 1 / a.host_efficiency, false, 0};
  w.accelerator = {peak_for(s.accelerator, s.precision), s.accelerator.memory_bandwidth, 1 / a.accelerator_efficiency,
                   true, static_cast<double>(a.launches_per_step)};
  return w;
}

EpochCounts counts_of(const ResolvedScenario& w, std::int64_t batch, std::int64_t steps, std::int64_t examples) {
  EpochCounts counts;
  counts.batch_size = batch;
  counts.steps_per_epoch = steps;
  counts.examples = examples;
  const double s = static_cast<double>(steps);
  const double n = static_cast<double>(examples);
  counts.flops = w.passes * 2.0 * w.shape.macs * n;
  // Every step reads the weights and biases once; activation traffic scales with the examples.
  counts.bytes = w.passes * w.element_bytes * (s * w.shape.parameters + n * w.shape.activations);
  counts.launched_ops = s * w.ops_per_step;
  return counts;
}

EpochCounts counts_at(const ResolvedScenario& w, std::int64_t batch) {
  const std::int64_t steps = steps_for(w.examples, batch, w.drop_last);
  return counts_of(w, batch, steps, w.drop_last ? steps * batch : w.examples);
}

Run run_with(const EpochCounts& counts, const ResolvedScenario& w, const Rates& rates) {
  Run run = times_of(counts, w, rates);
  run.overhead_fraction = safe_ratio(run.overhead_time_s, run.epoch_time_s);
  // Overhead time is priced at zero energy: the model has no idle or dynamic power term.
  run.arithmetic_energy_j = counts.flops * w.flop_energy;
  run.data_movement_energy_j = counts.bytes * w.byte_energy;
  run.energy_j = run.arithmetic_energy_j + run.data_movement_energy_j;
  return run;
}

}  // namespace detail

using namespace detail;

NetworkShape network_shape(const std::vector<std::int64_t>& widths) {
  NetworkShape shape;
  for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
    const double in = static_cast<double>(widths[i]);
    const double out = static_cast<double>(widths[i + 1]);
    shape.layers += 1;
    shape.macs += in * out;
    shape.activations += in + out;
    shape.parameters += in * out + out;
  }
  return shape;
}

EpochCounts epoch_counts(const NetworkShape& shape, std::int64_t training_examples, std::int64_t batch_size,
                      const Assumptions& assumptions, int element_bytes) {
  return counts_at(counting_scenario(shape, training_examples, assumptions, element_bytes), batch_size);
}

Run run_on_device(const EpochCounts& counts, const Device& device, const Scenario& scenario, bool is_accelerator) {
  const ResolvedScenario w = resolve_scenario(scenario);
  Rates rates = is_accelerator ? w.accelerator : w.host;
  rates.peak_flops = peak_for(device, scenario.precision);
  rates.memory_bandwidth = device.memory_bandwidth;
  return run_with(counts, w, rates);
}

EpochTimes epoch_times_at(const Scenario& scenario, std::int64_t batch_size) {
  const ResolvedScenario w = resolve_scenario(scenario);
  const EpochCounts counts = counts_at(w, batch_size);
  return {run_with(counts, w, w.host).epoch_time_s, run_with(counts, w, w.accelerator).epoch_time_s};
}

namespace {

// The win ranges in closed form (docs/model.md, "Win ranges"). The search runs over a variable x in
// which every time is piecewise affine: the step count s without drop_last (each quantity depends on
// the batch size only through s), the batch size B with drop_last (each time is s·(affine in B), so
// its sign is that of the affine part). Roofline overlap adds one kink per device. Between kinks the
// difference of the two times is affine, so its sign changes at most once; the real root of the
// affine piece gives the switch, and the model itself, evaluated at the integers around it, settles
// the last unit of rounding.
class WinSearch {
 public:
  explicit WinSearch(const ResolvedScenario& w) : w_(w) {}

  std::vector<BatchRange> ranges() const {
    const std::int64_t lo = 1, hi = w_.examples;
    std::array<std::int64_t, 3> starts{lo, 0, 0};
    std::size_t count = 1;
    if (w_.roofline)
      for (const Rates* rates : {&w_.host, &w_.accelerator})
        if (auto kink = roofline_switch(*rates, lo, hi)) starts[count++] = *kink;
    for (std::size_t i = 1; i < count; ++i)  // at most three: insertion sort
      for (std::size_t j = i; j > 0 && starts[j] < starts[j - 1]; --j) std::swap(starts[j], starts[j - 1]);

    std::vector<BatchRange> xs;  // winning intervals of x
    const auto add = [&](std::int64_t a, std::int64_t b) {
      if (!xs.empty() && xs.back().to + 1 == a) xs.back().to = b;
      else xs.push_back({a, b});
    };
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t a = starts[i];
      const std::int64_t b = i + 1 < count ? starts[i + 1] - 1 : hi;
      if (a > b) continue;
      const Gap ga = gap(a), gb = gap(b);
      if (ga.wins() == gb.wins()) {
        if (ga.wins()) add(a, b);
        continue;
      }
      const std::int64_t t = boundary(a, b, root(a, b, ga.per_x, gb.per_x), gb.wins(),
                                      [&](std::int64_t x) { return gap(x).wins(); });
      if (gb.wins()) add(t, b);
      else add(a, t - 1);
    }
    return w_.drop_last ? xs : batch_ranges_of_steps(xs);
  }

 private:
  const ResolvedScenario& w_;

  // host − accelerator at x: its sign says who wins (the difference of two finite doubles is zero
  // only when they are equal), and per x it is affine between kinks.
  struct Gap {
    double raw;
    double per_x;
    bool wins() const { return raw > 0; }
  };

  EpochCounts at(std::int64_t x) const {
    if (!w_.drop_last) return counts_of(w_, 0, x, w_.examples);
    const std::int64_t steps = w_.examples / x;
    return counts_of(w_, x, steps, steps * x);
  }
  // With drop_last every time is the step count times an affine function of B: divide it out.
  double per_x(const EpochCounts& p, double value) const {
    return w_.drop_last ? value / static_cast<double>(p.steps_per_epoch) : value;
  }
  Gap gap(std::int64_t x) const {
    const EpochCounts p = at(x);
    const double raw = times_of(p, w_, w_.host).epoch_time_s - times_of(p, w_, w_.accelerator).epoch_time_s;
    return {raw, per_x(p, raw)};
  }

  // Where, in [lo, hi], a device switches between compute-bound and memory-bound; compute − memory
  // is affine in x over the whole domain.
  std::optional<std::int64_t> roofline_switch(const Rates& rates, std::int64_t lo, std::int64_t hi) const {
    const auto excess = [&](std::int64_t x) {
      const EpochCounts p = at(x);
      const Run t = times_of(p, w_, rates);
      return per_x(p, t.compute_time_s - t.memory_time_s);
    };
    const auto compute_bound = [&](std::int64_t x) {
      const Run t = times_of(at(x), w_, rates);
      return t.compute_time_s >= t.memory_time_s;
    };
    const bool at_lo = compute_bound(lo), at_hi = compute_bound(hi);
    if (at_lo == at_hi) return std::nullopt;
    return boundary(lo, hi, root(lo, hi, excess(lo), excess(hi)), at_hi, compute_bound);
  }

  // The real root on [a, b] of the affine function with values fa at a and fb at b.
  static double root(std::int64_t a, std::int64_t b, double fa, double fb) {
    return static_cast<double>(a) + static_cast<double>(b - a) * (fa / (fa - fb));
  }

  // The first x in (a, b] from which `holds` takes its value at b (`target`), given that it differs
  // at a. Starts at the root `guess` and walks a few steps; bisection is the fallback for inputs where
  // rounding moved the root further (extreme ratios of the inputs).
  template <typename Predicate>
  static std::int64_t boundary(std::int64_t a, std::int64_t b, double guess, bool target, Predicate holds) {
    std::int64_t t = b;
    if (std::isfinite(guess) && guess < static_cast<double>(b)) t = std::max(a + 1, static_cast<std::int64_t>(std::floor(guess)) + 1);
    for (int step = 0; step < 8; ++step) {
      if (holds(t) != target) {
        ++t;  // t < b, since holds(b) == target
      } else if (t == a + 1 || holds(t - 1) != target) {
        return t;
      } else {
        --t;
      }
    }
    std::int64_t lo = a, hi = b;  // holds(lo) != target, holds(hi) == target
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      (holds(mid) == target ? hi : lo) = mid;
    }
    return hi;
  }

  // Step-count intervals to batch-size ranges: s = ⌈N/B⌉ falls as B grows, so [s1, s2] is the batch
  // sizes from ⌈N/s2⌉ to ⌊(N−1)/(s1−1)⌋ (to N when s1 = 1), possibly none.
  std::vector<BatchRange> batch_ranges_of_steps(const std::vector<BatchRange>& steps) const {
    const std::int64_t n = w_.examples;
    std::vector<BatchRange> out;
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
      const std::int64_t from = (n + it->to - 1) / it->to;
      const std::int64_t to = it->from == 1 ? n : (n - 1) / (it->from - 1);
      if (from > to) continue;
      if (!out.empty() && out.back().to + 1 >= from) out.back().to = std::max(out.back().to, to);
      else out.push_back({from, to});
    }
    return out;
  }
};

}  // namespace

std::vector<BatchRange> accelerator_win_ranges(const Scenario& scenario) {
  const ResolvedScenario w = resolve_scenario(scenario);
  return WinSearch(w).ranges();
}

std::optional<std::int64_t> crossover_batch_size(const Scenario& scenario) {
  const auto ranges = accelerator_win_ranges(scenario);
  if (ranges.empty()) return std::nullopt;
  return ranges.front().from;
}

Result solve(const Scenario& scenario) {
  const ResolvedScenario w = resolve_scenario(scenario);
  Result result;
  result.shape = w.shape;
  result.batched = counts_at(w, scenario.batch_size);
  result.batch_one = counts_at(w, 1);
  result.host = {run_with(result.batched, w, w.host), run_with(result.batch_one, w, w.host)};
  result.accelerator = {run_with(result.batched, w, w.accelerator), run_with(result.batch_one, w, w.accelerator)};
  Comparison& c = result.comparison;
  c.accelerator_speedup_batched = safe_ratio(result.host.batched.epoch_time_s, result.accelerator.batched.epoch_time_s);
  c.accelerator_speedup_batch_one =
      safe_ratio(result.host.batch_one.epoch_time_s, result.accelerator.batch_one.epoch_time_s);
  c.batching_speedup_host = safe_ratio(result.host.batch_one.epoch_time_s, result.host.batched.epoch_time_s);
  c.batching_speedup_accelerator =
      safe_ratio(result.accelerator.batch_one.epoch_time_s, result.accelerator.batched.epoch_time_s);
  c.accelerator_wins = WinSearch(w).ranges();
  if (!c.accelerator_wins.empty()) c.crossover_batch_size = c.accelerator_wins.front().from;
  return result;
}

}  // namespace epochcalc
