// Links people write (read_link, link.hpp): each input line is one parameter "key=value" (the first
// "=" splits it; a line without one is a key with an empty value). Beyond check_reply: every note is
// a valid error value, past 500 parameters the rest are one note, and a link the engine writes back
// for the document (write_link) reads back to a document that solves alike: the same numbers, or
// refused both times.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "check.hpp"
#include "targets.hpp"
#include "epochcalc/api/link.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

namespace {

constexpr std::size_t max_link_lines = 1000;  // past the engine's 500, so the limit itself is fuzzed

}  // namespace

int epochcalc::fuzz::fuzz_link(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<LinkParam> params;
  for (std::size_t start = 0; start < input.size() && params.size() < max_link_lines;) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    const std::size_t equals = line.find('=');
    params.push_back({std::string(line.substr(0, equals)), equals == std::string_view::npos ? "" : std::string(line.substr(equals + 1))});
    start = end + 1;
  }
  const LinkReading reading = read_link(params);
  expect_errors(reading.notes, "read_link's notes");
  expect(reading.notes.size() <= params.size() + 1, "more notes than parameters");
  if (!reading.document.is_object()) {
    expect(reading.document.is_null(), "a link's document is an object or null", text_of(reading.document));
    return 0;
  }
  const std::string text = text_of(reading.document);
  const std::string direct_text = solve_json(text);
  const json direct = check_reply(direct_text, {result_schema}, "solve_json of the link's document");
  const LinkReading again = read_link(write_link(reading.document));
  expect(again.notes.empty(), "the engine's own link has notes", text_of(reading.document));
  const std::string via_text = solve_json(text_of(again.document));
  const json via = check_reply(via_text, {result_schema}, "solve_json of the link written back");
  expect(is_error(direct) == is_error(via), "the link written back does not solve alike", direct_text + "\n" + via_text);
  if (!is_error(direct)) expect(numbers_of(direct) == numbers_of(via), "the link written back solves to other numbers", direct_text + "\n" + via_text);
  return 0;
}
