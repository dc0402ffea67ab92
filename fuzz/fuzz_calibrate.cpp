// The calibration input (calibrate_json: {"scenario", "measurements", "measured_with"?}). Beyond
// check_reply: a calibration reply holds its fitted values, one prediction per measurement, and a
// fitted scenario that is itself a valid scenario (api.hpp: "the input's scenario with the fitted
// values set", which solves to the predictions).
#include <cstddef>
#include <cstdint>

#include "check.hpp"
#include "targets.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

int epochcalc::fuzz::fuzz_calibrate(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::string reply_text = calibrate_json(input);
  const json reply = check_reply(reply_text, {calibration_schema}, "calibrate_json");
  if (is_error(reply)) return 0;
  for (const char* key : {"fitted", "undetermined", "measurements", "scenario"})
    expect(reply.contains(key), std::string("calibration reply without \"") + key + "\"", reply_text);
  expect(reply["measurements"].is_array() && !reply["measurements"].empty(), "calibration reply without measurements", reply_text);
  for (const json& m : reply["measurements"])
    expect(m.contains("predicted_s") && m["predicted_s"].is_number(), "a measurement without a predicted_s", reply_text);

  const std::string solved_text = solve_json(text_of(reply["scenario"]));
  const json solved = check_reply(solved_text, {result_schema}, "solve_json of the fitted scenario");
  expect(!is_error(solved), "the fitted scenario does not solve", reply_text + "\n" + solved_text);
  return 0;
}
