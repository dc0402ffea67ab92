// Achieved efficiency (issue 9): assumptions.host_efficiency and accelerator_efficiency (0 < e <= 1,
// default 1, a number or "40 %") divide that device's compute and memory times, and nothing else.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "epochcalc/api/api_json.hpp"
#include "solved.hpp"

using namespace epochcalc;
using namespace epochcalc::testing;

namespace {


// `slow` is `base` with the work of one device divided by `e`: compute and memory scale by 1/e, the
// counts, the overheads and the energies do not; the epoch is the new work plus the same overhead.
void check_scaled(const json& base, const json& slow, double e, bool roofline) {
  for (const char* run : {"batched", "batch_one"}) {
    CAPTURE(run);
    const json& b = base[run];
    const json& s = slow[run];
    CHECK(relative_error(number(s, "compute_time_s"), number(b, "compute_time_s") / e) <= 1e-14);
    CHECK(relative_error(number(s, "memory_time_s"), number(b, "memory_time_s") / e) <= 1e-14);
    const double work = roofline ? std::max(number(s, "compute_time_s"), number(s, "memory_time_s"))
                                 : number(s, "compute_time_s") + number(s, "memory_time_s");
    CHECK(relative_error(number(s, "work_time_s"), work) <= 1e-15);
    for (const char* same : {"dispatches", "launches", "dispatch_time_s", "launch_time_s", "overhead_time_s",
                             "arithmetic_energy_j", "data_movement_energy_j", "energy_j"}) {
      CAPTURE(same);
      CHECK(s[same] == b[same]);
    }
    CHECK(relative_error(number(s, "epoch_time_s"), number(s, "work_time_s") + number(s, "overhead_time_s")) <= 1e-15);
    CHECK(relative_error(number(s, "overhead_fraction"), number(s, "overhead_time_s") / number(s, "epoch_time_s")) <= 1e-14);
  }
}

}  // namespace

TEST_CASE("an efficiency divides that device's compute and memory times, and only that device's") {
  for (const char* overlap : {"none", "roofline"}) {
    CAPTURE(overlap);
    const bool roofline = std::string(overlap) == "roofline";
    const json base = solved(preset_with({{"overlap", overlap}}));
    const json host = solved(preset_with({{"overlap", overlap}, {"host_efficiency", 0.4}}));
    check_scaled(base["host"], host["host"], 0.4, roofline);
    CHECK(host["accelerator"] == base["accelerator"]);
    CHECK(host["network"] == base["network"]);
    const json acc = solved(preset_with({{"overlap", overlap}, {"accelerator_efficiency", 0.03}}));
    check_scaled(base["accelerator"], acc["accelerator"], 0.03, roofline);
    CHECK(acc["host"] == base["host"]);
    const json both = solved(preset_with({{"overlap", overlap}, {"host_efficiency", 0.5}, {"accelerator_efficiency", 0.25}}));
    check_scaled(base["host"], both["host"], 0.5, roofline);
    check_scaled(base["accelerator"], both["accelerator"], 0.25, roofline);
  }
}

TEST_CASE("efficiency against the model's equations") {
  // MNIST 784 -> 128 -> 64 -> 10, training at fp32, batch 32: F = 3·2·M·N, Y = 3·4·(s·W + N·A).
  const double m = 784.0 * 128 + 128.0 * 64 + 64.0 * 10;
  const double a = (784.0 + 128) + (128.0 + 64) + (64.0 + 10);
  const double w = m + 128 + 64 + 10;
  const double n = 60000, s = 1875;
  const double flops = 3 * 2 * m * n;
  const double bytes = 3 * 4 * (s * w + n * a);
  const json r = solved(preset_with({{"host_efficiency", "40 %"}, {"accelerator_efficiency", 0.125}}));
  const json& host = r["host"]["batched"];
  const json& acc = r["accelerator"]["batched"];
  CHECK(relative_error(number(host, "compute_time_s"), flops / 1e12 / 0.4) <= 1e-14);
  CHECK(relative_error(number(host, "memory_time_s"), bytes / 50e9 / 0.4) <= 1e-14);
  CHECK(relative_error(number(acc, "compute_time_s"), flops / 67e12 / 0.125) <= 1e-14);
  CHECK(relative_error(number(acc, "memory_time_s"), bytes / 3.35e12 / 0.125) <= 1e-14);
  const double ops = s * 3 * 3;  // L·o per step, no extra operations
  CHECK(relative_error(number(host, "epoch_time_s"), (flops / 1e12 + bytes / 50e9) / 0.4 + ops * 10e-6) <= 1e-14);
  CHECK(relative_error(number(acc, "epoch_time_s"), (flops / 67e12 + bytes / 3.35e12) / 0.125 + ops * (10e-6 + 5e-6)) <= 1e-14);
}

