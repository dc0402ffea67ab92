// Calibration: the overhead constants and efficiencies that best explain measured epoch times.
// An epoch's time is linear in dispatch, launch and each device's 1/efficiency (docs/model.md,
// "Calibration"), so they are fitted by non-negative least squares, and what the measurements cannot
// pin down is reported as undetermined, never guessed. Plain structs: no JSON here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "epochcalc/model.hpp"

namespace epochcalc {

enum class MeasuredOn { host, accelerator };

struct Measurement {
  MeasuredOn device = MeasuredOn::host;
  std::int64_t batch_size = 1;
  double epoch_time_s = 0;
  std::vector<std::int64_t> widths;  // the network measured; empty = the scenario's
};

// The fitted constants, in this order everywhere (arrays, the JSON "fitted" object, messages).
// dispatch, launch and step_overhead are the scenario's top-level values: a device that gives its own
// value of one (overheads.host.dispatch) keeps it, and its times count it as known.
enum class Constant { dispatch, launch, host_efficiency, accelerator_efficiency, step_overhead };
inline constexpr std::size_t constant_count = 5;
std::string_view constant_name(Constant c);  // "dispatch", "launch", "host_efficiency", ...

// Which constants the fit may change; the others keep the scenario's values (e.g. trust the peak
// figures and fit only the overheads).
using FreeConstants = std::array<bool, constant_count>;
// The default: the seed's four; the per-step cost joins them when the measurements span networks of
// different depths, the only data that tell it from the per-operation cost (default_free).
inline constexpr FreeConstants all_constants{true, true, true, true, false};
FreeConstants default_free(std::span<const Measurement> measurements, const std::vector<std::int64_t>& scenario_widths);

struct Calibration {
  // A value for each constant the measurements determine; nullopt for the others.
  std::array<std::optional<double>, constant_count> fitted;
  // When dispatch and launch are undetermined apart but their sum per operation is (accelerator times
  // alone, without graphs), that sum.
  std::optional<double> dispatch_plus_launch;
  // When the per-step cost and the per-operation costs are undetermined apart but one step's overhead
  // is (one network: every step has the same operations), that overhead per step at the first
  // measurement's network and device, and the operations it counts.
  std::optional<double> overhead_per_step;
  double overhead_per_step_ops = 0;
  // The values a fitted scenario takes, for every free constant the measurements involve: the fitted
  // value where it is determined, and otherwise the value closest to the scenario's own that keeps the
  // predictions (e.g. dispatch kept, launch = the fitted sum - dispatch). nullopt: left as it was.
  std::array<std::optional<double>, constant_count> settled;
  // What the measurements determine at all: false when none of the constants is (too few measurements).
  bool determines_anything = false;
  // Each measurement's epoch time as the fitted model predicts it, and as the scenario did before.
  std::vector<double> predicted_s;
  std::vector<double> uncalibrated_s;
  // Constants the fit held at a bound: efficiency 1 (the data says faster than the peak allows) or 0 s.
  std::vector<Constant> at_bound;
  // Constants the fit held at the scenario's own limit (dispatch or launch of an hour, an efficiency
  // of 1e-6): times far beyond what the scenario allows, usually a unit or a scenario mistake.
  std::vector<Constant> at_limit;
};

// Fits the free constants among dispatch, launch and the efficiencies of `scenario` to the
// measurements, minimising the sum of squared relative residuals ((predicted - measured) / measured).
// Held constants keep the scenario's values and are never reported as fitted. Precondition: the
// scenario is valid and every measurement has a positive time and a batch size the scenario allows.
Calibration calibrate(const Scenario& scenario, std::span<const Measurement> measurements,
                      const FreeConstants& free = all_constants);

}  // namespace epochcalc
