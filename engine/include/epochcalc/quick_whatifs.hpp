// One-click what-ifs: the questions people bring to the calculator, each answered by one edit of one
// field, decided from the scenario (docs/model.md, "One-click what-ifs"). No JSON here: the edit is a
// field's path and the text a user would type, which the field editor (edit.hpp) applies.
#pragma once

#include <string>
#include <vector>

#include "epochcalc/model.hpp"

namespace epochcalc {

struct QuickWhatIf {
  std::string id;     // "cuda-graphs", "compiled-step", "half-dispatch", "half-precision", "batch-x4"
  std::string label;  // what the button says
  std::string path;   // the field edited (a JSON pointer); "" when it does not apply
  std::string text;   // its new value, typed as a user would
  std::string reason; // why it does not apply ("" when it does)
};

// In a fixed order: CUDA Graphs (one launch per step), a compiled step (half the operations per layer,
// rounded up), half the dispatch cost (written in us), fp16 or bf16 (the first both devices have a peak for), four times
// the batch (at most the dataset, or the largest that leaves a step with drop_last).
std::vector<QuickWhatIf> quick_whatifs(const Scenario& scenario);

}  // namespace epochcalc
