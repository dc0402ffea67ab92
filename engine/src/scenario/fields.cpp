// The field table: every scenario field the engine reads, one row each, with its kind, limits, words
// for people and where its number lives in the typed scenario. Plain C++ on the model's structs (no
// JSON): the schema document (schema.cpp), the field editor and the parser's rule objects come from
// the same rows, and sweeps and solve-for reach every numeric field through them.
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/in_force.hpp"

#include <cmath>

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>
#include <vector>

namespace epochcalc {

namespace {

// How a device row reaches its number in a Device (a scenario row's is NumberAccess's get and set).
struct DeviceAccess {
  double (*get)(const Device&, std::string_view precision) = nullptr;
  void (*set)(Device&, std::string_view precision, double value) = nullptr;
};
// A scenario row's: NumberAccess without the device part, so that the table stays constant data.
struct Access {
  double (*get)(const Scenario&, std::size_t item) = nullptr;
  void (*set)(Scenario&, std::size_t item, double value) = nullptr;
  bool (*given)(const Scenario&, std::size_t slot) = nullptr;
};

// The member a chain of member pointers names: member<&Scenario::assumptions, &Assumptions::phase>(s).
template <auto First, auto... Rest>
constexpr auto& member(auto& object) {
  if constexpr (sizeof...(Rest) == 0) return object.*First;
  else return member<Rest...>(object.*First);
}
// A number held in a member of the scenario (a double, or a whole number read and written as one).
template <auto... Path>
constexpr Access number_at{
    [](const Scenario& s, std::size_t) { return static_cast<double>(member<Path...>(s)); },
    [](Scenario& s, std::size_t, double v) {
      auto& field = member<Path...>(s);
      field = static_cast<std::remove_cvref_t<decltype(field)>>(v);
    }};
// The width of layer `item` (item 0 is the input's).
constexpr Access width_at{
    [](const Scenario& s, std::size_t item) { return static_cast<double>(s.widths.at(item)); },
    [](Scenario& s, std::size_t item, double v) { s.widths.at(item) = static_cast<std::int64_t>(v); }};
template <auto Member>
constexpr DeviceAccess device_number{
    [](const Device& d, std::string_view) { return d.*Member; },
    [](Device& d, std::string_view, double v) { d.*Member = v; }};
// The peak at one precision; a device without one reads 0, as the model counts it.
constexpr DeviceAccess peak_at{
    [](const Device& d, std::string_view precision) {
      const auto it = d.peak_flops.find(std::string(precision));
      return it == d.peak_flops.end() ? 0.0 : it->second;
    },
    [](Device& d, std::string_view precision, double v) { d.peak_flops[std::string(precision)] = v; }};

// A device's own overhead value (overheads.host.dispatch, ...), the row's `slot` (an OverheadSlot)
// naming which: reads what the device pays (its own value, else the scenario's), and writes the
// device's own. One accessor per role, not per field: the module carries less code.
template <bool Accelerator>
constexpr Access own_overhead{
    [](const Scenario& s, std::size_t slot) { return paid_value(paid_overheads(s, Accelerator), static_cast<OverheadSlot>(slot)); },
    [](Scenario& s, std::size_t slot, double v) {
      with_own(Accelerator ? s.accelerator_overheads : s.host_overheads, static_cast<OverheadSlot>(slot),
               [v](auto& own) { own = static_cast<typename std::remove_reference_t<decltype(own)>::value_type>(v); });
    },
    [](const Scenario& s, std::size_t slot) {
      return with_own(Accelerator ? s.accelerator_overheads : s.host_overheads, static_cast<OverheadSlot>(slot),
                      [](const auto& own) { return own.has_value(); });
    }};

// The field table as data, not code: one row a field, turned into FieldSpecs by one loop (the module
// carries the words once, and no code per field). A device's rows are written once for both roles.
// A numeric row ends with where its number lives in the typed scenario (sweeps and solve-for reach
// every field through it).
struct FieldRow {
  const char* path;
  FieldKind kind;
  const char* label;
  const char* hint;
  bool required;
  const QuantityRule* quantity = nullptr;
  const IntegerRule* integer = nullptr;
  Access number{};
  DeviceAccess device{};
  const std::vector<std::string>& (*choices)() = nullptr;
  WriteRule write = WriteRule::always;
  bool monotone = false;           // both epochs are monotone in it: solve-for and break-even take it
  const char* timeless = nullptr;  // why no epoch depends on it (energy, price, reference), or null
  int wide_slot = -1;              // the overhead value it gives every device (OverheadSlot), or -1
};

// What a row can be asked, written where the row is: wrapped around it.
constexpr FieldRow monotone(FieldRow row) {
  row.monotone = true;
  return row;
}
constexpr FieldRow timeless(FieldRow row, const char* why) {
  row.timeless = why;
  return row;
}
// A scenario-wide overhead value: each device pays it unless it gives its own (/overheads/<role>/<key>,
// the key being the row's last name; in_force.hpp).
constexpr FieldRow overhead(OverheadSlot slot, FieldRow row) {
  row.wide_slot = static_cast<int>(slot);
  return row;
}

// A choice of the model's (phase, overlap) as its index in the model's list, and a switch as 0 or 1.
template <auto Member, auto InfoMember, auto List>
constexpr Access choice_at{
    [](const Scenario& s, std::size_t) {
      const auto all = List();
      for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].*InfoMember == s.assumptions.*Member) return static_cast<double>(i);
      return 0.0;
    },
    [](Scenario& s, std::size_t, double v) { s.assumptions.*Member = List()[static_cast<std::size_t>(v)].*InfoMember; }};
