// The reference the win-range search is checked against: every batch size in [1, N] evaluated on its
// own, keeping those at which the accelerator's epoch is strictly shorter (test_win_ranges.cpp,
// test_overheads.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "epochcalc/model/model.hpp"

namespace epochcalc::testing {

inline std::vector<BatchRange> brute_force_ranges(const Scenario& s) {
  std::vector<BatchRange> ranges;
  for (std::int64_t b = 1; b <= s.dataset.training_examples; ++b) {
    const EpochTimes t = epoch_times_at(s, b);
    if (!(t.accelerator_s < t.host_s)) continue;
    if (!ranges.empty() && ranges.back().to == b - 1) ranges.back().to = b;
    else ranges.push_back({b, b});
  }
  return ranges;
}

}  // namespace epochcalc::testing
