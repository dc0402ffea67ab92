// Solve for a field: which value of one numeric field meets a goal for the accelerator at the
// configured batch size (at least k× faster than the host, faster at all, or an epoch within T), and
// the batch sizes at which a device's overhead exceeds its work. Exact: every field solve-for accepts
// is one in which both devices' epochs are monotone (docs/model.md, "Solve for a field"), so the
// answer is the boundary between two adjacent representable values, found by bisection; the batch
// size, in which they are not, goes through the closed-form range search. Plain structs, no JSON.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc {

enum class GoalKind {
  speedup_at_least,   // host epoch ÷ accelerator epoch ≥ target
  accelerator_wins,   // the accelerator's epoch strictly shorter (the winner flips at the boundary)
  epoch_within,       // the accelerator's epoch ≤ target seconds
};
struct Goal {
  GoalKind kind = GoalKind::accelerator_wins;
  double target = 0;
};

// An inclusive range of a field's values, in SI units.
struct ValueRange {
  double from = 0;
  double to = 0;
  friend bool operator==(const ValueRange&, const ValueRange&) = default;
};

struct SolveAnswer {
  std::vector<ValueRange> holds;   // where the goal holds within the field's limits: ascending, disjoint
  std::optional<double> boundary;  // where it starts or stops holding: the answer; none = always or never
  double low = 0;                  // the field's limits, as searched
  double high = 0;
  double metric_at_low = 0;        // the goal's metric (the speedup, or the accelerator's epoch in s) there
  double metric_at_high = 0;
  // The field's value and the metric in the scenario as given. No value when the field is left out
  // and means "none", outside the limits searched: no graph launches (0) is eager, one launch per
  // operation, not a number of graph launches.
  std::optional<double> current_value;
  double current_metric = 0;
  // The metric with the field at the boundary (set as a what-if sets it): what applying the answer gives.
  std::optional<double> metric_at_boundary;
};

// Why solve-for cannot answer this goal for this field, in a few words for a message; empty when it
// can. It accepts the batch size and the fields both epochs are monotone in: dispatch, launch, the
// operation counts, the efficiencies, the bandwidths and the peaks.
std::string_view unsolvable_reason(const Scenario& scenario, const FieldSpec& field, const Goal& goal);

// The goal's metric in a scenario: the speedup, or the accelerator's batched epoch for epoch_within.
double goal_metric(const Scenario& scenario, const Goal& goal);
bool goal_holds(const Goal& goal, double metric);

// Precondition: unsolvable_reason is empty; the scenario is validated.
SolveAnswer solve_for(const Scenario& scenario, const NumberField& field, const Goal& goal);

// The batch sizes in [1, N] at which a device's overhead exceeds its work; the first range's end + 1
// is where they balance (docs/model.md).
std::vector<BatchRange> overhead_dominated(const Scenario& scenario, bool accelerator);

// The fields solve-for accepts that change this scenario's epochs, in table order: the break-even
// summary's rows. The peaks appear at the scenario's precision only.
std::vector<NumberField> break_even_fields(const Scenario& scenario);

}  // namespace epochcalc
