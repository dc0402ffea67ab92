// The epoch-overhead model. Every equation is written up in docs/model.md; keep the two in step.
#include "epochcalc/model.hpp"

#include <algorithm>

namespace epochcalc {

namespace {

// A ratio that stays finite: the model never divides by zero for a validated scenario, but a
// result must never carry NaN or infinity even if that precondition is broken.
double safe_ratio(double numerator, double denominator) {
  return denominator > 0 ? numerator / denominator : 0.0;
}

std::int64_t steps_for(std::int64_t examples, std::int64_t batch, bool drop_last) {
  return drop_last ? examples / batch : (examples + batch - 1) / batch;
}

// Largest batch size that gives the same number of steps as `batch` (see crossover_batch_size).
std::int64_t last_batch_with_same_steps(std::int64_t examples, std::int64_t batch, bool drop_last) {
  const std::int64_t steps = steps_for(examples, batch, drop_last);
  if (drop_last) return examples / steps;
  if (steps == 1) return examples;
  return (examples - 1) / (steps - 1);
}

double peak_for(const Device& device, const std::string& precision) {
  const auto it = device.peak_flops.find(precision);
  return it == device.peak_flops.end() ? 0.0 : it->second;
}

// First integer in [lo, hi] where `holds` is true, given that it is false at lo and true at hi and
// changes value once in between (the model is affine in the batch size between breakpoints).
template <typename Predicate>
std::int64_t first_true(std::int64_t lo, std::int64_t hi, Predicate holds) {
  while (hi - lo > 1) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    (holds(mid) ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace

const std::vector<std::string>& precision_names() {
  static const std::vector<std::string> names{"fp32", "tf32", "fp16", "bf16", "fp8", "int8"};
  return names;
}

std::optional<int> bytes_per_element(const std::string& precision) {
  if (precision == "fp32" || precision == "tf32") return 4;
  if (precision == "fp16" || precision == "bf16") return 2;
  if (precision == "fp8" || precision == "int8") return 1;
  return std::nullopt;
}

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

Profile epoch_profile(const NetworkShape& shape, std::int64_t training_examples, std::int64_t batch_size,
                      const Assumptions& assumptions, int bytes_per_element) {
  Profile profile;
  profile.batch_size = batch_size;
  profile.steps_per_epoch = steps_for(training_examples, batch_size, assumptions.drop_last);
  profile.examples = assumptions.drop_last ? profile.steps_per_epoch * batch_size : training_examples;
  // Training runs the forward GEMM and two backward GEMMs (input and weight gradients).
  const double passes = assumptions.phase == Phase::training ? 3.0 : 1.0;
  const double steps = static_cast<double>(profile.steps_per_epoch);
  const double examples = static_cast<double>(profile.examples);
  profile.flops = passes * 2.0 * shape.macs * examples;
  // Every step reads the weights and biases once; activation traffic scales with the examples.
  profile.bytes = passes * bytes_per_element * (steps * shape.parameters + examples * shape.activations);
  profile.launched_ops = steps * (static_cast<double>(shape.layers) * assumptions.ops_per_layer +
                                  assumptions.extra_ops_per_step);
  return profile;
}

Run run_on_device(const Profile& profile, const Device& device, const Scenario& scenario, bool is_accelerator) {
  Run run;
  run.compute_time_s = safe_ratio(profile.flops, peak_for(device, scenario.precision));
  run.memory_time_s = safe_ratio(profile.bytes, device.memory_bandwidth);
  run.work_time_s = scenario.assumptions.overlap == Overlap::roofline
                        ? std::max(run.compute_time_s, run.memory_time_s)
                        : run.compute_time_s + run.memory_time_s;
  run.dispatch_time_s = profile.launched_ops * scenario.dispatch;
  run.launch_time_s = is_accelerator ? profile.launched_ops * scenario.launch : 0.0;
  run.overhead_time_s = run.dispatch_time_s + run.launch_time_s;
  run.epoch_time_s = run.work_time_s + run.overhead_time_s;
  run.overhead_fraction = safe_ratio(run.overhead_time_s, run.epoch_time_s);
  // Overhead time is priced at zero energy: the model has no idle or dynamic power term.
  run.arithmetic_energy_j = profile.flops * scenario.flop_energy;
  run.data_movement_energy_j = profile.bytes * scenario.dram_energy_per_byte;
  run.energy_j = run.arithmetic_energy_j + run.data_movement_energy_j;
  return run;
}

EpochTimes epoch_times_at(const Scenario& scenario, const NetworkShape& shape, std::int64_t batch_size) {
  const Profile profile = epoch_profile(shape, scenario.dataset.training_examples, batch_size,
                                        scenario.assumptions, bytes_per_element(scenario.precision).value_or(4));
  return {run_on_device(profile, scenario.host, scenario, false).epoch_time_s,
          run_on_device(profile, scenario.accelerator, scenario, true).epoch_time_s};
}

// Exact search without sampling. The step count s takes O(sqrt N) distinct values as the batch
// size runs over [1, N]; within a block of batch sizes sharing s:
//  - without drop_last every quantity depends on s alone, so the block's first batch size decides it;
//  - with drop_last the examples seen are s*B, so each time is affine in B except where roofline
//    overlap switches between compute and memory. Splitting the block there leaves affine pieces,
//    whose sign changes at most once, and a bisection finds the first batch size exactly.
std::optional<std::int64_t> crossover_batch_size(const Scenario& scenario) {
  const NetworkShape shape = network_shape(scenario.widths);
  const std::int64_t n = scenario.dataset.training_examples;
  const bool drop_last = scenario.assumptions.drop_last;
  const int element_bytes = bytes_per_element(scenario.precision).value_or(4);
  const auto accelerator_wins = [&](std::int64_t batch) {
    const EpochTimes t = epoch_times_at(scenario, shape, batch);
    return t.accelerator_s < t.host_s;
  };
  // Where, inside [lo, hi], a device switches between compute-bound and memory-bound.
  const auto roofline_switch = [&](const Device& device, std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
    const auto compute_bound = [&](std::int64_t batch) {
      const Profile p = epoch_profile(shape, n, batch, scenario.assumptions, element_bytes);
      const Run r = run_on_device(p, device, scenario, false);
      return r.compute_time_s >= r.memory_time_s;
    };
    const bool at_lo = compute_bound(lo);
    if (at_lo == compute_bound(hi)) return std::nullopt;
    return first_true(lo, hi, [&](std::int64_t b) { return compute_bound(b) != at_lo; });
  };

  for (std::int64_t lo = 1; lo <= n;) {
    const std::int64_t hi = last_batch_with_same_steps(n, lo, drop_last);
    if (!drop_last) {
      if (accelerator_wins(lo)) return lo;
      lo = hi + 1;
      continue;
    }
    std::vector<std::int64_t> starts{lo};
    if (scenario.assumptions.overlap == Overlap::roofline) {
      for (const Device* device : {&scenario.host, &scenario.accelerator})
        if (auto at = roofline_switch(*device, lo, hi)) starts.push_back(*at);
      std::sort(starts.begin(), starts.end());
    }
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const std::int64_t a = starts[i];
      const std::int64_t b = i + 1 < starts.size() ? starts[i + 1] - 1 : hi;
      if (a > b) continue;
      if (accelerator_wins(a)) return a;
      if (accelerator_wins(b)) return first_true(a, b, accelerator_wins);
    }
    lo = hi + 1;
  }
  return std::nullopt;
}

Result solve(const Scenario& scenario) {
  Result result;
  result.shape = network_shape(scenario.widths);
  const int element_bytes = bytes_per_element(scenario.precision).value_or(4);
  const std::int64_t n = scenario.dataset.training_examples;
  result.batched = epoch_profile(result.shape, n, scenario.batch_size, scenario.assumptions, element_bytes);
  result.batch_one = epoch_profile(result.shape, n, 1, scenario.assumptions, element_bytes);
  result.host = {run_on_device(result.batched, scenario.host, scenario, false),
                 run_on_device(result.batch_one, scenario.host, scenario, false)};
  result.accelerator = {run_on_device(result.batched, scenario.accelerator, scenario, true),
                        run_on_device(result.batch_one, scenario.accelerator, scenario, true)};
  Comparison& c = result.comparison;
  c.accelerator_speedup_batched = safe_ratio(result.host.batched.epoch_time_s, result.accelerator.batched.epoch_time_s);
  c.accelerator_speedup_batch_one =
      safe_ratio(result.host.batch_one.epoch_time_s, result.accelerator.batch_one.epoch_time_s);
  c.batching_speedup_host = safe_ratio(result.host.batch_one.epoch_time_s, result.host.batched.epoch_time_s);
  c.batching_speedup_accelerator =
      safe_ratio(result.accelerator.batch_one.epoch_time_s, result.accelerator.batched.epoch_time_s);
  c.crossover_batch_size = crossover_batch_size(scenario);
  return result;
}

}  // namespace epochcalc
