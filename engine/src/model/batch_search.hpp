// Where, over the batch sizes 1..N, a weighted sum of device times is positive: the exact ranges,
// in closed form (docs/model.md, "Win ranges"). The accelerator's win ranges are one such sum (host
// epoch − accelerator epoch); "at least k× faster" (host − k·accelerator), "device i beats device j"
// in a comparison, "overhead exceeds work" on one device and "the epoch fits in T" are others.
// Private to the engine.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "epochcalc/model/model.hpp"
#include "model/resolved_scenario.hpp"

namespace epochcalc::detail {

enum class Part {
  epoch,                // the epoch time
  overhead_over_work,   // overhead − work: positive where overhead dominates
};

struct Term {
  const Rates* rates = nullptr;
  double weight = 1;
  Part part = Part::epoch;
};

// Σ weight·part + constant, positive (or zero, when inclusive) where the contest holds. The constant
// must be 0 with drop_last: there each time is the step count times an affine function of the batch
// size, and a constant is not.
struct Contest {
  std::array<Term, 2> terms{};
  std::size_t count = 0;
  double constant = 0;
  bool inclusive = false;
  // When above 0, the contest holds where term 0's part ÷ term 1's part ≥ ratio, as a speedup is
  // checked everywhere else; the terms (weights 1 and −ratio) then only locate the switch.
  double ratio = 0;
};

// The contest's value at one batch size (the brute-force reference and the search's own probe).
double contest_value(const ResolvedScenario& w, const Contest& contest, std::int64_t batch_size);
// The maximal ranges of batch sizes in [1, N] where the contest holds, ascending and disjoint.
std::vector<BatchRange> ranges_where(const ResolvedScenario& w, const Contest& contest);

}  // namespace epochcalc::detail
