// The epoch-overhead model. Every equation is written up in docs/model.md; keep the two in step.
#include "epochcalc/model/model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "model/batch_search.hpp"
#include "model/resolved_scenario.hpp"

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
  // Training without the input's gradient: the first layer makes one pass fewer (docs/model.md).
  const bool skip = assumptions.phase == Phase::training && !assumptions.first_layer_input_gradient;
  w.flops_per_example = 2.0 * (w.passes * shape.macs - (skip ? shape.first_macs : 0));
  w.bytes_per_step = w.element_bytes * (w.passes * shape.parameters - (skip ? shape.first_parameters : 0));
  w.bytes_per_example = w.element_bytes * (w.passes * shape.activations - (skip ? shape.first_activations : 0));
  w.ops_per_step = static_cast<double>(shape.layers) * assumptions.ops_per_layer + assumptions.extra_ops_per_step;
  w.drop_last = assumptions.drop_last;
  return w;
}

// A device's rates in its role: the hardware, its efficiency, the overheads it pays and its link.
Rates rates_for_role(const Scenario& s, const ResolvedScenario& w, const Device& d, bool is_accelerator) {
  const PaidOverheads o = paid_overheads(s, is_accelerator);
  Rates r;
  r.peak_flops = peak_for(d, s.precision);
  r.memory_bandwidth = d.memory_bandwidth;
  r.slowdown = 1 / (is_accelerator ? s.assumptions.accelerator_efficiency : s.assumptions.host_efficiency);
  r.pays_launch = is_accelerator;
  r.calls_per_step = static_cast<double>(o.launches_per_step);
  r.ops_per_step = static_cast<double>(w.shape.layers) * o.ops_per_layer + o.extra_ops_per_step;
  r.dispatch = o.dispatch;
  r.launch = o.launch;
  r.step_overhead = o.step_overhead;
  if (is_accelerator) {
    // Each step copies its batch's inputs (w0 values an example) over the host link.
    r.copy_per_step = d.host_link_latency;
    if (d.host_link_bandwidth > 0 && !s.widths.empty())
      r.copy_per_example = static_cast<double>(s.widths.front()) * w.element_bytes / d.host_link_bandwidth;
  }
  r.idle_power = d.idle_power;
  r.priced = has_price(d.price_per_hour);
  r.price_per_hour = r.priced ? d.price_per_hour : 0;
  return r;
}

ResolvedScenario resolve_scenario(const Scenario& s) {
  ResolvedScenario w = counting_scenario(network_shape(s.widths), s.dataset.training_examples, s.assumptions,
                                 bytes_per_element(s.precision).value_or(4));
  w.roofline = s.assumptions.overlap == Overlap::roofline;
  w.flop_energy = s.flop_energy;
  w.byte_energy = s.dram_energy_per_byte;
  w.host = rates_for_role(s, w, s.host, false);
  w.accelerator = rates_for_role(s, w, s.accelerator, true);
  return w;
}

EpochCounts counts_at(const ResolvedScenario& w, std::int64_t batch) {
  const std::int64_t steps = steps_for(w.examples, batch, w.drop_last);
  return counts_of(w, batch, steps, w.drop_last ? steps * batch : w.examples);
}

Run run_with(const EpochCounts& counts, const ResolvedScenario& w, const Rates& rates) {
  Run run = times_of(counts, w, rates);
  run.overhead_fraction = safe_ratio(run.overhead_time_s, run.epoch_time_s);
  // The seed prices arithmetic and DRAM traffic only; an idle power, when given, is drawn for the
  // whole epoch, overhead time included (docs/model.md, "Energy and cost").
  run.arithmetic_energy_j = counts.flops * w.flop_energy;
  run.data_movement_energy_j = counts.bytes * w.byte_energy;
  run.idle_energy_j = rates.idle_power * run.epoch_time_s;
  run.energy_j = run.arithmetic_energy_j + run.data_movement_energy_j + run.idle_energy_j;
  run.cost_usd = rates.price_per_hour * run.epoch_time_s / 3600;
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
    if (i == 0) {
      shape.first_macs = in * out;
      shape.first_activations = in + out;
      shape.first_parameters = in * out + out;
    }
  }
  return shape;
}

PaidOverheads paid_overheads(const Scenario& s, bool is_accelerator) {
  const DeviceOverheads& own = is_accelerator ? s.accelerator_overheads : s.host_overheads;
  const Assumptions& a = s.assumptions;
  PaidOverheads o;
  o.dispatch = own.dispatch.value_or(s.dispatch);
  o.step_overhead = own.step_overhead.value_or(s.step_overhead);
  o.ops_per_layer = own.ops_per_layer.value_or(a.ops_per_layer);
  o.extra_ops_per_step = own.extra_ops_per_step.value_or(a.extra_ops_per_step);
  // The host launches no kernels and has no graphs (docs/model.md, "On a device").
  o.launch = is_accelerator ? own.launch.value_or(s.launch) : 0.0;
  o.launches_per_step = is_accelerator ? own.launches_per_step.value_or(a.launches_per_step) : 0;
  return o;
}

EpochTimes epoch_times_at(const Scenario& scenario, std::int64_t batch_size) {
  const ResolvedScenario w = resolve_scenario(scenario);
  const EpochCounts counts = counts_at(w, batch_size);
  return {run_with(counts, w, w.host).epoch_time_s, run_with(counts, w, w.accelerator).epoch_time_s};
}

namespace {

// The accelerator wins where host epoch − accelerator epoch > 0 (batch_search.hpp).
std::vector<BatchRange> win_ranges(const ResolvedScenario& w) {
  Contest contest;
  contest.terms = {Term{&w.host, 1, Part::epoch}, Term{&w.accelerator, -1, Part::epoch}};
  contest.count = 2;
  return ranges_where(w, contest);
}

}  // namespace

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
  c.accelerator_wins = win_ranges(w);
  if (!c.accelerator_wins.empty()) c.crossover_batch_size = c.accelerator_wins.front().from;
  return result;
}

}  // namespace epochcalc