template <auto Member>
constexpr Access switch_at{[](const Scenario& s, std::size_t) { return s.assumptions.*Member ? 1.0 : 0.0; },
                           [](Scenario& s, std::size_t, double v) { s.assumptions.*Member = v != 0; }};

constexpr FieldRow scenario_rows[] = {
    {"/preset", FieldKind::preset, "Start from a preset", "", false},
    {"/name", FieldKind::text, "Scenario name", "", false},
    {"/network/widths", FieldKind::widths, "Layer widths", "Input features, then the output width of each dense layer.", true},
    {"/network/widths/-", FieldKind::integer, "Width", "", true, nullptr, &rule::width, width_at},
    {"/network/batch_size", FieldKind::integer, "Batch size",
     "Examples per step. An epoch is ⌈N ÷ batch⌉ steps, and every step pays the per-operation overhead.", true, nullptr,
     &rule::batch_size, number_at<&Scenario::batch_size>},
    {"/network/dataset", FieldKind::dataset, "Dataset", "Its training-set size N is what one epoch processes.", true},
    {"/network/dataset/name", FieldKind::text, "Dataset name", "", false},
    {"/network/dataset/training_examples", FieldKind::integer, "Training examples N",
     "Type another number for a custom dataset size.", true, nullptr, &rule::training_examples,
     number_at<&Scenario::dataset, &Dataset::training_examples>},
    {"/precision", FieldKind::choice, "Precision", "Number format: picks each device's peak FLOP/s and the bytes per value.", false,
     nullptr, nullptr, {}, {}, precision_names},
    {"/host", FieldKind::device, "Host CPU", "Runs the framework: dispatches every operation, for itself and for the accelerator.", true},
    {"/accelerator", FieldKind::device, "Accelerator", "Runs the kernels; each one also costs a launch on top of the dispatch.", true},
    {"/profile", FieldKind::profile, "Framework profile",
     "Fills dispatch, launch and the operations per step with a cited framework's values; edit any of them after.", false},
    overhead(OverheadSlot::dispatch, monotone({"/dispatch", FieldKind::quantity, "Dispatch per operation",
     "Host framework time per operation (Python, op lookup), paid on both devices.", true, &rule::dispatch, nullptr,
     number_at<&Scenario::dispatch>})),
    overhead(OverheadSlot::launch, monotone({"/launch", FieldKind::quantity, "Kernel launch per operation",
     "Extra time to launch each kernel on the accelerator; the CPU pays none.", true, &rule::launch, nullptr,
     number_at<&Scenario::launch>})),
    overhead(OverheadSlot::step_overhead, monotone({"/step_overhead", FieldKind::quantity, "Fixed cost per step",
     "Host time each training step pays once, on both devices (the Python loop, the optimizer, the loss). Empty: 0.",
     false, &rule::step_overhead, nullptr, number_at<&Scenario::step_overhead>})),
    timeless({"/dram_energy_per_byte", FieldKind::quantity, "Energy per DRAM byte", "Energy to move one byte to or from memory.", true,
     &rule::dram_energy_per_byte, nullptr, number_at<&Scenario::dram_energy_per_byte>}, "it prices energy, not time"),
    timeless({"/flop_energy", FieldKind::quantity, "Energy per FLOP", "Energy of one arithmetic operation.", true, &rule::flop_energy, nullptr,
     number_at<&Scenario::flop_energy>}, "it prices energy, not time"),
    // The assumptions, in the order the normalized scenario writes them.
    {"/assumptions/phase", FieldKind::choice, "Phase",
     "Training runs 3 matrix multiplies per layer (forward and two backward), inference 1.", false, nullptr, nullptr,
     choice_at<&Assumptions::phase, &PhaseInfo::phase, phases>, {}, phase_names},
    overhead(OverheadSlot::ops_per_layer, monotone({"/assumptions/ops_per_layer", FieldKind::integer, "Operations per layer",
     "Operations (kernels) per layer per step. Left empty, it follows the phase.", false, nullptr, &rule::ops_per_layer,
     number_at<&Scenario::assumptions, &Assumptions::ops_per_layer>})),
    overhead(OverheadSlot::extra_ops_per_step, monotone({"/assumptions/extra_ops_per_step", FieldKind::integer, "Extra operations per step",
     "Further operations each step, such as the loss, optimizer update or data copy.", false, nullptr,
     &rule::extra_ops_per_step, number_at<&Scenario::assumptions, &Assumptions::extra_ops_per_step>})),
    {"/assumptions/overlap", FieldKind::choice, "Overlap of compute and memory",
     "Whether memory traffic hides behind arithmetic (roofline) or adds to it.", false, nullptr, nullptr,
     choice_at<&Assumptions::overlap, &OverlapInfo::overlap, overlaps>, {}, overlap_names},
    {"/assumptions/drop_last", FieldKind::boolean, "Drop the last partial batch",
     "Skip the examples that do not fill a whole batch, so every step is full.", false, nullptr, nullptr,
     switch_at<&Assumptions::drop_last>},
    monotone({"/assumptions/host_efficiency", FieldKind::quantity, "Host efficiency",
     "The fraction of its peak FLOP/s and bandwidth the host reaches; small kernels reach far less.",
     false, &rule::efficiency, nullptr, number_at<&Scenario::assumptions, &Assumptions::host_efficiency>}),
    monotone({"/assumptions/accelerator_efficiency", FieldKind::quantity, "Accelerator efficiency",
     "The same for the accelerator.", false,
     &rule::efficiency, nullptr, number_at<&Scenario::assumptions, &Assumptions::accelerator_efficiency>}),
    overhead(OverheadSlot::launches_per_step, monotone({"/assumptions/launches_per_step", FieldKind::integer, "Graph launches per step",
     "CUDA Graphs: the accelerator pays this many dispatches and launches per step. Empty: one per operation.",
     false, nullptr, &rule::launches_per_step, number_at<&Scenario::assumptions, &Assumptions::launches_per_step>, {},
     nullptr, WriteRule::null_when_zero})),
    {"/assumptions/first_layer_input_gradient", FieldKind::boolean, "Gradient of the input data",
     "Off: the first layer makes 2 passes, not 3, as frameworks run it.", false, nullptr, nullptr,
     switch_at<&Assumptions::first_layer_input_gradient>, {}, nullptr, WriteRule::when_not_default},
    // Other registry devices' terms when compared side by side, by id ("/compared/l4/price_per_hour").
    timeless({"/compared/-/price_per_hour", FieldKind::quantity, "Price per hour when compared",
     "What an hour of this device costs you, in the devices table and --compare. Empty: its list price, if it has one.",
     false, &rule::price_per_hour}, "it prices the epoch, not its time"),
    timeless({"/compared/-/idle_power", FieldKind::quantity, "Idle power when compared",
     "Static power this device draws for the whole epoch when compared. Empty: none counted.", false, &rule::idle_power}, "it adds idle energy, not time"),
};

