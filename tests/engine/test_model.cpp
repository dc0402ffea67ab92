// The equations of docs/model.md on plain structs, and the default scenario's published checks.
#include <doctest/doctest.h>

#include <tuple>

#include "epochcalc/model/model.hpp"
#include "brute_force.hpp"
#include "model_answers.hpp"
#include "default_scenario.hpp"
#include "draw.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {

// The default preset, parsed through the JSON layer.

// A hand-built scenario with round numbers, so expected values can be worked out on paper.
Scenario paper_scenario() {
  Scenario s;
  s.name = "paper";
  s.widths = {10, 20, 5};  // M = 200 + 100 = 300, A = 30 + 25 = 55, W = 300 + 25 = 325
  s.batch_size = 10;
  s.dataset = {"toy", 100};
  s.host = {"cpu", {{"fp32", 1e9}}, 1e9, 0, 0, ""};
  s.accelerator = {"gpu", {{"fp32", 1e12}, {"fp16", 2e12}}, 1e11, 0, 0, ""};
  s.dispatch = 1e-5;
  s.launch = 5e-6;
  s.flop_energy = 1e-12;
  s.dram_energy_per_byte = 1e-10;
  return s;
}

}  // namespace

TEST_CASE("network shape sums MACs, activations and parameters over the layers") {
  const NetworkShape mnist = network_shape({784, 128, 64, 10});
  CHECK(mnist.layers == 3);
  CHECK(mnist.macs == 109184);
  CHECK(mnist.activations == 1178);
  CHECK(mnist.parameters == 109386);
  const NetworkShape single = network_shape({3, 2});
  CHECK(single.layers == 1);
  CHECK(single.macs == 6);
  CHECK(single.activations == 5);
  CHECK(single.parameters == 8);
}

TEST_CASE("an epoch's counts: steps, FLOPs, bytes and launched operations") {
  const Scenario s = paper_scenario();
  SUBCASE("training, steps round up") {
    const EpochCounts p = epoch_counts(s, 105, 10, s.assumptions, 4);
    CHECK(p.steps_per_epoch == 11);
    CHECK(p.examples == 105);
    CHECK(p.flops == 3.0 * 2 * 300 * 105);
    CHECK(p.bytes == 3.0 * 4 * (11 * 325 + 105 * 55));
    CHECK(p.launched_ops == 11 * (2 * 3));
  }
  SUBCASE("drop_last drops the partial batch and its examples") {
    Assumptions a = s.assumptions;
    a.drop_last = true;
    const EpochCounts p = epoch_counts(s, 105, 10, a, 4);
    CHECK(p.steps_per_epoch == 10);
    CHECK(p.examples == 100);
    CHECK(p.flops == 3.0 * 2 * 300 * 100);
  }
  SUBCASE("inference is one pass") {
    Assumptions a = s.assumptions;
    a.phase = Phase::inference;
    a.ops_per_layer = 1;
    a.extra_ops_per_step = 2;
    const EpochCounts p = epoch_counts(s, 100, 10, a, 2);
    CHECK(p.flops == 2.0 * 300 * 100);
    CHECK(p.bytes == 2.0 * (10 * 325 + 100 * 55));
    CHECK(p.launched_ops == 10 * (2 * 1 + 2));
  }
}

TEST_CASE("without the input's gradient the first layer makes one pass fewer in training, and only then") {
  const Scenario s = paper_scenario();
  const NetworkShape shape = network_shape(s.widths);  // the first layer: M1 = 200, A1 = 30, W1 = 220
  CHECK(shape.first_macs == 200);
  CHECK(shape.first_activations == 30);
  CHECK(shape.first_parameters == 220);
  Assumptions a = s.assumptions;
  a.first_layer_input_gradient = false;
  SUBCASE("training: two passes on the first layer, three on the others") {
    const EpochCounts p = epoch_counts(s, 105, 10, a, 4);
    CHECK(p.flops == 2.0 * 105 * (3 * 300 - 200));
    CHECK(p.bytes == 4.0 * (3 * (11 * 325 + 105 * 55) - (11 * 220 + 105 * 30)));
    CHECK(p.launched_ops == 11 * (2 * 3));  // the operations are the scenario's counts, unchanged
  }
  SUBCASE("inference has no backward pass to skip") {
    a.phase = Phase::inference;
    Assumptions seed = a;
    seed.first_layer_input_gradient = true;
    const EpochCounts skipped = epoch_counts(s, 100, 10, a, 2);
    const EpochCounts counted = epoch_counts(s, 100, 10, seed, 2);
    CHECK(skipped.flops == counted.flops);
    CHECK(skipped.bytes == counted.bytes);
  }
  SUBCASE("the default counts every pass: the seed's numbers, bit for bit") {
    const EpochCounts p = epoch_counts(s, 105, 10, s.assumptions, 4);
    CHECK(p.flops == 3.0 * 2 * 300 * 105);
    CHECK(p.bytes == 3.0 * 4 * (11 * 325 + 105 * 55));
  }
}

