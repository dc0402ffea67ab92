// Times epochcalc::solve on plain structs: the default preset, and the same preset over dataset sizes
// N = 6e4 (MNIST) and 1e4 ... 1e12 (the win-range search is part of solve). For the default preset it
// also times the scenario layer in front of solve (JSON text -> document -> Scenario), which is what the
// JS API adds per call before marshalling. Prints one JSON object on stdout; bench/run.mjs reads it.
// The same source is built natively and as wasm (run under node). It only measures: no assertions.
// Only the engine's stable calls are used: parse_scenario and solve.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/scenario_json.hpp"

namespace {

using Clock = std::chrono::steady_clock;
volatile double sink = 0;  // every result feeds it, so no call can be optimised away

constexpr int rounds = 7;
constexpr double round_target_s = 0.03;  // each timed round lasts at least this long

struct Timing {
  double median_ns = 0;
  double min_ns = 0;
  double max_ns = 0;
  std::int64_t calls_per_round = 0;
};

// Runs `calls` calls of fn (which returns a double for the sink); seconds taken.
template <typename Fn>
double run_batch(Fn& fn, std::int64_t calls) {
  double acc = 0;
  const auto start = Clock::now();
  for (std::int64_t i = 0; i < calls; ++i) acc += fn();
  const auto stop = Clock::now();
  sink = sink + acc;
  return std::chrono::duration<double>(stop - start).count();
}

// Median time per call over `rounds` rounds, after a warm-up and a calibration that grows the batch
// until one batch lasts round_target_s.
template <typename Fn>
Timing time_calls(Fn fn) {
  run_batch(fn, 100);
  std::int64_t calls = 1;
  for (;;) {
    const double s = run_batch(fn, calls);
    if (s >= round_target_s || calls >= (std::int64_t{1} << 40)) break;
    const auto scaled = static_cast<std::int64_t>(static_cast<double>(calls) * (round_target_s / s) * 1.1);
    calls = s <= 0 ? calls * 16 : std::max(calls * 2, scaled);
  }
  std::vector<double> per_call;
  for (int r = 0; r < rounds; ++r) per_call.push_back(run_batch(fn, calls) * 1e9 / static_cast<double>(calls));
  std::sort(per_call.begin(), per_call.end());
  return {per_call[per_call.size() / 2], per_call.front(), per_call.back(), calls};
}

double epoch_sum(const epochcalc::Result& r) {
  return r.host.batched.epoch_time_s + r.accelerator.batched.epoch_time_s;
}

std::string json_string(const std::string& text) { return nlohmann::json(text).dump(); }

std::string timing_json(const Timing& t) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, "\"ns_per_call\":%.3f,\"min_ns\":%.3f,\"max_ns\":%.3f,\"calls_per_round\":%lld,\"rounds\":%d",
                t.median_ns, t.min_ns, t.max_ns, static_cast<long long>(t.calls_per_round), rounds);
  return buffer;
}

// The scenario a document describes; on failure nullopt, with the first error in `error`.
std::optional<epochcalc::Scenario> scenario_from(const nlohmann::ordered_json& doc, std::string& error) {
  if (doc.is_discarded()) {
    error = "bench: not JSON";
    return std::nullopt;
  }
  epochcalc::ParsedScenario parsed = epochcalc::parse_scenario(doc);
  if (!parsed.scenario) {
    if (parsed.errors.empty()) {
      error = "parse_scenario failed";
    } else {
      const auto& e = parsed.errors.front();
      error = e.code + " at " + e.path + ": " + e.message;
    }
    return std::nullopt;
  }
  return std::move(parsed.scenario);
}

nlohmann::ordered_json parse_text(const std::string& text) {
  return nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
}

}  // namespace

int main() {
  std::string out = "{";
  std::string error;

  // The default preset: the headline figure, the layer in front of solve, and the epoch times the pint
  // anchor must reproduce.
  const std::string default_text = R"({"preset":"mnist-cpu-vs-h100"})";
  const nlohmann::ordered_json default_doc = parse_text(default_text);
  if (auto scenario = scenario_from(default_doc, error)) {
    const epochcalc::Scenario& sc = *scenario;
    const epochcalc::Result r = epochcalc::solve(sc);
    char buffer[512];
    std::snprintf(buffer, sizeof buffer,
                  "\"epoch_s\":{\"host_batched\":%.17g,\"host_batch_one\":%.17g,\"accelerator_batched\":%.17g,"
                  "\"accelerator_batch_one\":%.17g}",
                  r.host.batched.epoch_time_s, r.host.batch_one.epoch_time_s, r.accelerator.batched.epoch_time_s,
                  r.accelerator.batch_one.epoch_time_s);
    const Timing solve = time_calls([&] { return epoch_sum(epochcalc::solve(sc)); });
    const Timing from_doc = time_calls([&] {
      const epochcalc::ParsedScenario p = epochcalc::parse_scenario(default_doc);
      return p.scenario ? epoch_sum(epochcalc::solve(*p.scenario)) : 0.0;
    });
    const Timing from_text = time_calls([&] {
      const epochcalc::ParsedScenario p = epochcalc::parse_scenario(parse_text(default_text));
      return p.scenario ? epoch_sum(epochcalc::solve(*p.scenario)) : 0.0;
    });
    out += "\"default\":{\"available\":true," + std::string(buffer) + "," + timing_json(solve) +
           ",\"parse_scenario_and_solve\":{" + timing_json(from_doc) + "}" +
           ",\"json_text_parse_scenario_and_solve\":{" + timing_json(from_text) + "}}";
  } else {
    out += "\"default\":{\"available\":false,\"error\":" + json_string(error) + "}";
  }

  // The win-range search over dataset sizes: the default preset with a synthetic dataset of N examples.
  const std::vector<std::pair<std::string, std::string>> sizes{
      {"60000", "60000"}, {"1e4", "10000"}, {"1e6", "1000000"}, {"1e8", "100000000"},
      {"1e10", "10000000000"}, {"1e12", "1000000000000"}};
  out += ",\"dataset_sizes\":[";
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const auto& [label, digits] = sizes[i];
    const std::string text = label == "60000"
        ? default_text
        : R"({"preset":"mnist-cpu-vs-h100","network":{"dataset":{"name":"synthetic","training_examples":)" + digits + "}}}";
    out += std::string(i ? "," : "") + "{\"n\":" + json_string(label) + ",\"training_examples\":" + digits + ",";
    if (auto scenario = scenario_from(parse_text(text), error)) {
      const epochcalc::Scenario& sc = *scenario;
      out += "\"available\":true," + timing_json(time_calls([&] { return epoch_sum(epochcalc::solve(sc)); })) + "}";
    } else {
      out += "\"available\":false,\"error\":" + json_string(error) + "}";
    }
  }
  out += "]}";
  std::printf("%s\n", out.c_str());
  return sink == -1.0 ? 1 : 0;  // reads the sink once more; never true for epoch times
}
