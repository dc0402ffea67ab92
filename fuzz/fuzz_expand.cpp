// Preset expansion (expand_json: expand_preset, then every registry reference resolved). Beyond
// check_reply: the expanded scenario solves like the input (scenario_json.hpp: "parse_scenario of the
// result solves like the input": the same result, or refused both times), and expanding it again
// changes nothing.
#include <cstddef>
#include <cstdint>

#include "check.hpp"
#include "targets.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

int epochcalc::fuzz::fuzz_expand(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::string expanded_text = expand_json(input);
  const json expanded = check_reply(expanded_text, {"epochcalc/expanded@1"}, "expand_json");
  if (is_error(expanded)) return 0;
  expect(expanded.contains("scenario"), "expanded@1 without \"scenario\"", expanded_text);
  const std::string scenario_text = text_of(expanded.at("scenario"));

  const std::string direct_text = solve_json(input);
  const json direct = check_reply(direct_text, {result_schema}, "solve_json of the input");
  const std::string via_text = solve_json(scenario_text);
  const json via = check_reply(via_text, {result_schema}, "solve_json of the expanded scenario");
  expect(is_error(direct) == is_error(via), "the input and its expansion do not solve alike",
         "input: " + direct_text + "\nexpanded: " + via_text);
  if (!is_error(direct)) expect(numbers_of(direct) == numbers_of(via), "the expansion solves to a different result", direct_text + "\n" + via_text);

  const std::string twice_text = expand_json(scenario_text);
  const json twice = check_reply(twice_text, {"epochcalc/expanded@1"}, "expand_json of the expansion");
  expect(twice == expanded, "expanding the expansion changed it", expanded_text + "\n" + twice_text);
  return 0;
}
