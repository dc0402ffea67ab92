// The exact search behind batch_search.hpp. It runs over a variable x in which every time is
// piecewise affine: the step count s without drop_last (each quantity depends on the batch size only
// through s), the batch size B with drop_last (each time is s·(affine in B), so its sign is that of
// the affine part). Roofline overlap adds one kink per device. Between kinks the contest's value is
// affine, so its sign changes at most once; the real root of the affine piece gives the switch, and
// the model itself, evaluated at the integers around it, settles the last unit of rounding.
#include "model/batch_search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace epochcalc::detail {

namespace {

double part_of(const Run& t, Part part) {
  return part == Part::epoch ? t.epoch_time_s : t.overhead_time_s - t.work_time_s;
}

class Search {
 public:
  Search(const ResolvedScenario& w, const Contest& c) : w_(w), c_(c) {}

  std::vector<BatchRange> ranges() const {
    const std::int64_t lo = 1, hi = w_.examples;
    std::array<std::int64_t, 3> starts{lo, 0, 0};
    std::size_t count = 1;
    if (w_.roofline)
      for (std::size_t i = 0; i < c_.count; ++i)
        if (auto kink = roofline_switch(*c_.terms[i].rates, lo, hi)) starts[count++] = *kink;
    for (std::size_t i = 1; i < count; ++i)  // at most three: insertion sort
      for (std::size_t j = i; j > 0 && starts[j] < starts[j - 1]; --j) std::swap(starts[j], starts[j - 1]);

    std::vector<BatchRange> xs;  // intervals of x where the contest holds
    const auto add = [&](std::int64_t a, std::int64_t b) {
      if (!xs.empty() && xs.back().to + 1 == a) xs.back().to = b;
      else xs.push_back({a, b});
    };
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t a = starts[i];
      const std::int64_t b = i + 1 < count ? starts[i + 1] - 1 : hi;
      if (a > b) continue;
      const Gap ga = gap(a), gb = gap(b);
      if (ga.holds == gb.holds) {
        if (ga.holds) add(a, b);
        continue;
      }
      const std::int64_t t = boundary(a, b, root(a, b, ga.per_x, gb.per_x), gb.holds,
                                      [&](std::int64_t x) { return gap(x).holds; });
      if (gb.holds) add(t, b);
      else add(a, t - 1);
    }
    return w_.drop_last ? xs : batch_ranges_of_steps(xs);
  }

  EpochCounts at(std::int64_t x) const {
    if (!w_.drop_last) return counts_of(w_, 0, x, w_.examples);
    const std::int64_t steps = w_.examples / x;
    return counts_of(w_, x, steps, steps * x);
  }

  double value(const EpochCounts& p) const {
    double v = c_.constant;
    for (std::size_t i = 0; i < c_.count; ++i)
      v += c_.terms[i].weight * part_of(times_of(p, w_, *c_.terms[i].rates), c_.terms[i].part);
    return v;
  }

  bool holds(const EpochCounts& p, double v) const {
    if (c_.ratio > 0) {
      const double num = part_of(times_of(p, w_, *c_.terms[0].rates), c_.terms[0].part);
      return safe_ratio(num, part_of(times_of(p, w_, *c_.terms[1].rates), c_.terms[1].part)) >= c_.ratio;
    }
    return c_.inclusive ? v >= 0 : v > 0;
  }

 private:
  const ResolvedScenario& w_;
  const Contest& c_;

  // The contest's value at x, and per x (affine between kinks).
  struct Gap {
    bool holds;
    double per_x;
  };

  // With drop_last every time is the step count times an affine function of B: divide it out.
  double per_x(const EpochCounts& p, double value) const {
    return w_.drop_last ? value / static_cast<double>(p.steps_per_epoch) : value;
  }
  Gap gap(std::int64_t x) const {
    const EpochCounts p = at(x);
    const double v = value(p);
    return {holds(p, v), per_x(p, v)};
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

double contest_value(const ResolvedScenario& w, const Contest& contest, std::int64_t batch_size) {
  const Search search(w, contest);
  return search.value(counts_at(w, batch_size));
}

std::vector<BatchRange> ranges_where(const ResolvedScenario& w, const Contest& contest) {
  return Search(w, contest).ranges();
}

}  // namespace epochcalc::detail