// Each device's own overheads, under /overheads/host and /overheads/accelerator: its profile, then one
// row a value (its key, and whether only the accelerator pays it, are the slot's: in_force.hpp). Left
// out, the scenario's values above.
constexpr const char* own_hint = "Empty: the scenario's value.";
struct OverheadRow {
  OverheadSlot slot;
  FieldKind kind;
  const char* label;
  bool accelerator_only;  // only the accelerator pays it (the host launches no kernels)
  const QuantityRule* quantity = nullptr;
  const IntegerRule* integer = nullptr;
};
constexpr OverheadRow overhead_rows[] = {
    {OverheadSlot::dispatch, FieldKind::quantity, "dispatch per operation", false, &rule::dispatch},
    {OverheadSlot::launch, FieldKind::quantity, "kernel launch per operation", true, &rule::launch},
    {OverheadSlot::step_overhead, FieldKind::quantity, "fixed cost per step", false, &rule::step_overhead},
    {OverheadSlot::ops_per_layer, FieldKind::integer, "operations per layer", false, nullptr, &rule::ops_per_layer},
    {OverheadSlot::extra_ops_per_step, FieldKind::integer, "extra operations per step", false, nullptr, &rule::extra_ops_per_step},
    {OverheadSlot::launches_per_step, FieldKind::integer, "graph launches per step", true, nullptr, &rule::launches_per_step},
};
static_assert([] {
  for (std::size_t i = 0; i < std::size(overhead_rows); ++i)
    if (overhead_rows[i].slot != static_cast<OverheadSlot>(i)) return false;
  return std::size(overhead_rows) == overhead_slot_count;
}(), "one overhead row a slot, in OverheadSlot order");

