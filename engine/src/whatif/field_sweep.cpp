#include "epochcalc/whatif/field_sweep.hpp"
#include "epochcalc/scenario/in_force.hpp"

#include <algorithm>
#include <cmath>

#include "model/resolved_scenario.hpp"

namespace epochcalc {

namespace {

void reserve(RunSeries& s, std::size_t n) {
  for (std::vector<double>* v : {&s.epoch_time_s, &s.compute_time_s, &s.memory_time_s, &s.dispatch_time_s,
                                 &s.launch_time_s, &s.step_time_s, &s.work_time_s, &s.overhead_time_s,
                                 &s.transfer_time_s, &s.energy_j, &s.cost_usd})
    v->reserve(n);
}

void append(RunSeries& s, const Run& run) {
  s.epoch_time_s.push_back(run.epoch_time_s);
  s.compute_time_s.push_back(run.compute_time_s);
  s.memory_time_s.push_back(run.memory_time_s);
  s.dispatch_time_s.push_back(run.dispatch_time_s);
  s.launch_time_s.push_back(run.launch_time_s);
  s.step_time_s.push_back(run.step_time_s);
  s.work_time_s.push_back(run.work_time_s);
  s.overhead_time_s.push_back(run.overhead_time_s);
  s.transfer_time_s.push_back(run.transfer_time_s);
  s.energy_j.push_back(run.energy_j);
  s.cost_usd.push_back(run.cost_usd);
}

// The scenario as it now stands at its batch size, appended: the batched runs only, as solve() has
// them (a point needs no batch-one run and no win ranges).
void add_point(FieldSweep& out, const Scenario& scenario, const detail::ResolvedScenario& w) {
  const EpochCounts counts = detail::counts_at(w, scenario.batch_size);
  const Run host = detail::run_with(counts, w, w.host);
  const Run accelerator = detail::run_with(counts, w, w.accelerator);
  append(out.host, host);
  append(out.accelerator, accelerator);
  out.speedup.push_back(detail::safe_ratio(host.epoch_time_s, accelerator.epoch_time_s));
  out.accelerator_faster.push_back(accelerator.epoch_time_s < host.epoch_time_s ? 1 : 0);
}

void reserve(FieldSweep& out, std::size_t n, bool grid) {
  out.x.reserve(n);
  if (grid) out.y.reserve(n);
  reserve(out.host, n);
  reserve(out.accelerator, n);
  out.speedup.reserve(n);
  out.accelerator_faster.reserve(n);
}

}  // namespace

SweepRange default_sweep_range(const Scenario& scenario, const NumberField& field) {
  const auto [low, high] = field_limits(*field.spec);
  const bool whole = field.spec->kind == FieldKind::integer;
  const double v = whatif_start_value(scenario, field);
  constexpr double factor = 30;
  if (v > 0) {
    const double from = std::max(low, whole ? std::max(1.0, std::floor(v / factor)) : v / factor);
    const double to = std::min(high, whole ? std::ceil(v * factor) : v * factor);
    return {from, to, from > 0};
  }
  const bool time = !whole && field.spec->quantity.dimension == Dimension::time;
  return {low, std::min(high, whole ? 16.0 : time ? 1e-4 : high), false};
}

FieldSweep sweep_field(const Scenario& scenario, const NumberField& field, std::span<const double> values) {
  FieldSweep out;
  reserve(out, values.size(), false);
  Scenario s = scenario;  // one copy, changed in place point by point
  // The batch size is the one field resolve_scenario does not read (counts_at takes it): its sweep
  // resolves the scenario once, every other field's at each point.
  const bool batch_size = field.spec->path == "/network/batch_size";
  const detail::ResolvedScenario once = detail::resolve_scenario(s);
  for (double v : values) {
    field.set(s, v);
    out.x.push_back(v);
    add_point(out, s, batch_size ? once : detail::resolve_scenario(s));
  }
  return out;
}

FieldSweep sweep_grid(const Scenario& scenario, const NumberField& x, std::span<const double> xs,
                      const NumberField& y, std::span<const double> ys) {
  FieldSweep out;
  reserve(out, xs.size() * ys.size(), true);
  Scenario s = scenario;
  for (double vx : xs) {
    x.set(s, vx);
    for (double vy : ys) {
      y.set(s, vy);
      out.x.push_back(vx);
      out.y.push_back(vy);
      add_point(out, s, detail::resolve_scenario(s));
    }
  }
  return out;
}

}  // namespace epochcalc