TEST_CASE("without the input's gradient the win ranges still match brute force") {
  // The skipped pass keeps F and Y affine in s and n, which the closed-form search relies on.
  testing::Draw d(0x5eed0c01);
  int won_somewhere = 0;
  for (int i = 0; i < 300; ++i) {
    Scenario s = testing::draw(d, 3000);
    s.assumptions.first_layer_input_gradient = false;
    CAPTURE(i);
    CAPTURE(testing::describe(s));
    const auto expected = testing::brute_force_ranges(s);
    CHECK(accelerator_win_ranges(s) == expected);
    if (!expected.empty() && expected.front().from > 1) ++won_somewhere;
  }
  CHECK(won_somewhere > 10);  // the sample must include crossovers inside [1, N]
}

TEST_CASE("a run splits the epoch into work and overhead") {
  Scenario s = paper_scenario();
  const EpochCounts p = epoch_counts(s, 100, 10, s.assumptions, 4);
  SUBCASE("host: no launch cost") {
    const Run r = run_on_device(p, s, false);
    CHECK(r.compute_time_s == doctest::Approx(p.flops / 1e9));
    CHECK(r.memory_time_s == doctest::Approx(p.bytes / 1e9));
    CHECK(r.work_time_s == doctest::Approx(r.compute_time_s + r.memory_time_s));
    CHECK(r.dispatch_time_s == doctest::Approx(60 * 1e-5));
    CHECK(r.launch_time_s == 0);
    CHECK(r.epoch_time_s == doctest::Approx(r.work_time_s + r.dispatch_time_s));
    CHECK(r.overhead_fraction == doctest::Approx(r.dispatch_time_s / r.epoch_time_s));
    CHECK(r.arithmetic_energy_j == doctest::Approx(p.flops * 1e-12));
    CHECK(r.data_movement_energy_j == doctest::Approx(p.bytes * 1e-10));
    CHECK(r.energy_j == doctest::Approx(r.arithmetic_energy_j + r.data_movement_energy_j));
  }
  SUBCASE("accelerator pays launch on top of dispatch") {
    const Run r = run_on_device(p, s, true);
    CHECK(r.launch_time_s == doctest::Approx(60 * 5e-6));
    CHECK(r.overhead_time_s == doctest::Approx(60 * 15e-6));
  }
  SUBCASE("roofline overlap takes the larger of compute and memory") {
    s.assumptions.overlap = Overlap::roofline;
    const Run r = run_on_device(p, s, false);
    CHECK(r.work_time_s == doctest::Approx(std::max(r.compute_time_s, r.memory_time_s)));
  }
  SUBCASE("the precision picks the peak") {
    s.precision = "fp16";
    const Run r = run_on_device(p, s, true);
    CHECK(r.compute_time_s == doctest::Approx(p.flops / 2e12));
  }
}

TEST_CASE("bytes per element follow the precision") {
  CHECK(bytes_per_element("fp32") == 4);
  CHECK(bytes_per_element("tf32") == 4);
  CHECK(bytes_per_element("fp16") == 2);
  CHECK(bytes_per_element("bf16") == 2);
  CHECK(bytes_per_element("fp8") == 1);
  CHECK(bytes_per_element("int8") == 1);
  CHECK_FALSE(bytes_per_element("fp64"));
}

