// Generated scenarios for the property tests: a hand-rolled splitmix64 with a fixed seed that draws
// without libm (a decade from exact powers of ten, then uniform within it), so the native and the wasm
// build test the same scenarios; describe() prints every input of a failing one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include "epochcalc/model/model.hpp"

namespace epochcalc::testing {

// splitmix64 (Steele, Lea and Flood): a few lines, the same sequence on every platform.
class Draw {
 public:
  explicit Draw(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1), 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform in [lo, hi] (the modulo bias is far below anything a test could notice).
  std::int64_t integer(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(double p) { return unit() < p; }
  // Spread over the decades [10^lo, 10^hi): a decade, then uniform within it. No libm, so the value
  // is the same natively and as wasm.
  double decades(int lo, int hi) {
    const std::int64_t k = integer(lo, hi - 1);
    double p = 1;
    for (std::int64_t i = 0; i < k; ++i) p *= 10;
    for (std::int64_t i = 0; i > k; --i) p /= 10;
    return p * (1 + 9 * unit());
  }
  // A whole number in [1, hi], spread over the binary orders of magnitude: small values are as common
  // as large ones.
  std::int64_t spread(std::int64_t hi) {
    int bits = 0;
    while (bits < 62 && (std::int64_t{1} << (bits + 1)) <= hi) ++bits;
    const std::int64_t top = std::int64_t{1} << integer(0, bits);
    return std::min(hi, integer(1, std::min(hi, 2 * top - 1)));
  }

 private:
  std::uint64_t state_;
};

// Any valid scenario in the generator's ranges: 1 to 6 layers of widths 1 to 4096, N up to
// `max_examples`, devices given inline, every overhead 0 to 100 µs and every mode.
inline Scenario draw(Draw& d, std::int64_t max_examples) {
  Scenario s;
  s.name = "generated";
  const std::int64_t layers = d.integer(1, 6);
  for (std::int64_t i = 0; i <= layers; ++i) s.widths.push_back(d.spread(4096));
  const std::int64_t n = d.chance(0.5) ? d.spread(max_examples) : d.integer(1, max_examples);
  s.dataset = {"generated", n};
  s.assumptions.drop_last = d.chance(0.5);
  // Without drop_last a batch may exceed N (one step of N examples); with it, B <= N is the rule.
  s.batch_size = !s.assumptions.drop_last && d.chance(0.1) ? n + d.spread(1000) : d.spread(n);
  s.precision = std::string(precisions()[static_cast<std::size_t>(d.integer(0, 5))].name);
  const auto make_device = [&](const char* name) {
    Device device;
    device.name = name;
    device.peak_flops[s.precision] = d.decades(9, 16);
    if (d.chance(0.3)) device.peak_flops[s.precision == "fp32" ? "fp16" : "fp32"] = d.decades(9, 16);
    device.memory_bandwidth = d.decades(9, 13);
    return device;
  };
  s.host = make_device("host");
  s.accelerator = make_device("accelerator");
  // How the two devices relate, a quarter of the draws each: independent; the textbook case, an
  // accelerator with more of both (the winner usually changes inside [1, N], where the win ranges
  // are worth checking); the host with the higher peak and the accelerator with the higher bandwidth
  // (the winner can change back, and with roofline overlap twice); twins, the same device at the same
  // efficiency, often without launch cost (exact ties: "strictly faster" must not count them).
  const std::int64_t relation = d.integer(0, 3);
  if (relation == 1) {
    s.accelerator.peak_flops[s.precision] = s.host.peak_flops[s.precision] * d.decades(0, 2);
    s.accelerator.memory_bandwidth = s.host.memory_bandwidth * d.decades(0, 2);
  } else if (relation == 2) {
    s.accelerator.peak_flops[s.precision] = s.host.peak_flops[s.precision] / d.decades(0, 2);
    s.accelerator.memory_bandwidth = s.host.memory_bandwidth * d.decades(0, 2);
  }
  s.dispatch = d.chance(0.1) ? 0 : 100e-6 * d.unit();
  s.launch = d.chance(0.1) ? 0 : 100e-6 * d.unit();
  s.flop_energy = 10e-12 * d.unit();
  s.dram_energy_per_byte = 1e-9 * d.unit();
  Assumptions& a = s.assumptions;
  a.phase = d.chance(0.5) ? Phase::training : Phase::inference;
  a.ops_per_layer = d.chance(0.5) ? phase_info(a.phase).default_ops_per_layer : static_cast<int>(d.integer(0, 12));
  a.extra_ops_per_step = d.chance(0.5) ? 0 : static_cast<int>(d.integer(0, 100));
  a.overlap = d.chance(0.5) ? Overlap::none : Overlap::roofline;
  a.host_efficiency = d.chance(0.4) ? 1 : d.decades(-3, 0);
  a.accelerator_efficiency = d.chance(0.4) ? 1 : d.decades(-3, 0);
  a.launches_per_step = d.chance(0.7) ? 0 : static_cast<int>(d.integer(1, 20));
  if (relation == 3) {
    s.accelerator = s.host;
    s.accelerator.name = "accelerator";
    a.accelerator_efficiency = a.host_efficiency;
    if (d.chance(0.5)) s.launch = 0;
  }
  return s;
}

// Every input, to the last bit: enough to rebuild a failing scenario.
inline std::string describe(const Scenario& s) {
  std::string text = "widths [";
  for (std::int64_t w : s.widths) text += std::to_string(w) + " ";
  char buffer[1024];
  const Assumptions& a = s.assumptions;
  std::snprintf(buffer, sizeof buffer,
                "] N %lld B %lld %s host {%.17g FLOP/s, %.17g B/s} accelerator {%.17g FLOP/s, %.17g B/s} "
                "dispatch %.17g launch %.17g flop_energy %.17g byte_energy %.17g %s ops_per_layer %d "
                "extra_ops_per_step %d %s drop_last %d host_efficiency %.17g accelerator_efficiency %.17g "
                "launches_per_step %d",
                static_cast<long long>(s.dataset.training_examples), static_cast<long long>(s.batch_size),
                s.precision.c_str(), s.host.peak_flops.at(s.precision), s.host.memory_bandwidth,
                s.accelerator.peak_flops.at(s.precision), s.accelerator.memory_bandwidth, s.dispatch, s.launch,
                s.flop_energy, s.dram_energy_per_byte, phase_info(a.phase).name.data(), a.ops_per_layer,
                a.extra_ops_per_step, overlap_info(a.overlap).name.data(), a.drop_last ? 1 : 0, a.host_efficiency,
                a.accelerator_efficiency, a.launches_per_step);
  return text + buffer;
}

}  // namespace epochcalc::testing
