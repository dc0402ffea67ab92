// A prepared scenario (epochcalc/api/prepared.hpp) against its document: the first line is a scenario's
// JSON text (or a preset id), every other line an edit, "PATH=TEXT" set as text or "#PATH=NUMBER" set as
// a number in SI units. Each edit goes to the handle and, as set_field, to the document. Beyond "no
// crash": both refuse the same edits, with the same first code and path (and message, for text); after
// every step the handle's view is bit for bit the view of solve_checked(document), its result document
// equals that one's, and its errors and result pass the replies' checks.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "check.hpp"
#include "targets.hpp"
#include "epochcalc/api/prepared.hpp"
#include "epochcalc/contract/result_view.hpp"
#include "epochcalc/scenario/edit.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

namespace {

constexpr std::size_t max_edits = 12;

std::vector<double> view_of(const Solved& s) {
  std::vector<double> view(result_view_size());
  write_result_view(*s.scenario, *s.result, view);
  return view;
}

}  // namespace

int epochcalc::fuzz::fuzz_prepared(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= input.size() && lines.size() <= max_edits;) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    lines.emplace_back(input.substr(start, end - start));
    start = end + 1;
  }
  Errors errors;
  auto parsed = parse_json_text(lines.front(), "the scenario", errors);
  json reference = parsed ? std::move(*parsed) : json{{"preset", lines.front()}};
  const Solved start = solve_checked(reference);
  if (!start.result) return 0;
  PreparedScenario handle(reference);
  expect(handle.errors().empty(), "a scenario that solves was not prepared", text_of(reference));

  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const bool as_number = !line.empty() && line[0] == '#';
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos || eq == (as_number ? 1u : 0u)) continue;
    const std::string path = line.substr(as_number ? 1 : 0, eq - (as_number ? 1 : 0));
    std::string text = line.substr(eq + 1);
    double number = 0;
    if (as_number) {
      char* end = nullptr;
      number = std::strtod(text.c_str(), &end);
      text = number_text(number);  // as the handle writes it into its document
      if (!std::isfinite(number)) continue;  // no JSON number: the handle sends it on as text
    }
    json edited = reference;
    Errors want;
    const bool made = set_field(edited, path, text, want);
    const Solved truth = made ? solve_checked(edited) : Solved{};
    if (made) want = truth.errors;
    const Errors got = as_number ? handle.set(path, number) : handle.set(path, std::string_view(text));
    expect_errors(got, "PreparedScenario::set");
    const std::string where = text_of(reference) + "\n" + line;
    expect(got.empty() == want.empty(), "the handle and the document disagree on whether an edit is valid", where);
    if (!want.empty()) {
      expect(got.front().code == want.front().code && got.front().path == want.front().path,
             "the handle refuses an edit with another code or path than the document", where + "\n" + got.front().code + " " +
                                                                                           got.front().path + " / " + want.front().code + " " + want.front().path);
      if (!as_number && valid_utf8(text))
        expect(got.front().message == want.front().message, "the handle refuses an edit with another message", where);
      continue;
    }
    reference = std::move(edited);
    const std::vector<double> view = view_of(truth);
    expect(handle.view().size() == view.size() && std::memcmp(handle.view().data(), view.data(), view.size() * sizeof(double)) == 0,
           "the handle's numbers differ from the document's", where);
    const Solved& result = handle.solved();
    expect(result.result.has_value(), "the handle's result is gone", where);
    const json mine = result_to_json(*result.scenario, *result.result, result.warnings);
    expect(mine == result_to_json(*truth.scenario, *truth.result, truth.warnings), "the handle's result document differs", where);
    check_reply(text_of(mine), {result_schema}, "PreparedScenario::solved");
  }
  expect(handle.document() == reference, "the handle's document differs from the document edited the same way", text_of(reference));
  return 0;
}
