// A digest of generated scenarios (FNV-1a over every input, doubles by their bits), so a test can pin
// what a generator draws: the native and the wasm build check the same pinned value, and fail if
// their standard libraries (or anything else) made them test different scenarios.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "epochcalc/model/model.hpp"

namespace epochcalc::testing {

class ScenarioDigest {
 public:
  void add(const Scenario& s) {
    for (std::int64_t w : s.widths) add_int(w);
    add_int(s.batch_size);
    add_int(s.dataset.training_examples);
    add_text(s.precision);
    for (const Device* d : {&s.host, &s.accelerator}) {
      for (const auto& [precision, peak] : d->peak_flops) {
        add_text(precision);
        add_double(peak);
      }
      add_double(d->memory_bandwidth);
    }
    for (double x : {s.dispatch, s.launch, s.dram_energy_per_byte, s.flop_energy}) add_double(x);
    const Assumptions& a = s.assumptions;
    for (std::int64_t x : {std::int64_t{a.phase == Phase::training}, std::int64_t{a.ops_per_layer},
                           std::int64_t{a.extra_ops_per_step}, std::int64_t{a.overlap == Overlap::roofline},
                           std::int64_t{a.drop_last}, std::int64_t{a.launches_per_step}})
      add_int(x);
    add_double(a.host_efficiency);
    add_double(a.accelerator_efficiency);
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;

  void add_byte(unsigned char b) {
    hash_ ^= b;
    hash_ *= 0x100000001b3ULL;
  }
  void add_int(std::int64_t x) {
    const auto bits = static_cast<std::uint64_t>(x);
    for (int i = 0; i < 64; i += 8) add_byte(static_cast<unsigned char>(bits >> i));
  }
  void add_double(double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    add_int(static_cast<std::int64_t>(bits));
  }
  void add_text(const std::string& text) {
    add_int(static_cast<std::int64_t>(text.size()));
    for (char c : text) add_byte(static_cast<unsigned char>(c));
  }
};

}  // namespace epochcalc::testing
