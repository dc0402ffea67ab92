// The result view's writer: run on every edit of a prepared scenario (prepared.hpp), so built for speed.
#include "epochcalc/contract/result_view.hpp"

#include <limits>

#include "contract/result_view_table.hpp"

namespace epochcalc {

using namespace view_table;

std::size_t result_view_size() { return slot_count; }

void write_result_view(const Scenario& scenario, const Result& result, std::span<double> out) {
  std::size_t i = 0;
  for (std::size_t role = 0; role < std::size(roles); ++role) {
    const bool priced = has_price((role == 0 ? scenario.host : scenario.accelerator).price_per_hour);
    for (std::size_t run = 0; run < std::size(runs); ++run) {
      const Run& r = run_of(device_of(result, role), run);
      for (const RunSlot& s : run_slots) out[i++] = r.*s.member;
      // A device without a price has no cost: the document's null is NaN here, a missing value.
      if (!priced) out[i - 1] = std::numeric_limits<double>::quiet_NaN();
    }
  }
  out[i++] = result.shape.layers;
  out[i++] = result.shape.parameters;
  for (std::size_t run = 0; run < std::size(runs); ++run)
    for (const CountSlot& s : count_slots) out[i++] = s.get(counts_of(result, run));
  for (const ComparisonSlot& s : comparison_slots) out[i++] = s.get(result.comparison);
}

}  // namespace epochcalc