TEST_CASE("an efficiency is a number or a percentage, 1 when left out") {
  const json as_number = solved(preset_with({{"host_efficiency", 0.4}}));
  for (const char* text : {"40 %", "40%", " 40 % ", "0.4"}) {
    CAPTURE(text);
    const json as_text = solved(preset_with({{"host_efficiency", text}}));
    CHECK(as_text["scenario"]["assumptions"]["host_efficiency"] == 0.4);
    CHECK(as_text["host"] == as_number["host"]);
  }
  const json plain = solved({{"preset", "mnist-cpu-vs-h100"}});
  CHECK(plain["scenario"]["assumptions"]["host_efficiency"] == 1);
  CHECK(plain["scenario"]["assumptions"]["accelerator_efficiency"] == 1);
  // null, like absent, is the default; 1 and 100 % are the same as both.
  for (const json& value : {json(nullptr), json(1), json("100 %")}) {
    CAPTURE(value.dump());
    const json r = solved(preset_with({{"host_efficiency", value}, {"accelerator_efficiency", value}}));
    CHECK(r["host"] == plain["host"]);
    CHECK(r["accelerator"] == plain["accelerator"]);
    CHECK(r["scenario"]["assumptions"]["accelerator_efficiency"] == 1);
  }
  // The smallest allowed value keeps every number finite.
  const json smallest = solved(preset_with({{"host_efficiency", 1e-6}, {"accelerator_efficiency", "0.0001 %"}}));
  CHECK(std::isfinite(number(smallest["host"]["batch_one"], "epoch_time_s")));
  CHECK(relative_error(number(smallest["accelerator"]["batched"], "compute_time_s"),
                       number(plain["accelerator"]["batched"], "compute_time_s") * 1e6) <= 1e-12);
}

TEST_CASE("an efficiency outside (0, 1] is E_RANGE at its path, naming the bound") {
  for (const char* key : {"host_efficiency", "accelerator_efficiency"}) {
    const std::string path = std::string("/assumptions/") + key;
    struct Case {
      json value;
      std::string fragment;
    };
    for (const Case& c : {Case{0, "a fraction must be at least 1e-06"}, Case{-0.5, "a fraction must be at least"},
                          Case{"0 %", "a fraction must be at least"}, Case{9.99e-7, "a fraction must be at least 1e-06"},
                          Case{1.5, "a fraction must be at most 1"}, Case{"150 %", "a fraction must be at most 1"},
                          Case{"40", "a fraction must be at most 1"}, Case{1.0000001, "a fraction must be at most 1"}}) {
      CAPTURE(path);
      CAPTURE(c.value.dump());
      const json e = solve_document(preset_with({{key, c.value}}));
      REQUIRE(e["schema"] == "epochcalc/error@1");
      REQUIRE(e["errors"].size() == 1);
      CHECK(e["errors"][0]["code"] == "E_RANGE");
      CHECK(e["errors"][0]["path"] == path);
      CHECK(e["errors"][0]["message"].get<std::string>().find(c.fragment) != std::string::npos);
    }
    const json unit = solve_document(preset_with({{key, "40 us"}}));
    CHECK(unit["errors"][0]["code"] == "E_UNIT");
    CHECK(unit["errors"][0]["path"] == path);
    const json type = solve_document(preset_with({{key, true}}));
    CHECK(type["errors"][0]["code"] == "E_TYPE");
    CHECK(type["errors"][0]["message"].get<std::string>().find("\"40 %\"") != std::string::npos);
  }
}

TEST_CASE("the win ranges follow the efficiencies (closed form against every batch size)") {
  // Efficiency changes only the work: a slow accelerator with graphs wins at small batches (few
  // overheads) and loses at large ones (slow work); without graphs it wins from some batch size on.
  bool changes_winner = false;
  for (const json& assumptions :
       {json{{"accelerator_efficiency", 0.02}}, json{{"host_efficiency", 0.05}, {"accelerator_efficiency", 0.01}},
        json{{"accelerator_efficiency", 0.005}, {"launches_per_step", 1}},
        json{{"accelerator_efficiency", 0.008}, {"launches_per_step", 1}, {"overlap", "roofline"}},
        json{{"accelerator_efficiency", 0.01}, {"drop_last", true}, {"launches_per_step", 2}},
        json{{"accelerator_efficiency", 0.003}, {"overlap", "roofline"}}}) {
    CAPTURE(assumptions.dump());
    const Solved s = solve_checked(preset_with(assumptions));
    REQUIRE(s.result);
    const std::int64_t n = s.scenario->dataset.training_examples;
    std::vector<BatchRange> brute;
    for (std::int64_t b = 1; b <= n; ++b) {
      const EpochTimes t = epoch_times_at(*s.scenario, b);
      if (t.accelerator_s < t.host_s) {
        if (!brute.empty() && brute.back().to + 1 == b) brute.back().to = b;
        else brute.push_back({b, b});
      }
    }
    CHECK(s.result->comparison.accelerator_wins == brute);
    changes_winner |= !brute.empty() && !(brute.size() == 1 && brute[0].from == 1 && brute[0].to == n);
  }
  CHECK(changes_winner);
}
