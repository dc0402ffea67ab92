// The epoch-overhead model on plain structs: no JSON, no allocation in the hot path, no exceptions.
// docs/model.md is the written source of every equation here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace epochcalc {

enum class Phase { training, inference };
enum class Overlap { none, roofline };

// The model's fixed vocabularies, written once here and exported through the schema.
struct PrecisionInfo {
  std::string_view name;
  int bytes;  // bytes per element
};
struct PhaseInfo {
  Phase phase;
  std::string_view name;
  int gemm_passes;            // k: forward only, or forward and two backward GEMMs
  int default_ops_per_layer;  // operations launched per layer per step when the scenario gives none
};
struct OverlapInfo {
  Overlap overlap;
  std::string_view name;
  std::string_view work;  // how work combines compute and memory, in words
};
std::span<const PrecisionInfo> precisions();
std::span<const PhaseInfo> phases();
std::span<const OverlapInfo> overlaps();
const PhaseInfo& phase_info(Phase phase);
const OverlapInfo& overlap_info(Overlap overlap);

// A precision name ("fp32", ...) and its bytes per element; nullopt for an unknown name.
std::optional<int> bytes_per_element(std::string_view precision);
const std::vector<std::string>& precision_names();

// A price not given: NaN, so that 0 is a price like any other (a device already paid for costs nothing
// an hour; the list price then stays out of it).
inline constexpr double no_price = std::numeric_limits<double>::quiet_NaN();
inline bool has_price(double price_per_hour) { return price_per_hour == price_per_hour; }

struct Device {
  std::string name;
  std::map<std::string, double> peak_flops;  // precision -> FLOP/s
  double memory_bandwidth = 0;               // B/s
  double memory_capacity = 0;                // B, 0 = unknown
  double tdp = 0;                            // W, 0 = unknown
  std::string source;
  double idle_power = 0;                     // W drawn for the whole epoch, 0 = not given
  double price_per_hour = no_price;          // USD per hour, no_price = not given (0 is a price)
  // The link that carries each batch from the host to this device when it is the accelerator
  // (PCIe, NVLink-C2C): 0 = not given, no copy counted.
  double host_link_bandwidth = 0;            // B/s
  double host_link_latency = 0;              // s per copy
  // The registry entry this device is or is based on ("" for one typed in full): what a comparison
  // puts the scenario's own device in place of.
  std::string registry_id = {};
};

struct Dataset {
  std::string name;
  std::int64_t training_examples = 0;
};

struct Assumptions {
  Phase phase = Phase::training;
  int ops_per_layer = 3;  // kernels launched per layer per step
  int extra_ops_per_step = 0;
  Overlap overlap = Overlap::none;
  bool drop_last = false;
  // Whether the first layer computes the gradient of its input in training: true is the seed's count
  // (three passes on every layer); false is what frameworks run, as the data need no gradient.
  bool first_layer_input_gradient = true;
  // Achieved fraction of each device's peak FLOP/s and bandwidth (0 < e <= 1): divides its work.
  double host_efficiency = 1;
  double accelerator_efficiency = 1;
  // Graph launches per step on the accelerator (CUDA Graphs); 0 = every operation is dispatched and
  // launched on its own (eager). The host CPU has no graphs and always dispatches every operation.
  int launches_per_step = 0;
};

// The overhead values a device may give itself, in this order everywhere (the scenario's dispatch,
// launch, step_overhead and assumptions' counts; overheads.<role>.<key>).
enum class OverheadSlot : std::size_t { dispatch, launch, step_overhead, ops_per_layer, extra_ops_per_step, launches_per_step };
inline constexpr std::size_t overhead_slot_count = 6;

// The layer of the scenario that supplied a value (docs/model.md, "The value in force"): the scenario's
// own document, its preset, a framework profile (scenario-wide, or a device's own), or the engine's default.
enum class Layer { scenario, preset, profile, default_value };
struct Source {
  Layer layer = Layer::default_value;
  // The preset's or the profile's id, held by the registry (which lives as long as the program): a
  // plain view keeps a Scenario as cheap to copy as before. "" for the other layers.
  std::string_view id;
  friend bool operator==(const Source&, const Source&) = default;
};
using OverheadSources = std::array<Source, overhead_slot_count>;

// One device's own overhead values (docs/model.md, "Overheads per device"): each one not given is the
// scenario's top-level value, so a scenario without them runs both devices under the same settings.
// launch and launches_per_step are the accelerator's only; launches_per_step 0 written = eager.
struct DeviceOverheads {
  std::string profile;  // the framework profile these values came from, "" = none
  std::optional<double> dispatch;
  std::optional<double> launch;
  std::optional<double> step_overhead;
  std::optional<int> ops_per_layer;
  std::optional<int> extra_ops_per_step;
  std::optional<int> launches_per_step;
  OverheadSources sources;  // where each value given came from (meaningful for those given only)
  bool empty() const {
    return profile.empty() && !dispatch && !launch && !step_overhead && !ops_per_layer && !extra_ops_per_step &&
           !launches_per_step;
  }
};

