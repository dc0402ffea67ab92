// Solve for a field (solve_for.hpp). A field the epochs are monotone in is bisected over its limits
// to two adjacent values; the batch size goes through the exact range search (batch_search.hpp).
#include "epochcalc/whatif/solve_for.hpp"
#include "epochcalc/scenario/in_force.hpp"

#include <algorithm>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <limits>

#include "model/batch_search.hpp"
#include "model/resolved_scenario.hpp"

namespace epochcalc {

namespace {

using namespace detail;

constexpr std::string_view batch_path = "/network/batch_size";

double metric_of(const ResolvedScenario& w, std::int64_t batch, const Goal& goal) {
  const EpochCounts counts = counts_at(w, batch);
  const double accelerator = times_of(counts, w, w.accelerator).epoch_time_s;
  if (goal.kind == GoalKind::epoch_within) return accelerator;
  return safe_ratio(times_of(counts, w, w.host).epoch_time_s, accelerator);
}

bool is_integer(const FieldSpec& f) { return f.kind == FieldKind::integer; }


// The bits of a double and back (Emscripten 3.1.6's libc++ has no std::bit_cast).
std::uint64_t bits_of(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
double double_of(std::uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

// The boundary between lo, where `holds` is h_lo, and hi, where it is not: the last value from lo
// on that keeps h_lo, to one representable step. Non-negative doubles order as their bits do.
template <typename Holds>
double last_alike(double lo, double hi, bool integer, Holds holds, bool h_lo) {
  if (integer) {
    auto a = static_cast<std::int64_t>(lo), b = static_cast<std::int64_t>(hi);
    while (b - a > 1) {
      const std::int64_t mid = a + (b - a) / 2;
      (holds(static_cast<double>(mid)) == h_lo ? a : b) = mid;
    }
    return static_cast<double>(a);
  }
  std::uint64_t a = bits_of(lo), b = bits_of(hi);
  while (b - a > 1) {
    const std::uint64_t mid = a + (b - a) / 2;
    (holds(double_of(mid)) == h_lo ? a : b) = mid;
  }
  return double_of(a);
}

double next_value(double x, bool integer) {
  return integer ? x + 1 : std::nextafter(x, std::numeric_limits<double>::infinity());
}

// The answer's boundary from where the goal holds: the end of the first range that starts at the
// lower limit, or else the start of the first range.
std::optional<double> boundary_of(const std::vector<ValueRange>& holds, double low, double high) {
  if (holds.empty() || (holds.size() == 1 && holds[0].from == low && holds[0].to == high)) return std::nullopt;
  return holds[0].from == low ? holds[0].to : holds[0].from;
}

SolveAnswer solve_batch_size(const Scenario& scenario, const Goal& goal) {
  const ResolvedScenario w = resolve_scenario(scenario);
  Contest contest;
  contest.count = 2;
  if (goal.kind == GoalKind::epoch_within) {
    contest.terms[0] = Term{&w.accelerator, -1, Part::epoch};
    contest.count = 1;
    contest.constant = goal.target;
    contest.inclusive = true;
  } else {
    const bool speedup = goal.kind == GoalKind::speedup_at_least;
    contest.terms = {Term{&w.host, 1, Part::epoch}, Term{&w.accelerator, speedup ? -goal.target : -1, Part::epoch}};
    contest.inclusive = speedup;
    if (speedup) contest.ratio = goal.target;
  }
  SolveAnswer a;
  a.low = 1;
  a.high = static_cast<double>(w.examples);
  for (const BatchRange& r : ranges_where(w, contest))
    a.holds.push_back({static_cast<double>(r.from), static_cast<double>(r.to)});
  a.boundary = boundary_of(a.holds, a.low, a.high);
  if (a.boundary) a.metric_at_boundary = metric_of(w, static_cast<std::int64_t>(*a.boundary), goal);
  a.metric_at_low = metric_of(w, 1, goal);
  a.metric_at_high = metric_of(w, w.examples, goal);
  a.current_value = static_cast<double>(scenario.batch_size);
  a.current_metric = metric_of(w, scenario.batch_size, goal);
  return a;
}

}  // namespace

std::string_view unsolvable_reason(const Scenario& scenario, const FieldSpec& field, const Goal& goal) {
  if (field.path == batch_path) {
    if (goal.kind == GoalKind::epoch_within && scenario.assumptions.drop_last)
      return "with the last partial batch dropped, the epoch does not fall steadily with the batch size";
    return {};
  }
  // The field table says which fields both epochs are monotone in (docs/model.md, "Solve for a field").
  if (!field.monotone)
    return "solve-for works on dispatch, launch, the fixed cost per step, the operation counts, the efficiencies, the "
           "bandwidths, the peaks, the host link's latency and the batch size";
  return {};
}

double goal_metric(const Scenario& scenario, const Goal& goal) {
  return metric_of(resolve_scenario(scenario), scenario.batch_size, goal);
}

bool goal_holds(const Goal& goal, double metric) {
  switch (goal.kind) {
    case GoalKind::speedup_at_least: return metric >= goal.target;
    case GoalKind::accelerator_wins: return metric > 1;
    case GoalKind::epoch_within: return metric <= goal.target;
  }
  return false;
}

SolveAnswer solve_for(const Scenario& scenario, const NumberField& field, const Goal& goal) {
  if (field.spec->path == batch_path) return solve_batch_size(scenario, goal);
  const bool integer = is_integer(*field.spec);
  Scenario s = scenario;  // one copy, changed in place
  const auto metric = [&](double x) {
    field.set(s, x);
    return goal_metric(s, goal);
  };
  const auto holds = [&](double x) { return goal_holds(goal, metric(x)); };

  SolveAnswer a;
  std::tie(a.low, a.high) = field_limits(*field.spec);
  // Validation keeps every given value within its limits; only a value left out that means "none"
  // (no graph launches: eager) lies outside them.
  // A scenario-wide overhead that the devices pay at different values of their own has no one value now.
  if (const auto now = whatif_value_now(scenario, field); now && a.low <= *now && *now <= a.high) a.current_value = now;
  a.current_metric = goal_metric(scenario, goal);
  a.metric_at_low = metric(a.low);
  a.metric_at_high = metric(a.high);
  const bool h_lo = goal_holds(goal, a.metric_at_low), h_hi = goal_holds(goal, a.metric_at_high);
  if (h_lo && h_hi) a.holds.push_back({a.low, a.high});
  if (h_lo != h_hi) {
    const double last = last_alike(a.low, a.high, integer, holds, h_lo);
    a.holds.push_back(h_lo ? ValueRange{a.low, last} : ValueRange{next_value(last, integer), a.high});
  }
  a.boundary = boundary_of(a.holds, a.low, a.high);
  if (a.boundary) a.metric_at_boundary = metric(*a.boundary);
  return a;
}

std::vector<BatchRange> overhead_dominated(const Scenario& scenario, bool accelerator) {
  const ResolvedScenario w = resolve_scenario(scenario);
  Contest contest;
  contest.terms[0] = Term{accelerator ? &w.accelerator : &w.host, 1, Part::overhead_over_work};
  contest.count = 1;
  return ranges_where(w, contest);
}

std::vector<NumberField> break_even_fields(const Scenario& scenario) {
  std::vector<NumberField> out;
  const std::string at_precision = "/" + scenario.precision;
  for (const FieldSpec& f : field_specs()) {
    if (f.path != batch_path && !f.monotone) continue;
    if (f.path.find("/peak_flops/") != std::string::npos && !f.path.ends_with(at_precision)) continue;
    // A device's own overhead only when it has one (else it is the scenario's, listed once); the link's
    // latency only when the accelerator has a link.
    if (f.number.given && !f.number.given(scenario, f.number.slot)) continue;
    const Device& a = scenario.accelerator;
    if (f.path == "/accelerator/host_link_latency" && a.host_link_bandwidth == 0 && a.host_link_latency == 0) continue;
    if (auto field = number_field(scenario, f.path); field && epoch_independent_reason(scenario, *field).empty())
      out.push_back(*field);
  }
  return out;
}

}  // namespace epochcalc
