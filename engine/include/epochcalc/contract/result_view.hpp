// The numbers of a result as one fixed row of doubles: what a prepared scenario's solve() hands out
// (a Float64Array in JS, attributes in Python) instead of a document. One table names every slot, in
// order; a new number is appended and the version bumped, so a reader that knows version N reads the
// slots it knows by index. Plain structs, no JSON: docs/model.md, "The result view", lists the names.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "epochcalc/model/model.hpp"

namespace epochcalc {

inline constexpr std::string_view result_view_version = "epochcalc/view@1";

// The slot names, dotted: "host.batched.epoch_time_s", "accelerator.batch_one.launch_time_s",
// "network.layers", "network.batched.flops", "comparison.accelerator_speedup_batched", ... in slot order.
std::span<const std::string> result_view_names();
std::size_t result_view_size();
// The slot of a name, or result_view_size() when there is none.
std::size_t result_view_slot(std::string_view name);
// Writes every slot of `result` into `out` (result_view_size() doubles): the result document's numbers,
// in its units. Where the document writes null, the view writes what a number column would: a cost of
// a device without a price is NaN (a missing value, as numpy and pandas read it), and a crossover that
// does not exist is 0 (batch sizes start at 1).
void write_result_view(const Scenario& scenario, const Result& result, std::span<double> out);

}  // namespace epochcalc