// The overhead values one device pays with, the device's own where given, else the scenario's.
struct PaidOverheads {
  double dispatch = 0;       // s per operation (or per graph replay)
  double launch = 0;         // s per kernel (or graph) launch; 0 on the host
  double step_overhead = 0;  // s per step
  int ops_per_layer = 0;
  int extra_ops_per_step = 0;
  int launches_per_step = 0;  // graph launches per step; 0 = eager (always on the host)
};

// A validated scenario with every id resolved and every quantity in SI units.
// A registry device's price and idle power for when it is compared side by side (the devices table,
// --compare): what the user pays for it, which no datasheet says. Not given: no_price, and 0 W.
struct ComparedTerms {
  double price_per_hour = no_price;  // USD per hour
  double idle_power = 0;      // W
};

struct Scenario {
  std::string name;
  std::vector<std::int64_t> widths;
  std::int64_t batch_size = 1;
  Dataset dataset;
  Device host;
  Device accelerator;
  std::string precision = "fp32";
  std::string profile;              // the framework profile the overhead fields came from, "" = none
  double dispatch = 0;              // s per launched operation
  double launch = 0;                // s per kernel launch, accelerator only
  double step_overhead = 0;         // s per training step, paid on both devices (beyond the seed)
  double dram_energy_per_byte = 0;  // J/B
  double flop_energy = 0;           // J/FLOP
  Assumptions assumptions;
  DeviceOverheads host_overheads;
  DeviceOverheads accelerator_overheads;
  // Where each top-level overhead value came from (dispatch, launch, step_overhead, the counts).
  OverheadSources overhead_sources;
  // Other devices' terms by registry id, for comparisons only: one scenario's epoch does not read them.
  std::map<std::string, ComparedTerms> compared;
};

// What each device pays with: its own values where the scenario gives them, else the top-level ones.
PaidOverheads paid_overheads(const Scenario& scenario, bool is_accelerator);

// Per-example sums over the layers of a dense network.
struct NetworkShape {
  int layers = 0;
  double macs = 0;         // M: multiply-accumulates per example, forward
  double activations = 0;  // A: activation elements read and written per example, forward
  double parameters = 0;   // W: weights and biases
  // The first layer's share of each (w0·w1, w0 + w1, w0·w1 + w1): what skipping its input gradient saves.
  double first_macs = 0;
  double first_activations = 0;
  double first_parameters = 0;
};

// What one epoch asks of any device at one batch size.
struct EpochCounts {
  std::int64_t batch_size = 0;
  std::int64_t steps_per_epoch = 0;
  std::int64_t examples = 0;  // examples seen in the epoch (fewer than N with drop_last)
  double flops = 0;
  double bytes = 0;
  double launched_ops = 0;
};

// What one epoch costs on one device.
struct Run {
  double dispatches = 0;  // host-side framework calls in the epoch
  double launches = 0;    // kernel (or graph) launches in the epoch; 0 on the host
  double epoch_time_s = 0;
  double compute_time_s = 0;
  double memory_time_s = 0;
  double work_time_s = 0;
  double dispatch_time_s = 0;
  double launch_time_s = 0;
  double step_time_s = 0;      // the fixed cost per step × steps
  double overhead_time_s = 0;  // dispatch + launch + per-step
  double transfer_time_s = 0;  // copying the batches to the accelerator; 0 without a host link
  double overhead_fraction = 0;
  double arithmetic_energy_j = 0;
  double data_movement_energy_j = 0;
  double idle_energy_j = 0;  // idle power × epoch time; 0 without an idle power
  double energy_j = 0;
  double cost_usd = 0;       // price per hour × epoch time; 0 without a price
};

struct DeviceResult {
  Run batched;
  Run batch_one;
};

// An inclusive range of batch sizes.
struct BatchRange {
  std::int64_t from = 0;
  std::int64_t to = 0;
  friend bool operator==(const BatchRange&, const BatchRange&) = default;
};

struct Comparison {
  double accelerator_speedup_batched = 0;
  double accelerator_speedup_batch_one = 0;
  double batching_speedup_host = 0;
  double batching_speedup_accelerator = 0;
  // Maximal ranges of batch sizes in [1, N] at which the accelerator's epoch is strictly shorter,
  // ascending and disjoint; empty when it never wins.
  std::vector<BatchRange> accelerator_wins;
  std::optional<std::int64_t> crossover_batch_size;  // the first range's `from`
};

struct Result {
  NetworkShape shape;
  EpochCounts batched;
  EpochCounts batch_one;
  DeviceResult host;
  DeviceResult accelerator;
  Comparison comparison;
};

NetworkShape network_shape(const std::vector<std::int64_t>& widths);

// Epoch times of both devices at one batch size (the brute-force reference of the tests).
struct EpochTimes {
  double host_s = 0;
  double accelerator_s = 0;
};
EpochTimes epoch_times_at(const Scenario& scenario, std::int64_t batch_size);

// Solves a validated scenario: both devices' epochs at the batch size and at batch size one, and the
// accelerator's winning ranges in closed form (the work does not grow with N: docs/model.md). Precondition: both devices have a peak for scenario.precision
// (validate_devices in scenario_json checks it); the result never holds NaN or infinity.
Result solve(const Scenario& scenario);

}  // namespace epochcalc
