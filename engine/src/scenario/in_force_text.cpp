#include "scenario/in_force_text.hpp"

#include "scenario/json_read.hpp"

namespace epochcalc::detail {

std::string in_force_text(const FieldSpec& field, const ValueInForce& v) {
  const bool time = field.kind == FieldKind::quantity && field.quantity.dimension == Dimension::time;
  std::string text = time ? format_number(v.value * 1e6) + " µs" : format_number(v.value);
  switch (v.source.layer) {
    case Layer::profile: return text + " (from the " + std::string(v.source.id) + " profile)";
    case Layer::preset: return text + " (from the " + std::string(v.source.id) + " preset)";
    case Layer::scenario: return text + " (as the scenario gives it)";
    case Layer::default_value: return text + " (the default)";
  }
  return text;
}

void add_shadowed_warnings(const Scenario& s, std::vector<Warning>& warnings) {
  for (std::size_t i = 0; i < overhead_slot_count; ++i) {
    if (s.overhead_sources[i].layer != Layer::scenario) continue;  // only a value the user wrote
    const OverheadField& f = overhead_fields()[i];
    std::string winners;
    int own = 0, paying = 0;
    for (const bool accelerator : {false, true}) {
      const ValueInForce v = value_in_force(s, accelerator, static_cast<OverheadSlot>(i));
      paying += v.paid;
      if (!v.own) continue;
      winners += (own++ ? " and " : "") + dotted_path(v.path);
    }
    if (own == 0) continue;
    // The values and their layers are in the result's sources; the message names the fields to set.
    std::string message = std::string(f.top.substr(f.top.rfind('/') + 1));
    message += own < paying ? " is not used by every device: " : " is not used: ";
    message += winners;
    message += own > 1 ? " win. Set those fields instead, or clear the devices' profiles or own values."
                       : " wins. Set that field instead, or clear the device's profile or own value.";
    warnings.push_back({"W_SHADOWED", std::move(message), std::string(f.top)});
  }
}

}  // namespace epochcalc::detail
