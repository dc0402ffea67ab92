// What the engine accepts, written once: the scenario parser enforces these and the schema exports
// them, so the page, the CLI and the module never restate a limit. docs/model.md lists them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "epochcalc/scenario/units.hpp"

namespace epochcalc {

// Allowed range of a quantity in SI units. The upper bounds are far beyond any real hardware; they
// keep every product in the model finite (docs/model.md, "Input ranges").
struct Bounds {
  double min = 0;
  bool min_inclusive = true;
  double max = 1e18;
};
// The span a control of the field covers by default (a slider, a draggable number, the schema's
// "control"): the values real systems take, in SI units, within the bounds. On a log span a step
// multiplies by 10^(1/12) (twelve steps a decade); on a linear one it adds `step`.
struct ControlSpan {
  double low = 0;
  double high = 0;
  bool log = true;
  double step = 0;  // linear spans only
};
inline constexpr int control_steps_per_decade = 12;
struct QuantityRule {
  Dimension dimension;
  Bounds bounds;
  ControlSpan control{};
};
struct IntegerRule {
  std::int64_t min;
  std::int64_t max;
  ControlSpan control{};
};

// Batch sizes a sweep accepts at most, and how deep a document may nest.
inline constexpr std::size_t max_sweep_points = 100'000;
inline constexpr std::size_t max_json_depth = 64;
// Keys one JSON object may hold: a scenario's largest holds a few dozen (/compared, one per registry
// device). Beyond it the text is refused as it is read: an object finds a key by scanning the ones
// before it, so a reader's work per object stays bounded (hostile input round three, H1).
inline constexpr std::size_t max_object_keys = 256;
// A link's parameters read at most (a scenario has about 60 fields); the rest are counted in a note. The
// schema exports it, so a front end sends no more than these and the count (hostile input round three, L14).
inline constexpr std::size_t max_link_params = 500;
// Devices a comparison takes at most (the registry holds a few dozen; the work grows with the square).
inline constexpr std::size_t max_compare_devices = 200;
// A speedup a goal may ask for at most (solve-for, --goal speedup=K).
inline constexpr double max_goal_speedup = 1e12;

// Each field's rule gives its control span beside its bounds (ControlSpan): a slider over the bounds
// would put 10 µs of dispatch one step from 40 s.
namespace rule {
inline constexpr std::int64_t max_examples = 1'000'000'000'000;  // N up to 10^12, exact in int64 and double
inline constexpr IntegerRule width{1, 1'000'000, {1, 65536}};
inline constexpr std::size_t min_widths = 2;
inline constexpr std::size_t max_widths = 1001;  // up to 1,000 layers

// Text (docs/model.md, "Input ranges"): a whole JSON document, any string value in it (names, sources,
// notes, ids), and a quantity written as text ("3.35 TB/s"). Beyond them: E_RANGE naming the limit.
inline constexpr std::size_t max_json_text_bytes = 4'000'000;
inline constexpr std::size_t max_string_length = 1'000;
inline constexpr std::size_t max_quantity_length = 100;
inline constexpr IntegerRule training_examples{1, max_examples, {1000, 1e9}};
inline constexpr IntegerRule batch_size{1, max_examples, {1, 65536}};
inline constexpr IntegerRule ops_per_layer{0, 1000, {0, 10, false, 1}};
inline constexpr IntegerRule extra_ops_per_step{0, 1'000'000, {0, 100, false, 1}};
// Graph launches per step on the accelerator (CUDA Graphs): at least one, at most as many as operations could be.
inline constexpr IntegerRule launches_per_step{1, 1'000'000, {1, 1000}};
// The achieved fraction of a device's peak: at most all of it, and at least a millionth, which keeps
// every time finite (docs/model.md, "Input ranges").
inline constexpr QuantityRule efficiency{Dimension::fraction, {1e-6, true, 1}, {0.01, 1, false, 0.01}};
inline constexpr QuantityRule peak_flops{Dimension::flop_rate, {1, true, 1e21}, {1e9, 1e16}};
inline constexpr QuantityRule memory_bandwidth{Dimension::bandwidth, {1, true, 1e18}, {1e9, 1e13}};
inline constexpr QuantityRule memory_capacity{Dimension::size, {0, true, 1e18}, {1e9, 1e12}};
inline constexpr QuantityRule tdp{Dimension::power, {0, true, 1e18}, {1, 2000}};
// Drawn for the whole epoch (docs/model.md, "Energy and cost"): up to a megawatt per device.
inline constexpr QuantityRule idle_power{Dimension::power, {0, true, 1e6}, {1, 1000}};
// A device's price, up to a million USD an hour.
inline constexpr QuantityRule price_per_hour{Dimension::price, {0, true, 1e6}, {0.01, 100}};
// Per-operation costs up to an hour, energy prices up to a joule: far beyond any real system.
inline constexpr QuantityRule dispatch{Dimension::time, {0, true, 3600}, {1e-7, 1e-3}};
inline constexpr QuantityRule launch{Dimension::time, {0, true, 3600}, {1e-7, 1e-3}};
inline constexpr QuantityRule step_overhead{Dimension::time, {0, true, 3600}, {1e-6, 0.1}};
// A host link (PCIe, NVLink-C2C): 0 = not given.
inline constexpr QuantityRule host_link_bandwidth{Dimension::bandwidth, {0, true, 1e18}, {1e9, 1e12}};
inline constexpr QuantityRule host_link_latency{Dimension::time, {0, true, 3600}, {1e-7, 1e-4}};
inline constexpr QuantityRule dram_energy_per_byte{Dimension::energy_per_byte, {0, true, 1}, {1e-12, 1e-9}};
inline constexpr QuantityRule flop_energy{Dimension::energy_per_flop, {0, true, 1}, {1e-14, 1e-10}};
// A measured epoch: longer than nothing, shorter than a thousand years.
// At least a nanosecond: a measured epoch of 1e-308 s made the fit's residuals infinite.
inline constexpr QuantityRule measured_epoch_time{Dimension::time, {1e-9, true, 3.2e10}};
inline constexpr IntegerRule counted_ops_per_step{0, 1'000'000'000};
inline constexpr std::size_t max_measurements = 10'000;
}  // namespace rule

}  // namespace epochcalc
