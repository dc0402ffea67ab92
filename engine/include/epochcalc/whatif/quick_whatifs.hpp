// One-click what-ifs: the questions people bring to the calculator, each answered by one edit of one
// field, decided from the scenario (docs/model.md, "One-click what-ifs"). No JSON here: the edit is a
// field's path and the text a user would type, which the field editor (edit.hpp) applies.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/model/model.hpp"

namespace epochcalc {

// One field's new value, typed as a user would.
struct QuickEdit {
  std::string path;  // a JSON pointer
  std::string text;
};

struct QuickWhatIf {
  std::string id;     // "cuda-graphs", "compiled-step", "half-dispatch", "half-precision", "batch-x4"
  std::string label;  // what the button says
  // The edits, in order: one per field in force that the question changes (a device's own value where
  // it pays its own, the scenario's where a device pays that). Empty when it does not apply.
  std::vector<QuickEdit> edits;
  std::string reason; // why it does not apply ("" when it does)
  std::string note;   // how it differs from the framework profile it imitates ("" when it does not)
};

// In a fixed order: CUDA Graphs (one launch per step on the accelerator: the pytorch-cuda-graphs profile
// where the accelerator runs pytorch-eager-cuda), a compiled step (half the operations per layer,
// rounded up, on every device), half the dispatch cost (written in us, on every device), fp16 or bf16 (the first both devices have a peak for), four times
// the batch (at most the dataset, or the largest that leaves a step with drop_last).
std::vector<QuickWhatIf> quick_whatifs(const Scenario& scenario);

}  // namespace epochcalc