// The fields of each device, under its path; "/peak_flops/" stands for one field a precision.
constexpr FieldRow device_rows[] = {
    {"/name", FieldKind::text, " name", "", false},
    monotone({"/peak_flops/", FieldKind::quantity, "Peak FLOP/s, ", "The datasheet's peak at this precision; leave it empty if the device has none.",
     false, &rule::peak_flops, nullptr, {}, peak_at}),
    monotone({"/memory_bandwidth", FieldKind::quantity, "Memory bandwidth", "Peak DRAM (or HBM) bandwidth.", true, &rule::memory_bandwidth,
     nullptr, {}, device_number<&Device::memory_bandwidth>}),
    timeless({"/memory_capacity", FieldKind::quantity, "Memory capacity", "For reference; the model does not use it.", false,
     &rule::memory_capacity, nullptr, {}, device_number<&Device::memory_capacity>}, "the model does not use it; it is there for reference"),
    timeless({"/tdp", FieldKind::quantity, "Power (TDP)", "For reference; the model does not use it.", false, &rule::tdp, nullptr, {},
     device_number<&Device::tdp>}, "the model does not use it; it is there for reference"),
    timeless({"/idle_power", FieldKind::quantity, "Idle power",
     "Static power drawn for the whole epoch, overhead time included; adds idle energy. Empty: none counted.", false,
     &rule::idle_power, nullptr, {}, device_number<&Device::idle_power>}, "it adds idle energy, not time"),
    timeless({"/price_per_hour", FieldKind::quantity, "Price per hour",
     "What an hour of this device costs (cloud or amortised); gives the cost of an epoch. Empty: no cost.", false,
     &rule::price_per_hour, nullptr, {}, device_number<&Device::price_per_hour>, nullptr, WriteRule::null_when_no_price}, "it prices the epoch, not its time"),
    {"/host_link_bandwidth", FieldKind::quantity, "Host link bandwidth",
     "As the accelerator, each step copies its batch's inputs over this link (PCIe, NVLink-C2C). Empty: no copy.",
     false, &rule::host_link_bandwidth, nullptr, {}, device_number<&Device::host_link_bandwidth>},
    monotone({"/host_link_latency", FieldKind::quantity, "Host link latency",
     "The fixed time of each copy. Empty: none.", false, &rule::host_link_latency, nullptr, {},
     device_number<&Device::host_link_latency>}),
    {"/source", FieldKind::text, "Datasheet source", "", false},
};

FieldSpec spec_of(const FieldRow& row, std::string path, std::string label) {
  FieldSpec f{std::move(path), row.kind, std::move(label), row.hint, row.required};
  if (row.quantity) f.quantity = *row.quantity;
  if (row.integer) f.integer = *row.integer;
  f.number.get = row.number.get;
  f.number.set = row.number.set;
  if (row.choices) f.choices = &row.choices();
  f.write = row.write;
  f.monotone = row.monotone;
  f.timeless = row.timeless;
  return f;
}

// A device row's number, for the device in one role, at one precision (for the peaks; "" elsewhere).
NumberAccess device_access(const FieldRow& device_row, Device Scenario::*role, std::string precision) {
  if (!device_row.device.get) return {};
  NumberAccess access;
  access.device_get = device_row.device.get;
  access.device_set = device_row.device.set;
  access.role = role;
  access.precision = std::move(precision);
  return access;
}

