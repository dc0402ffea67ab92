#include "in_force_text.hpp"

#include "json_read.hpp"

namespace epochcalc::detail {

std::string in_force_text(const FieldSpec& field, const ValueInForce& v) {
  const bool time = field.kind == FieldKind::quantity && field.quantity.dimension == Dimension::time;
  std::string text = time ? format_number(v.value * 1e6) + " µs" : format_number(v.value);
  switch (v.source.layer) {
    case Layer::profile: return text + " (from the " + v.source.id + " profile)";
    case Layer::preset: return text + " (from the " + v.source.id + " preset)";
    case Layer::scenario: return text + " (as the scenario gives it)";
    case Layer::default_value: return text + " (the default)";
  }
  return text;
}

void add_shadowed_warnings(const Scenario& s, std::vector<Warning>& warnings) {
  for (std::size_t i = 0; i < overhead_slot_count; ++i) {
    if (s.overhead_sources[i].layer != Layer::scenario) continue;  // only a value the user wrote
    const OverheadField& f = overhead_fields()[i];
    const FieldSpec* field = find_field(f.top);
    std::string winners;
    bool used = false;
    int own = 0;
    for (const bool accelerator : {false, true}) {
      const ValueInForce v = value_in_force(s, accelerator, static_cast<OverheadSlot>(i));
      if (!v.paid) continue;
      if (!v.own) {
        used = true;
        continue;
      }
      ++own;
      winners += std::string(winners.empty() ? "" : "; ") + (accelerator ? "the accelerator" : "the host") + " pays its own " +
                 dotted_path(v.path) + ", " + in_force_text(*field, v);
    }
    if (winners.empty()) continue;
    warnings.push_back({"W_SHADOWED",
                        "“" + field->label + "” (" + dotted_path(f.top) + ") is " + (used ? "not used by every device" : "not used") +
                            ": " + winners + (own > 1 ? ". Set those fields instead, or clear the devices' profiles or own values."
                                                    : ". Set that field instead, or clear the device's profile or own value."),
                        std::string(f.top)});
  }
}

}  // namespace epochcalc::detail
