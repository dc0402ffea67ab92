// The crossover search is exact: it must agree with trying every batch size.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>

#include "epochcalc/model.hpp"

using namespace epochcalc;

namespace {

std::optional<std::int64_t> brute_force(const Scenario& s) {
  const NetworkShape shape = network_shape(s.widths);
  for (std::int64_t b = 1; b <= s.dataset.training_examples; ++b) {
    const EpochTimes t = epoch_times_at(s, shape, b);
    if (t.accelerator_s < t.host_s) return b;
  }
  return std::nullopt;
}

Scenario base() {
  Scenario s;
  s.widths = {784, 128, 64, 10};
  s.batch_size = 32;
  s.dataset = {"mnist", 60000};
  s.host = {"cpu", {{"fp32", 1e12}}, 50e9, 0, 0, ""};
  s.accelerator = {"gpu", {{"fp32", 67e12}}, 3.35e12, 0, 0, ""};
  s.dispatch = 10e-6;
  s.launch = 5e-6;
  return s;
}

}  // namespace

TEST_CASE("the default scenario crosses over at batch size 21") { CHECK(crossover_batch_size(base()) == 21); }

TEST_CASE("no crossover when the accelerator is never faster") {
  Scenario s = base();
  s.accelerator = s.host;
  CHECK_FALSE(crossover_batch_size(s));
}

TEST_CASE("crossover at batch size 1 when the accelerator always wins") {
  Scenario s = base();
  s.launch = 0;
  CHECK(crossover_batch_size(s) == 1);
}

// Random small scenarios in every mode; the fixed seed keeps the test deterministic.
TEST_CASE("the exact search agrees with brute force over every batch size") {
  std::mt19937_64 random(20261202);
  const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
  int with_crossover = 0;
  for (int i = 0; i < 400; ++i) {
    Scenario s = base();
    s.widths = {1 + static_cast<std::int64_t>(uniform(1, 300)), 1 + static_cast<std::int64_t>(uniform(1, 300)),
                1 + static_cast<std::int64_t>(uniform(1, 20))};
    s.dataset.training_examples = 1 + static_cast<std::int64_t>(uniform(1, 3000));
    s.host.peak_flops["fp32"] = uniform(1e9, 5e12);
    s.host.memory_bandwidth = uniform(1e9, 2e11);
    s.accelerator.peak_flops["fp32"] = uniform(1e11, 1e14);
    s.accelerator.memory_bandwidth = uniform(1e11, 4e12);
    s.dispatch = uniform(0, 2e-5);
    s.launch = uniform(0, 2e-5);
    s.assumptions.drop_last = i % 2 == 1;
    s.assumptions.overlap = (i / 2) % 2 == 1 ? Overlap::roofline : Overlap::none;
    s.assumptions.phase = (i / 4) % 2 == 1 ? Phase::inference : Phase::training;
    s.assumptions.extra_ops_per_step = (i / 8) % 3;
    CAPTURE(i);
    CAPTURE(s.dataset.training_examples);
    CAPTURE(s.assumptions.drop_last);
    const auto expected = brute_force(s);
    CHECK(crossover_batch_size(s) == expected);
    if (expected && *expected > 1) ++with_crossover;
  }
  // The sample must exercise real crossovers, not only "always" or "never".
  CHECK(with_crossover > 40);
}
