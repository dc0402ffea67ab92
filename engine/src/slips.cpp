#include "slips.hpp"

#include "epochcalc/fields.hpp"
#include "json_read.hpp"

namespace epochcalc {

namespace {

// Per dimension: the range real systems span (docs/model.md, "Warnings"), and the unit a number
// outside it was most likely meant in.
struct Plausible {
  Dimension dimension;
  double low;   // below this (and above 0, which means "none" for a peak), a slip
  double high;  // above this, a slip
  const char* meant;      // the unit to suggest
  const char* beyond;     // why, in words
};
constexpr Plausible plausible[] = {
    {Dimension::time, 0, 0.01, "us", "no framework or driver takes 10 ms per operation"},
    {Dimension::flop_rate, 1e6, 1e21, "TFLOP/s", "no processor computes below 1 MFLOP/s"},
    {Dimension::bandwidth, 1e6, 1e18, "GB/s", "no memory moves less than 1 MB/s"},
    {Dimension::energy_per_flop, 0, 1e-9, "pJ/FLOP", "arithmetic costs picojoules per FLOP, not nanojoules"},
    {Dimension::energy_per_byte, 0, 1e-6, "pJ/B", "DRAM traffic costs picojoules per byte, not microjoules"},
};

}  // namespace

void add_slip_warnings(const Scenario& scenario, std::vector<Warning>& warnings) {
  for (const FieldSpec& f : field_specs()) {
    if (f.kind != FieldKind::quantity || !(f.number.get || f.number.device_get)) continue;
    const double value = NumberField{&f, 0}.get(scenario);  // the row itself: no lookup by path
    for (const Plausible& p : plausible) {
      if (p.dimension != f.quantity.dimension || value == 0 || (value >= p.low && value <= p.high)) continue;
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
