// The whole text-to-result path: scenario JSON text through solve_json and evaluate_json (what the
// page calls on every edit). Beyond check_reply: both calls agree (same errors, or the evaluation's
// result is solve_json's), the sweep series are as long as its "points" and its batch sizes rise
// within [1, N], explicit batch sizes (valid or not) come back as series or as errors at /batch_sizes,
// and a result's own "scenario" (the normalized input) solves to the same result.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "check.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  const std::string solved_text = solve_json(input);
  const json solved = check_reply(solved_text, {result_schema}, "solve_json");

  SweepSeries series;
  const std::string evaluated_text = evaluate_json(input, nullptr, series);
  const json evaluated = check_reply(evaluated_text, {"epochcalc/evaluation@1"}, "evaluate_json");

  if (is_error(solved)) {
    expect(is_error(evaluated), "solve_json refused the scenario but evaluate_json solved it", evaluated_text);
    expect(solved.at("errors") == evaluated.at("errors"), "solve_json and evaluate_json report different errors",
           solved_text + "\n" + evaluated_text);
    expect(series.batch_size.empty() && series.host.epoch_time_s.empty(), "evaluate_json left series after an error");
    return 0;
  }
  expect(!is_error(evaluated), "solve_json solved the scenario but evaluate_json refused it", evaluated_text);
  expect(evaluated.at("result") == solved, "evaluate_json's result differs from solve_json's", solved_text + "\n" + evaluated_text);

  // The sweep: series as long as "points", batch sizes strictly rising in [1, N], every time finite.
  const json& sweep = evaluated.at("sweep");
  const std::size_t points = series.batch_size.size();
  expect(sweep.at("points") == points, "sweep \"points\" differs from the series length", evaluated_text);
  for (const DeviceSeries* d : {&series.host, &series.accelerator})
    for (const std::vector<double>* v : {&d->epoch_time_s, &d->work_time_s, &d->overhead_time_s}) {
      expect(v->size() == points, "a sweep series is not as long as batch_size", evaluated_text);
      for (double x : *v) expect(std::isfinite(x) && x >= 0, "a sweep time is negative or not finite", evaluated_text);
    }
  const double n = solved.at("scenario").at("network").at("dataset").at("training_examples").get<double>();
  for (std::size_t i = 0; i < points; ++i) {
    const double b = series.batch_size[i];
    expect(b >= 1 && b <= n && (i == 0 || b > series.batch_size[i - 1]), "sweep batch sizes do not rise within [1, N]",
           evaluated_text);
  }

  // Batch sizes as the page may pass them (any double from a Float64Array): a few awkward ones, picked
  // by a hash of the input, so a failure reproduces from the input alone.
  const double awkward[] = {1, 2, 3, n, n - 1, n + 1, 0, -1, 0.5, 1e300, -0.0, 9007199254740993.0,
                            std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
  std::vector<double> sizes;
  for (std::size_t h = std::hash<std::string_view>{}(input), k = 1 + h % 5; k > 0; --k, h /= 14) sizes.push_back(awkward[h % 14]);
  SweepSeries chosen;
  const std::string chosen_text = evaluate_json(input, &sizes, chosen);
  const json picked = check_reply(chosen_text, {"epochcalc/evaluation@1"}, "evaluate_json with batch sizes");
  if (!is_error(picked)) {
    expect(chosen.batch_size.size() == sizes.size(), "evaluate_json with batch sizes: series length differs", chosen_text);
    expect(picked.at("result") == solved, "evaluate_json with batch sizes: result differs from solve_json's", chosen_text);
  } else {
    for (const json& e : picked.at("errors"))
      expect(e.at("path").get<std::string>().rfind("/batch_sizes", 0) == 0, "evaluate_json with batch sizes: an error outside /batch_sizes",
             chosen_text);
  }

  // scenario_to_json's promise: the normalized scenario is a valid input that solves to the same result.
  const std::string again_text = solve_json(text_of(solved.at("scenario")));
  const json again = check_reply(again_text, {result_schema}, "solve_json of the result's scenario");
  expect(!is_error(again), "the result's own scenario does not solve", solved_text + "\n" + again_text);
  expect(again == solved, "the result's own scenario solves to a different result", solved_text + "\n" + again_text);
  return 0;
}
