#include "scenario/slips.hpp"

#include <cmath>
#include <cstdlib>

#include "epochcalc/scenario/fields.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"

namespace epochcalc {

namespace {

// Per dimension: the range real systems span (docs/model.md, "Warnings"), and the unit a number
// outside it was most likely meant in.
struct Plausible {
  Dimension dimension;
  const char* field;  // the field's last name, or "" for every field of the dimension not named
  double low;   // below this (and above 0, which means "none" for a peak), a slip
  double high;  // above this, a slip
  const char* meant;   // the unit to suggest
  double scale;        // and its size in SI units
  const char* beyond;  // why, in words
};
constexpr Plausible plausible[] = {
    {Dimension::time, "step_overhead", 0, 1, "us", 1e-6, "no training loop pays a second per step besides its work"},
    {Dimension::time, "host_link_latency", 0, 0.01, "us", 1e-6, "no host link takes 10 ms to start a copy"},
    {Dimension::time, "", 0, 0.01, "us", 1e-6, "no framework or driver takes 10 ms per operation"},
    {Dimension::flop_rate, "", 1e6, 1e21, "TFLOP/s", 1e12, "no processor computes below 1 MFLOP/s"},
    {Dimension::bandwidth, "", 1e6, 1e18, "GB/s", 1e9, "no memory moves less than 1 MB/s"},
    {Dimension::energy_per_flop, "", 0, 1e-9, "pJ/FLOP", 1e-12, "arithmetic costs picojoules per FLOP, not nanojoules"},
    {Dimension::energy_per_byte, "", 0, 1e-6, "pJ/B", 1e-12, "DRAM traffic costs picojoules per byte, not microjoules"},
};
// A suggestion moves by factors of 1,000 (an SI prefix) until it is plausible: every range spans one.
constexpr bool spans_a_prefix_step() {
  for (const Plausible& p : plausible)
    if (p.low * 1000 > p.high) return false;
  return true;
}
static_assert(spans_a_prefix_step());

bool inside(double value, const Plausible& p) { return value >= p.low && value <= p.high; }

// The value the document holds at a field's path (object keys only, as the field table's quantities
// have), or null where it holds none: the value then came from a registry entry or a default.
const json* typed_at(const json& document, std::string_view path) {
  const json* node = &document;
  while (node && !path.empty()) {
    path.remove_prefix(1);
    const std::string key(path.substr(0, path.find('/')));
    path.remove_prefix(key.size());
    const auto it = node->find(key);
    node = it == node->end() ? nullptr : &*it;
  }
  return node && !node->is_null() ? node : nullptr;
}

// Six significant digits: a number moved by factors of 1,000 without the last bits' noise.
double six_digits(double number) {
  int shift = 5;  // the powers of ten that bring the sixth digit before the point
  for (double x = number; x >= 10; x /= 10) --shift;
  for (double x = number; x < 1; x *= 10) ++shift;
  double step = 1;  // 10^|shift|, exact up to 1e22
  for (int i = shift < 0 ? -shift : shift; i > 0; --i) step *= 10;
  return shift >= 0 ? std::round(number * step) / step : std::round(number / step) * step;
}

}  // namespace

void add_slip_warnings(const Scenario& scenario, const json& document, std::vector<Warning>& warnings) {
  for (const FieldSpec& f : field_specs()) {
    if (f.kind != FieldKind::quantity || !(f.number.get || f.number.device_get)) continue;
    const std::string_view last = std::string_view(f.path).substr(f.path.rfind('/') + 1);
    const Plausible* rule = nullptr;
    for (const Plausible& p : plausible)
      if (!rule && p.dimension == f.quantity.dimension && (*p.field == 0 || last == p.field)) rule = &p;
    if (!rule) continue;
    const double value = NumberField{&f, f.number.slot}.get(scenario);  // the row itself: no lookup by path
    if (value == 0 || inside(value, *rule)) continue;
    const json* typed = typed_at(document, f.path);
    if (!typed) continue;
    // The number in the unit it was typed in; a bare number (a JSON number, or a string of only a
    // number) is in SI units. The text is valid (the value was read from it), so strtod reads its number.
    double number = value;
    std::string_view unit = si_unit(rule->dimension);
    const std::string text = typed->is_string() ? typed->get<std::string>() : "";
    char* end = nullptr;
    const double written = std::strtod(text.c_str(), &end);
    const bool bare = detail::trim(end).empty();
    if (!bare) {
      number = written;
      unit = detail::trim(end);
    }
    // The same number in the unit meant, or moved by factors of 1,000 until it is plausible.
    double meant = number;
    for (double moved = number; !inside(meant * rule->scale, *rule); meant = six_digits(moved))
      moved *= meant * rule->scale < rule->low ? 1e3 : 1e-3;
    warnings.push_back({slip_warning,
                        "“" + full_label(f) + "” reads as " + format_number(number, false) + " " + std::string(unit) + ": " +
                            rule->beyond + ". Did you mean " + format_number(meant, false) + " " + rule->meant + "?" +
                            (bare ? " (A bare number is in " + std::string(unit) + ".)" : ""),
                        f.path});
  }
}

}  // namespace epochcalc
