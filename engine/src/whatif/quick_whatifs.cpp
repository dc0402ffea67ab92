#include "epochcalc/whatif/quick_whatifs.hpp"
#include "epochcalc/scenario/in_force.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace epochcalc {

namespace {

// A number as its shortest text that reads back as the same double ("5e-06").
std::string number_text(double value) {
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

QuickWhatIf applies(std::string id, std::string label, std::vector<QuickEdit> edits, std::string note = "") {
  return {std::move(id), std::move(label), std::move(edits), "", std::move(note)};
}

QuickWhatIf does_not(std::string id, std::string label, std::string reason) {
  return {std::move(id), std::move(label), {}, std::move(reason), ""};
}

// One edit per field in force of `slot` (the scenario's, and each device's own where it pays its own),
// each to what `change` makes of its value; none where nothing would change.
template <typename Change>
std::vector<QuickEdit> edits_in_force(const Scenario& s, OverheadSlot slot, Change change) {
  std::vector<QuickEdit> edits;
  for (const bool accelerator : {false, true}) {
    const ValueInForce v = value_in_force(s, accelerator, slot);
    if (!v.paid) continue;
    // A field no epoch depends on (the accelerator's own operation counts under graphs) is not edited.
    if (const auto field = number_field(s, v.path); field && !epoch_independent_reason(s, *field).empty()) continue;
    const auto text = change(v.value);
    const bool done = std::any_of(edits.begin(), edits.end(), [&](const QuickEdit& e) { return e.path == v.path; });
    if (text && !done) edits.push_back({v.path, *text});
  }
  return edits;
}

// The framework profile the accelerator runs under: its own, else the scenario's ("" for none).
const std::string& accelerator_profile(const Scenario& s) {
  return s.accelerator_overheads.profile.empty() ? s.profile : s.accelerator_overheads.profile;
}

}  // namespace

std::vector<QuickWhatIf> quick_whatifs(const Scenario& s) {
  std::vector<QuickWhatIf> out;

  const std::string graphs = "CUDA Graphs: one launch per step";
  const ValueInForce graph_launches = value_in_force(s, true, OverheadSlot::launches_per_step);
  if (graph_launches.value == 1) {
    out.push_back(does_not("cuda-graphs", graphs, "the accelerator already launches one graph per step"));
  } else if (accelerator_profile(s) == "pytorch-eager-cuda") {
    // The profile it imitates, with its cited cost of a graph launch (docs/model.md, "One-click what-ifs").
    out.push_back(applies("cuda-graphs", graphs, {{"/overheads/accelerator/profile", "pytorch-cuda-graphs"}},
                          "The accelerator takes the pytorch-cuda-graphs profile: its cited cost of a graph launch and "
                          "per-step cost; the host keeps its own."));
  } else {
    const bool own = graph_launches.own || !s.accelerator_overheads.profile.empty();
    out.push_back(applies("cuda-graphs", graphs,
                          {{own ? "/overheads/accelerator/launches_per_step" : "/assumptions/launches_per_step", "1"}},
                          "One graph launch per step at the scenario's dispatch and launch per call; the "
                          "pytorch-cuda-graphs profile counts a graph launch as costlier than a kernel's (pick it to "
                          "use its cited values)."));
  }

  const std::string compiled = "A compiled step: half the operations per layer";
  auto halved_ops = edits_in_force(s, OverheadSlot::ops_per_layer, [](double v) -> std::optional<std::string> {
    if (v <= 1) return std::nullopt;
    return std::to_string((static_cast<long long>(v) + 1) / 2);
  });
  if (halved_ops.empty()) out.push_back(does_not("compiled-step", compiled, "each layer is already one operation"));
  else out.push_back(applies("compiled-step", compiled, std::move(halved_ops)));

  const std::string half = "Half the dispatch cost";
  // In microseconds, as people type it ("5 us"): the preview solves this text, as the edit does.
  auto halved_dispatch = edits_in_force(s, OverheadSlot::dispatch, [](double v) -> std::optional<std::string> {
    if (v == 0) return std::nullopt;
    return number_text(v / 2 * 1e6) + " us";
  });
  if (halved_dispatch.empty()) out.push_back(does_not("half-dispatch", half, "dispatch already costs nothing"));
  else out.push_back(applies("half-dispatch", half, std::move(halved_dispatch)));

  const std::string precision = "Half precision (fp16 or bf16)";
  const auto both_have = [&](const char* p) { return s.host.peak_flops.contains(p) && s.accelerator.peak_flops.contains(p); };
  if (s.precision == "fp16" || s.precision == "bf16") out.push_back(does_not("half-precision", precision, "the scenario is already in " + s.precision));
  else if (both_have("fp16")) out.push_back(applies("half-precision", "Half precision (fp16)", {{"/precision", "fp16"}}));
  else if (both_have("bf16")) out.push_back(applies("half-precision", "Half precision (bf16)", {{"/precision", "bf16"}}));
  else out.push_back(does_not("half-precision", precision, "the two devices have no half-precision peak in common"));

  const std::string batch = "Four times the batch";
  const std::int64_t n = s.dataset.training_examples;
  // With drop_last a batch of all N examples is one full step; a larger one leaves none.
  const std::int64_t bigger = std::min(s.batch_size * 4, n);
  if (bigger <= s.batch_size) out.push_back(does_not("batch-x4", batch, "the batch already holds the whole dataset"));
  else out.push_back(applies("batch-x4", bigger == s.batch_size * 4 ? batch : "The batch as large as the dataset",
                             {{"/network/batch_size", std::to_string(bigger)}}));
  return out;
}

}  // namespace epochcalc
