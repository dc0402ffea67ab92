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

#include "epochcalc/model/model.hpp"

namespace epochcalc {

enum class MeasuredOn { host, accelerator };

struct Measurement {
  MeasuredOn device = MeasuredOn::host;
  std::int64_t batch_size = 1;
  double epoch_time_s = 0;
  std::vector<std::int64_t> widths;  // the network measured; empty = the scenario's
};

// The fitted constants, in this order everywhere (arrays, the JSON "fitted" object, messages).
enum class Constant { dispatch, launch, host_efficiency, accelerator_efficiency, step_overhead };
inline constexpr std::size_t constant_count = 5;
std::string_view constant_name(Constant c);  // "dispatch", "launch", "host_efficiency", ...

// Whose field a fitted value is: the scenario's top-level one, or a device's own (overheads.<role>).
enum class Owner { scenario, host, accelerator };

// One unknown of the fit: a constant in one field. A device pays its own dispatch, launch or per-step
// cost where it has one (its own value, or its own profile's), else the scenario's; so a device's own
// value is an unknown of its own, fitted from that device's times alone (docs/model.md, "Calibration").
// The efficiencies are each one device's already. The first five are the scenario's fields in
// Constant's order, so fitted[static_cast<std::size_t>(Constant::x)] is the scenario's x.
struct Unknown {
  Constant constant;
  Owner owner;
};
inline constexpr std::size_t unknown_count = 10;
inline constexpr std::array<Unknown, unknown_count> unknowns{{{Constant::dispatch, Owner::scenario},
                                                              {Constant::launch, Owner::scenario},
                                                              {Constant::host_efficiency, Owner::scenario},
                                                              {Constant::accelerator_efficiency, Owner::scenario},
                                                              {Constant::step_overhead, Owner::scenario},
                                                              {Constant::dispatch, Owner::host},
                                                              {Constant::step_overhead, Owner::host},
                                                              {Constant::dispatch, Owner::accelerator},
                                                              {Constant::launch, Owner::accelerator},
                                                              {Constant::step_overhead, Owner::accelerator}}};
// The index of (constant, owner) in `unknowns`; nullopt for a pair that is no field (the host's launch).
std::optional<std::size_t> unknown_index(Constant c, Owner owner);
// The unknown a device pays `c` from in `scenario`: its own field where it has one, else the scenario's.
std::size_t paid_unknown(const Scenario& scenario, Constant c, MeasuredOn device);
// The value of an unknown's field in `scenario` (an efficiency as the efficiency); 0 for a device's own
// field the device does not have.
double unknown_value(const Scenario& scenario, std::size_t unknown);

// Which constants the fit may change; the others keep the scenario's values (e.g. trust the peak
// figures and fit only the overheads). A free constant is fitted in every field that some device pays
// it from: the scenario's, each device's own, or both.
using FreeConstants = std::array<bool, constant_count>;
// The default: the seed's four; the per-step cost joins them when the measurements span networks of
// different depths, the only data that tell it from the per-operation cost (default_free).
inline constexpr FreeConstants all_constants{true, true, true, true, false};
FreeConstants default_free(std::span<const Measurement> measurements, const std::vector<std::int64_t>& scenario_widths);

// What more would determine an undetermined unknown: more batch sizes on the devices measured, the
// other device's times, networks of other depths (or both of the last two), or nothing at all: it
// moves with another unknown in every epoch the model has (`tied_with`), and only holding one of them
// (leaving it out of "fit") fixes the other.
enum class Need { more_batch_sizes, other_device, other_depths, other_device_and_depths, nothing };

// Why a value the measured epochs depend on was not moved: the constant is not free ("fit" leaves it
// out), or the value is the scenario's field and no device pays it (each pays its own instead).
enum class HeldBecause { fit, own_value };
struct Held {
  Constant constant;
  MeasuredOn device;    // the device it is about
  std::size_t unknown;  // the field held (an index into `unknowns`)
  double value;         // its value (an efficiency as the efficiency)
  HeldBecause because;
  std::size_t in_force;  // own_value: the device's own field, the one it pays
};

struct Calibration {
  // Every unknown of a free constant that some device pays: the fit's fields.
  std::array<bool, unknown_count> involved{};
  // A value for each unknown the measurements determine; nullopt for the others.
  std::array<std::optional<double>, unknown_count> fitted;
  // For each involved unknown left undetermined: what would determine it, and the unknowns it moves with.
  std::array<std::optional<Need>, unknown_count> needs;
  std::array<std::array<bool, unknown_count>, unknown_count> tied_with{};
  // When the accelerator's dispatch and launch are undetermined apart but their sum per operation is
  // (accelerator times alone, or the accelerator paying its own dispatch or launch), that sum.
  std::optional<double> dispatch_plus_launch;
  // When the per-step cost and the per-operation costs are undetermined apart but one step's overhead
  // is (one network: every step has the same operations), that overhead per step at the first
  // measurement's network and device, and the operations it counts.
  std::optional<double> overhead_per_step;
  double overhead_per_step_ops = 0;
  // The values a fitted scenario takes, for every involved unknown the measurements touch: the fitted
  // value where it is determined, and otherwise the value closest to the scenario's own that keeps the
  // predictions (e.g. dispatch kept, launch = the fitted sum - dispatch). nullopt: left as it was.
  std::array<std::optional<double>, unknown_count> settled;
  // What the measurements determine at all: false when none of the constants is (too few measurements).
  bool determines_anything = false;
  // Each measurement's epoch time as the fitted model predicts it, and as the scenario did before.
  std::vector<double> predicted_s;
  std::vector<double> uncalibrated_s;
  // Unknowns the fit held at a bound: efficiency 1 (the data says faster than the peak allows) or 0 s.
  std::vector<std::size_t> at_bound;
  // Unknowns the fit held at the scenario's own limit (dispatch or launch of an hour, an efficiency
  // of 1e-6): times far beyond what the scenario allows, usually a unit or a scenario mistake.
  std::vector<std::size_t> at_limit;
  // The values the measured epochs depend on that the fit did not move, on both devices.
  std::vector<Held> held;
};

// Fits the free constants of `scenario`, in each field a device pays them from, to the measurements,
// minimising the sum of squared relative residuals ((predicted - measured) / measured). Held
// constants keep the scenario's values and are never reported as fitted. Precondition: the scenario
// is valid and every measurement has a positive time and a batch size the scenario allows.
Calibration calibrate(const Scenario& scenario, std::span<const Measurement> measurements,
                      const FreeConstants& free = all_constants);

// `scenario` with the calibration's settled values written in: the fitted model.
Scenario fitted_scenario(const Scenario& scenario, const Calibration& fit);

}  // namespace epochcalc
