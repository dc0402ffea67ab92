// The whole text-to-result path: scenario JSON text through solve_json and through the module's
// replies (evaluate_reply, and update_reply, which the page calls on every edit), read back from their
// tapes. Beyond check_reply: the calls agree (same errors, or the evaluation's result is solve_json's),
// the update's result and sweep are the evaluation's, the sweep series are as long as its "points" and
// its batch sizes rise within [1, N], explicit batch sizes (valid or not) come back as series or as
// errors at /batch_sizes, and a result's own "scenario" (the normalized input) solves to the same result.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "check.hpp"
#include "targets.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

int epochcalc::fuzz::fuzz_solve(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  const std::string solved_text = solve_json(input);
  const json solved = check_reply(solved_text, {result_schema}, "solve_json");

  const json evaluated = check_tape(evaluate_reply(input, nullptr), {"epochcalc/evaluation@1"}, "evaluate_reply");
  const std::string evaluated_text = text_of(evaluated);
  const json update = check_tape(update_reply(input, nullptr), {"epochcalc/update@1"}, "update_reply");
  const std::string update_text = text_of(update);
  expect(!is_error(update), "update_reply without an edit refused the document itself", update_text);

  if (is_error(solved)) {
    expect(is_error(evaluated), "solve_json refused the scenario but evaluate_reply solved it", evaluated_text);
    expect(solved.at("errors") == evaluated.at("errors"), "solve_json and evaluate_reply report different errors",
           solved_text + "\n" + evaluated_text);
    expect(update.at("result").is_null() && update.at("sweep").is_null(), "update_reply solved what solve_json refused", update_text);
    // A document that cannot even be expanded reports what stops the expansion: some of solve_json's errors.
    const json& said = update.at("errors");
    if (update.at("expanded").is_null()) {
      expect(!said.empty(), "update_reply could not expand the document but says no error", update_text);
      for (const json& e : said)
        expect(std::find(solved.at("errors").begin(), solved.at("errors").end(), e) != solved.at("errors").end(),
               "update_reply reports an error solve_json does not", solved_text + "\n" + update_text);
    } else {
      expect(solved.at("errors") == said, "solve_json and update_reply report different errors", solved_text + "\n" + update_text);
    }
    return 0;
  }
  expect(!is_error(evaluated), "solve_json solved the scenario but evaluate_reply refused it", evaluated_text);
  expect(evaluated.at("result") == solved, "evaluate_reply's result differs from solve_json's", solved_text + "\n" + evaluated_text);
  expect(update.at("errors") == json::array(), "update_reply reports errors for a scenario that solves", update_text);
  expect(update.at("result") == solved && update.at("sweep") == evaluated.at("sweep"),
         "update_reply's result or sweep differs from the evaluation's", update_text + "\n" + evaluated_text);

  // The sweep: series as long as "points", batch sizes strictly rising in [1, N], every time finite.
  const json& sweep = evaluated.at("sweep");
  const std::size_t points = sweep.at("points").get<std::size_t>();
  const json& batch = sweep.at("batch_size");
  expect(batch.size() == points, "sweep \"points\" differs from the series length", evaluated_text);
  for (const char* device : {"host", "accelerator"})
    for (const char* series : {"epoch_time_s", "work_time_s", "overhead_time_s"}) {
      const json& v = sweep.at(device).at(series);
      expect(v.size() == points, "a sweep series is not as long as batch_size", evaluated_text);
      for (const json& x : v) expect(x.get<double>() >= 0, "a sweep time is negative", evaluated_text);
    }
  const double n = solved.at("scenario").at("network").at("dataset").at("training_examples").get<double>();
  for (std::size_t i = 0; i < points; ++i) {
    const double b = batch[i].get<double>();
    expect(b >= 1 && b <= n && (i == 0 || b > batch[i - 1].get<double>()), "sweep batch sizes do not rise within [1, N]",
           evaluated_text);
  }

  // Batch sizes as the page may pass them (any double from a Float64Array): a few awkward ones, picked
  // by a hash of the input, so a failure reproduces from the input alone.
  const double awkward[] = {1, 2, 3, n, n - 1, n + 1, 0, -1, 0.5, 1e300, -0.0, 9007199254740993.0,
                            std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
  std::vector<double> sizes;
  for (std::size_t h = std::hash<std::string_view>{}(input), k = 1 + h % 5; k > 0; --k, h /= 14) sizes.push_back(awkward[h % 14]);
  const json picked = check_tape(evaluate_reply(input, &sizes), {"epochcalc/evaluation@1"}, "evaluate_reply with batch sizes");
  const std::string chosen_text = text_of(picked);
  if (!is_error(picked)) {
    expect(picked.at("sweep").at("batch_size").size() == sizes.size(), "evaluate_reply with batch sizes: series length differs",
           chosen_text);
    expect(picked.at("result") == solved, "evaluate_reply with batch sizes: result differs from solve_json's", chosen_text);
  } else {
    for (const json& e : picked.at("errors"))
      expect(e.at("path").get<std::string>().rfind("/batch_sizes", 0) == 0, "evaluate_reply with batch sizes: an error outside /batch_sizes",
             chosen_text);
  }

  // scenario_to_json's promise: the normalized scenario is a valid input that solves to the same result.
  const std::string again_text = solve_json(text_of(solved.at("scenario")));
  const json again = check_reply(again_text, {result_schema}, "solve_json of the result's scenario");
  expect(!is_error(again), "the result's own scenario does not solve", solved_text + "\n" + again_text);
  expect(numbers_of(again) == numbers_of(solved), "the result's own scenario solves to a different result", solved_text + "\n" + again_text);
  return 0;
}
