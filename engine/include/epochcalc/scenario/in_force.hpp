// The value in force (docs/model.md, "The value in force"): for each overhead value and each device, the
// number the model uses, the field that supplies it and the layer that field came from. What every
// result reports beside a device's overheads, what the shadowing warning and the what-ifs' notes say.
// Plain structs, no JSON.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc {

// The six overhead values, in OverheadSlot order: the scenario-wide field (a JSON pointer), the key a
// device gives its own under /overheads/<role>, and whether only the accelerator pays it; read from the
// field table's rows (fields.cpp: the scenario rows wrapped in overhead(...), and the overhead rows).
struct OverheadField {
  std::string_view top;
  std::string_view key;
  bool accelerator_only;
};
std::span<const OverheadField> overhead_fields();
const OverheadField& overhead_field(OverheadSlot slot);
// The slot a scenario-wide row stands for ("/dispatch": dispatch), or nullopt for any other row.
std::optional<OverheadSlot> scenario_wide_slot(const FieldSpec& field);

// A layer as results name it: "scenario", "preset", "profile", "default".
std::string_view layer_name(Layer layer);

struct ValueInForce {
  bool paid = false;   // false: the device does not pay this value at all (the host's launch)
  bool own = false;    // the device's own field supplies it (else the scenario-wide field)
  double value = 0;    // SI units; a count as a whole number
  std::string path;    // the field that supplies it: "/overheads/host/dispatch" or "/dispatch"
  Source source;       // the layer that field came from
};
ValueInForce value_in_force(const Scenario& scenario, bool is_accelerator, OverheadSlot slot);

// `f` applied to a device's own value of one slot (its std::optional member): the one place a slot
// names a member of DeviceOverheads.
template <typename Own, typename F>
decltype(auto) with_own(Own& own, OverheadSlot slot, F&& f) {
  switch (slot) {
    case OverheadSlot::dispatch: return f(own.dispatch);
    case OverheadSlot::launch: return f(own.launch);
    case OverheadSlot::step_overhead: return f(own.step_overhead);
    case OverheadSlot::ops_per_layer: return f(own.ops_per_layer);
    case OverheadSlot::extra_ops_per_step: return f(own.extra_ops_per_step);
    case OverheadSlot::launches_per_step: break;
  }
  return f(own.launches_per_step);
}
// What a device pays for one slot (PaidOverheads: its own value, else the scenario's).
double paid_value(const PaidOverheads& paid, OverheadSlot slot);
// A device's own value of one slot removed: it then pays the scenario-wide value.
void clear_own(DeviceOverheads& own, OverheadSlot slot);

// The value a what-if over `field` starts from: for a scenario-wide overhead, the value every device
// that pays it pays (nullopt when they pay different values: their own ones differ); else the field's.
std::optional<double> whatif_value_now(const Scenario& scenario, const NumberField& field);
// Where a what-if over `field` starts, for a chart's default range: the value now, else (the devices pay
// their own, different values) what the accelerator pays.
double whatif_start_value(const Scenario& scenario, const NumberField& field);
// The devices whose own value of a scenario-wide overhead gives way in a what-if over it, as their
// values in force (empty for any other field, or when no device has its own).
std::vector<ValueInForce> values_giving_way(const Scenario& scenario, const NumberField& field);
// Why no epoch depends on `field` in this scenario, in a few words ("the model does not use it"); empty
// when an epoch does.
std::string_view epoch_independent_reason(const Scenario& scenario, const NumberField& field);

// The role's name in paths ("host", "accelerator").
inline std::string_view role_key(bool is_accelerator) { return is_accelerator ? "accelerator" : "host"; }

}  // namespace epochcalc