TEST_CASE("the default scenario reproduces the published checks") {
  const Result r = solve(testing::default_scenario());
  CHECK(r.batched.steps_per_epoch == 1875);
  CHECK(r.batched.launched_ops == 16875);
  const Run& hb = r.host.batched;
  CHECK(hb.epoch_time_s == doctest::Approx(0.274243).epsilon(1e-6));
  CHECK(hb.compute_time_s == doctest::Approx(0.039306).epsilon(1e-5));
  CHECK(hb.memory_time_s == doctest::Approx(0.066187).epsilon(1e-5));
  CHECK(hb.dispatch_time_s == doctest::Approx(0.168750).epsilon(1e-9));
  const Run& ab = r.accelerator.batched;
  CHECK(ab.epoch_time_s == doctest::Approx(0.254700).epsilon(1e-6));
  CHECK(ab.compute_time_s == doctest::Approx(0.000587).epsilon(1e-3));
  CHECK(ab.memory_time_s == doctest::Approx(0.000988).epsilon(1e-3));
  CHECK(ab.dispatch_time_s == doctest::Approx(0.168750).epsilon(1e-9));
  CHECK(ab.launch_time_s == doctest::Approx(0.084375).epsilon(1e-9));
  CHECK(r.host.batch_one.epoch_time_s == doctest::Approx(7.0314).epsilon(1e-5));
  CHECK(r.accelerator.batch_one.epoch_time_s == doctest::Approx(8.1243).epsilon(1e-5));
  CHECK(r.comparison.crossover_batch_size == 21);
  CHECK(hb.arithmetic_energy_j == doctest::Approx(0.1454).epsilon(1e-3));
  CHECK(hb.data_movement_energy_j == doctest::Approx(0.5295).epsilon(1e-4));
  CHECK(r.host.batch_one.data_movement_energy_j == doctest::Approx(12.737).epsilon(1e-4));
  CHECK(r.comparison.accelerator_speedup_batched == doctest::Approx(0.274243 / 0.254700).epsilon(1e-5));
  CHECK(r.comparison.batching_speedup_host == doctest::Approx(7.0314 / 0.274243).epsilon(1e-4));
}

TEST_CASE("results stay finite when overheads and prices are zero") {
  Scenario s = paper_scenario();
  s.dispatch = 0;
  s.launch = 0;
  s.flop_energy = 0;
  s.dram_energy_per_byte = 0;
  const Result r = solve(s);
  CHECK(r.host.batched.overhead_fraction == 0);
  CHECK(r.host.batched.energy_j == 0);
  CHECK(r.comparison.accelerator_speedup_batched > 1);
}

TEST_CASE("idle power adds idle energy over the whole epoch; a price gives the cost; absent, the seed's numbers hold") {
  Scenario s = paper_scenario();
  const Result seed = solve(s);
  s.host.idle_power = 50;
  s.accelerator.idle_power = 60;
  s.accelerator.price_per_hour = 3.6;  // 0.001 USD a second
  const Result r = solve(s);
  for (const auto& [without, with, watts] : {std::tuple{seed.host.batched, r.host.batched, 50.0},
                                            std::tuple{seed.accelerator.batched, r.accelerator.batched, 60.0},
                                            std::tuple{seed.accelerator.batch_one, r.accelerator.batch_one, 60.0}}) {
    // Times do not change; the idle energy is the power over the whole epoch, overhead time included.
    CHECK(with.epoch_time_s == without.epoch_time_s);
    CHECK(with.idle_energy_j == watts * with.epoch_time_s);
    CHECK(with.energy_j == doctest::Approx(without.energy_j + watts * with.epoch_time_s).epsilon(1e-15));
    CHECK(with.arithmetic_energy_j == without.arithmetic_energy_j);
    CHECK(without.idle_energy_j == 0);
  }
  CHECK(r.accelerator.batched.cost_usd == doctest::Approx(0.001 * r.accelerator.batched.epoch_time_s).epsilon(1e-15));
  CHECK(r.host.batched.cost_usd == 0);
  CHECK(seed.accelerator.batched.cost_usd == 0);
  // The seed's energy is exactly the arithmetic and the DRAM traffic.
  CHECK(seed.host.batched.energy_j == seed.host.batched.arithmetic_energy_j + seed.host.batched.data_movement_energy_j);
}