std::vector<FieldSpec> build_fields() {
  std::vector<FieldSpec> fields;
  for (const FieldRow& row : scenario_rows) {
    fields.push_back(spec_of(row, row.path, row.label));
    fields.back().number.wide_slot = row.wide_slot;
    if (row.kind != FieldKind::device) continue;
    Device Scenario::*const role = std::string_view(row.path) == "/host" ? &Scenario::host : &Scenario::accelerator;
    for (const FieldRow& d : device_rows) {
      const std::string base = row.path + std::string(d.path);
      if (d.kind == FieldKind::text && d.label[0] == ' ') {
        fields.push_back(spec_of(d, base, row.label + std::string(d.label)));
      } else if (base.back() == '/') {
        for (const PrecisionInfo& p : precisions()) {
          fields.push_back(spec_of(d, base + std::string(p.name), d.label + std::string(p.name)));
          fields.back().number = device_access(d, role, std::string(p.name));
        }
      } else {
        fields.push_back(spec_of(d, base, d.label));
        fields.back().number = device_access(d, role, "");
      }
    }
  }
  for (const bool accelerator : {false, true}) {
    const std::string role = accelerator ? "accelerator" : "host";
    const std::string who = accelerator ? "Accelerator: " : "Host: ";
    const Access& number = accelerator ? own_overhead<true> : own_overhead<false>;
    const std::string under = "/overheads/" + role + "/";
    fields.push_back({under + "profile", FieldKind::profile, who + "framework profile",
                      "This device's own framework: fills its dispatch, operations and per-step cost.", false});
    for (const OverheadRow& row : overhead_rows) {
      const OverheadField& value = overhead_field(row.slot);
      if (value.accelerator_only && !accelerator) continue;
      FieldSpec f{under + std::string(value.key), row.kind, who + row.label, own_hint, false};
      if (row.quantity) f.quantity = *row.quantity;
      if (row.integer) f.integer = *row.integer;
      f.number.get = number.get;
      f.number.set = number.set;
      f.number.given = number.given;
      f.number.slot = static_cast<std::size_t>(row.slot);
      f.monotone = true;  // each device's own overhead: affine in one epoch
      fields.push_back(std::move(f));
    }
  }
  return fields;
}

}  // namespace

std::span<const OverheadField> overhead_fields() {
  // From the rows: each slot's scenario-wide row (wrapped in overhead(...)), the key a device gives its
  // own value under (that row's last name), and whether only the accelerator pays it.
  static const std::array<OverheadField, overhead_slot_count> table = [] {
    std::array<OverheadField, overhead_slot_count> out{};
    for (const FieldRow& row : scenario_rows) {
      if (row.wide_slot < 0) continue;
      const std::string_view top = row.path;
      out[static_cast<std::size_t>(row.wide_slot)] = {top, top.substr(top.rfind('/') + 1), overhead_rows[row.wide_slot].accelerator_only};
    }
    return out;
  }();
  return table;
}

const OverheadField& overhead_field(OverheadSlot slot) { return overhead_fields()[static_cast<std::size_t>(slot)]; }

std::span<const FieldSpec> field_specs() {
  static const std::vector<FieldSpec> fields = build_fields();
  return fields;
}

