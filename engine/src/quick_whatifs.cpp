#include "epochcalc/quick_whatifs.hpp"

#include <algorithm>
#include <cstdio>

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

QuickWhatIf applies(std::string id, std::string label, std::string path, std::string text) {
  return {std::move(id), std::move(label), std::move(path), std::move(text), ""};
}

QuickWhatIf does_not(std::string id, std::string label, std::string reason) {
  return {std::move(id), std::move(label), "", "", std::move(reason)};
}

}  // namespace

std::vector<QuickWhatIf> quick_whatifs(const Scenario& s) {
  std::vector<QuickWhatIf> out;
  const Assumptions& a = s.assumptions;

  const std::string graphs = "CUDA Graphs: one launch per step";
  if (a.launches_per_step == 1) out.push_back(does_not("cuda-graphs", graphs, "the accelerator already launches one graph per step"));
  else out.push_back(applies("cuda-graphs", graphs, "/assumptions/launches_per_step", "1"));

  const std::string compiled = "A compiled step: half the operations per layer";
  if (a.ops_per_layer <= 1) out.push_back(does_not("compiled-step", compiled, "each layer is already one operation"));
  else out.push_back(applies("compiled-step", compiled, "/assumptions/ops_per_layer", std::to_string((a.ops_per_layer + 1) / 2)));

  const std::string half = "Half the dispatch cost";
  if (s.dispatch == 0) out.push_back(does_not("half-dispatch", half, "dispatch already costs nothing"));
  // In microseconds, as people type it ("5 us"): the preview solves this text, as the edit does.
  else out.push_back(applies("half-dispatch", half, "/dispatch", number_text(s.dispatch / 2 * 1e6) + " us"));

  const std::string precision = "Half precision (fp16 or bf16)";
  const auto both_have = [&](const char* p) { return s.host.peak_flops.contains(p) && s.accelerator.peak_flops.contains(p); };
  if (s.precision == "fp16" || s.precision == "bf16") out.push_back(does_not("half-precision", precision, "the scenario is already in " + s.precision));
  else if (both_have("fp16")) out.push_back(applies("half-precision", "Half precision (fp16)", "/precision", "fp16"));
  else if (both_have("bf16")) out.push_back(applies("half-precision", "Half precision (bf16)", "/precision", "bf16"));
  else out.push_back(does_not("half-precision", precision, "the two devices have no half-precision peak in common"));

  const std::string batch = "Four times the batch";
  const std::int64_t n = s.dataset.training_examples;
  // With drop_last a batch of all N examples is one full step; a larger one leaves none.
  const std::int64_t bigger = std::min(s.batch_size * 4, n);
  if (bigger <= s.batch_size) out.push_back(does_not("batch-x4", batch, "the batch already holds the whole dataset"));
  else out.push_back(applies("batch-x4", bigger == s.batch_size * 4 ? batch : "The batch as large as the dataset", "/network/batch_size", std::to_string(bigger)));
  return out;
}

}  // namespace epochcalc
