#include "epochcalc/scenario/in_force.hpp"

namespace epochcalc {

double paid_value(const PaidOverheads& p, OverheadSlot slot) {
  switch (slot) {
    case OverheadSlot::dispatch: return p.dispatch;
    case OverheadSlot::launch: return p.launch;
    case OverheadSlot::step_overhead: return p.step_overhead;
    case OverheadSlot::ops_per_layer: return p.ops_per_layer;
    case OverheadSlot::extra_ops_per_step: return p.extra_ops_per_step;
    case OverheadSlot::launches_per_step: break;
  }
  return p.launches_per_step;
}

std::string_view layer_name(Layer layer) {
  static constexpr std::string_view names[] = {"scenario", "preset", "profile", "default"};
  return names[static_cast<std::size_t>(layer)];
}

std::optional<OverheadSlot> scenario_wide_slot(const FieldSpec& field) {
  if (field.number.wide_slot < 0) return std::nullopt;
  return static_cast<OverheadSlot>(field.number.wide_slot);
}

void clear_own(DeviceOverheads& own, OverheadSlot slot) {
  with_own(own, slot, [](auto& value) { value.reset(); });
}

ValueInForce value_in_force(const Scenario& s, bool is_accelerator, OverheadSlot slot) {
  const OverheadField& f = overhead_field(slot);
  ValueInForce v;
  v.paid = is_accelerator || !f.accelerator_only;
  if (!v.paid) return v;
  const DeviceOverheads& own = is_accelerator ? s.accelerator_overheads : s.host_overheads;
  v.value = paid_value(paid_overheads(s, is_accelerator), slot);
  v.own = with_own(own, slot, [](const auto& value) { return value.has_value(); });
  const auto i = static_cast<std::size_t>(slot);
  if (v.own) {
    v.path = "/overheads/" + std::string(role_key(is_accelerator)) + "/" + std::string(f.key);
    v.source = own.sources[i];
  } else {
    v.path = std::string(f.top);
    v.source = s.overhead_sources[i];
  }
  return v;
}

}  // namespace epochcalc

namespace epochcalc {

std::optional<double> whatif_value_now(const Scenario& s, const NumberField& field) {
  const auto slot = scenario_wide_slot(*field.spec);
  if (!slot) return field.get(s);
  const ValueInForce host = value_in_force(s, false, *slot), accelerator = value_in_force(s, true, *slot);
  if (host.paid && host.value != accelerator.value) return std::nullopt;
  return accelerator.value;  // what every device pays
}

double whatif_start_value(const Scenario& s, const NumberField& field) {
  if (const auto now = whatif_value_now(s, field)) return *now;
  return value_in_force(s, true, *scenario_wide_slot(*field.spec)).value;
}

std::vector<ValueInForce> values_giving_way(const Scenario& s, const NumberField& field) {
  std::vector<ValueInForce> out;
  if (const auto slot = scenario_wide_slot(*field.spec))
    for (const bool accelerator : {false, true})
      if (ValueInForce v = value_in_force(s, accelerator, *slot); v.paid && v.own) out.push_back(std::move(v));
  return out;
}

std::string_view epoch_independent_reason(const Scenario& s, const NumberField& field) {
  const std::string_view path = field.spec->path;
  const auto last = path.substr(path.rfind('/') + 1);
  if (field.spec->timeless) return field.spec->timeless;  // the field table's column
  // The rest depends on the scenario: a device's role, its precision, its graphs.
  if (path.starts_with("/host/host_link_")) return "the host copies nothing: a host link is used only in the accelerator's role";
  if (path.find("/peak_flops/") != std::string_view::npos && last != s.precision)
    return "the scenario runs at another precision, and only that precision's peak is used";
  // Under graphs the accelerator pays per replay, not per operation (docs/model.md, "On a device").
  if (path.starts_with("/overheads/accelerator/") && (last == "ops_per_layer" || last == "extra_ops_per_step") &&
      value_in_force(s, true, OverheadSlot::launches_per_step).value > 0)
    return "the accelerator replays graphs, so it pays per graph launch, not per operation";
  return {};
}

}  // namespace epochcalc
