#include "scenario/slips.hpp"

#include "epochcalc/scenario/fields.hpp"
#include "scenario/json_read.hpp"

namespace epochcalc {

namespace {

// Per dimension: the range real systems span (docs/model.md, "Warnings"), and the unit a number
// outside it was most likely meant in.
struct Plausible {
  Dimension dimension;
  const char* field;  // the field's last name, or "" for every field of the dimension not named
  double low;   // below this (and above 0, which means "none" for a peak), a slip
  double high;  // above this, a slip
  const char* meant;      // the unit to suggest
  const char* beyond;     // why, in words
};
constexpr Plausible plausible[] = {
    {Dimension::time, "step_overhead", 0, 1, "us", "no training loop pays a second per step besides its work"},
    {Dimension::time, "host_link_latency", 0, 0.01, "us", "no host link takes 10 ms to start a copy"},
    {Dimension::time, "", 0, 0.01, "us", "no framework or driver takes 10 ms per operation"},
    {Dimension::flop_rate, "", 1e6, 1e21, "TFLOP/s", "no processor computes below 1 MFLOP/s"},
    {Dimension::bandwidth, "", 1e6, 1e18, "GB/s", "no memory moves less than 1 MB/s"},
    {Dimension::energy_per_flop, "", 0, 1e-9, "pJ/FLOP", "arithmetic costs picojoules per FLOP, not nanojoules"},
    {Dimension::energy_per_byte, "", 0, 1e-6, "pJ/B", "DRAM traffic costs picojoules per byte, not microjoules"},
};

}  // namespace

void add_slip_warnings(const Scenario& scenario, std::vector<Warning>& warnings) {
  for (const FieldSpec& f : field_specs()) {
    if (f.kind != FieldKind::quantity || !(f.number.get || f.number.device_get)) continue;
    // A device's own overhead row reads the scenario's value when it has none: warned once, at the top.
    if (f.number.given && !f.number.given(scenario, f.number.slot)) continue;
    const double value = NumberField{&f, f.number.slot}.get(scenario);  // the row itself: no lookup by path
    const std::string_view last = std::string_view(f.path).substr(f.path.rfind('/') + 1);
    const Plausible* rule = nullptr;
    for (const Plausible& p : plausible)
      if (!rule && p.dimension == f.quantity.dimension && (*p.field == 0 || last == p.field)) rule = &p;
    for (const Plausible* pick : {rule}) {
      if (!pick) continue;
      const Plausible& p = *pick;
      if (value == 0 || (value >= p.low && value <= p.high)) continue;
      const std::string number = format_number(value);
      warnings.push_back({slip_warning,
                          "“" + full_label(f) + "” reads as " + number + " " + std::string(si_unit(p.dimension)) + ": " +
                              p.beyond + ". Did you mean " + number + " " + p.meant + "? (A bare number is in " +
                              std::string(si_unit(p.dimension)) + ".)",
                          f.path});
    }
  }
}

}  // namespace epochcalc