std::vector<std::string> child_keys(std::string_view parent) {
  std::vector<std::string> keys;
  for (const FieldSpec& f : field_specs()) {
    const std::string_view path = f.path;
    if (path.size() <= parent.size() + 1 || !path.starts_with(parent) || path[parent.size()] != '/') continue;
    const std::string_view rest = path.substr(parent.size() + 1);
    const std::string key(rest.substr(0, rest.find('/')));
    if (key != "-" && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  return keys;
}

namespace {

// The rows `keep` picks, in table order (worked out once by each caller's static).
template <typename Keep>
std::vector<const FieldSpec*> rows_where(Keep keep) {
  std::vector<const FieldSpec*> list;
  for (const FieldSpec& f : field_specs())
    if (keep(f)) list.push_back(&f);
  return list;
}

// The names of one of the model's lists (phases, overlaps), in its order.
template <typename List>
std::vector<std::string> names_of(List list) {
  std::vector<std::string> names;
  for (const auto& item : list) names.emplace_back(item.name);
  return names;
}

}  // namespace

std::span<const FieldSpec* const> device_number_fields() {
  static const auto fields =
      rows_where([](const FieldSpec& f) { return f.path.starts_with("/host/") && f.number.device_get && f.number.precision.empty(); });
  return fields;
}

const std::vector<std::string>& phase_names() {
  static const std::vector<std::string> names = names_of(phases());
  return names;
}

const std::vector<std::string>& overlap_names() {
  static const std::vector<std::string> names = names_of(overlaps());
  return names;
}

std::span<const FieldSpec* const> assumption_fields() {
  static const auto fields = rows_where([](const FieldSpec& f) { return f.path.starts_with("/assumptions/"); });
  return fields;
}

std::span<const FieldSpec* const> top_number_fields() {
  static const auto fields = rows_where([](const FieldSpec& f) {
    return f.kind == FieldKind::quantity && f.number.get && f.path.find('/', 1) == std::string::npos;
  });
  return fields;
}

std::span<const FieldSpec* const> own_overhead_fields(bool is_accelerator) {
  static const auto host = rows_where([](const FieldSpec& f) { return f.path.starts_with("/overheads/host/") && f.number.get; });
  static const auto accelerator =
      rows_where([](const FieldSpec& f) { return f.path.starts_with("/overheads/accelerator/") && f.number.get; });
  return is_accelerator ? accelerator : host;
}

std::pair<double, double> field_limits(const FieldSpec& f) {
  if (f.kind == FieldKind::integer) return {static_cast<double>(f.integer.min), static_cast<double>(f.integer.max)};
  const Bounds& b = f.quantity.bounds;
  return {b.min_inclusive ? b.min : std::nextafter(b.min, b.max), b.max};
}

const FieldSpec* field_with_last_name(std::string_view name) {
  for (const FieldSpec& f : field_specs())
    if (std::string_view(f.path).substr(f.path.rfind('/') + 1) == name) return &f;
  return nullptr;
}

std::string dotted_path(std::string_view pointer) {
  std::string out(pointer.substr(pointer.starts_with('/') ? 1 : 0));
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

std::string pointer_of(std::string_view path) {
  if (path.starts_with('/')) return std::string(path);
  std::string out(1, '/');
  out.append(path);
  std::replace(out.begin(), out.end(), '.', '/');
  return out;
}

std::string full_label(const FieldSpec& field) {
  const FieldSpec* device = find_field(std::string_view(field.path).substr(0, field.path.find('/', 1)));
  return device && device->kind == FieldKind::device && device != &field ? device->label + ": " + field.label : field.label;
}

const FieldSpec* find_field(std::string_view pointer) {
  std::string key(pointer);
  const std::string widths = "/network/widths/";
  if (key.rfind(widths, 0) == 0 && key.size() > widths.size() &&
      key.find_first_not_of("0123456789", widths.size()) == std::string::npos)
    key = widths + "-";
  // "/compared/l4/price_per_hour": one row for every device id.
  const std::string compared = "/compared/";
  if (const std::size_t slash = key.find('/', compared.size());
      key.starts_with(compared) && slash != std::string::npos && slash > compared.size())
    key = compared + "-" + key.substr(slash);
  for (const FieldSpec& f : field_specs())
    if (f.path == key) return &f;
  return nullptr;
}

std::optional<NumberField> number_field(const Scenario& scenario, std::string_view pointer) {
  const FieldSpec* spec = find_field(pointer);
  if (!spec || !(spec->kind == FieldKind::integer || spec->kind == FieldKind::quantity)) return std::nullopt;
  if (!(spec->number.get || spec->number.device_get)) return std::nullopt;
  std::size_t item = 0;
  if (spec->path == "/network/widths/-") {
    const std::string_view index = pointer.substr(pointer.rfind('/') + 1);
    if (index.size() > 9) return std::nullopt;  // no scenario has a billion widths
    for (char c : index) item = item * 10 + static_cast<std::size_t>(c - '0');
    if (item >= scenario.widths.size()) return std::nullopt;
  } else {
    item = spec->number.slot;
  }
  return NumberField{spec, item};
}

double NumberField::get(const Scenario& scenario) const {
  const NumberAccess& a = spec->number;
  return a.get ? a.get(scenario, item) : a.device_get(scenario.*a.role, a.precision);
}

void NumberField::write(Scenario& scenario, double value) const {
  const NumberAccess& a = spec->number;
  if (a.set) a.set(scenario, item, value);
  else a.device_set(scenario.*a.role, a.precision, value);
}

void NumberField::set(Scenario& scenario, double value) const {
  write(scenario, value);
  // A what-if over a scenario-wide overhead sets what every device pays: each device's own value of it
  // gives way (docs/model.md, "The value in force").
  if (const auto slot = scenario_wide_slot(*spec))
    for (DeviceOverheads* own : {&scenario.host_overheads, &scenario.accelerator_overheads}) clear_own(*own, *slot);
}

}  // namespace epochcalc
