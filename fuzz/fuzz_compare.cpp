// Devices side by side (compare_document, whatif_json.hpp): the first input line is the device list as
// --compare takes it ("l4@0.80/h@30 W,host,..."), read as the command line reads it
// (cli/whatif_args.hpp; what it refuses is not the engine's), the rest a scenario document (the default preset when
// it is not JSON). Beyond check_reply: every device row's cost is a number exactly when it has a price
// and a run; the fastest ranges cover 1..N in order without a gap, and so do the cheapest ones when
// any device with a run has a price (and there are none otherwise); each range names a device of the
// list; and the ranges in words are there exactly when the ranges are.
#include <cstddef>
#include <cstdint>
#include <set>

#include "check.hpp"
#include "targets.hpp"
#include "epochcalc/api/whatif_json.hpp"
#include "whatif_args.hpp"

using namespace epochcalc;
using namespace epochcalc::fuzz;

namespace {

void expect_cover(const json& ranges, std::int64_t n, const std::set<std::string>& ids, std::string_view reply) {
  std::int64_t next = 1;
  for (const json& r : ranges) {
    expect(r.at("from").get<std::int64_t>() == next && r.at("to").get<std::int64_t>() >= next, "ranges with a gap or out of order", reply);
    expect(ids.count(r.at("device").get<std::string>()) == 1, "a range names no device of the list", reply);
    next = r.at("to").get<std::int64_t>() + 1;
  }
  expect(next == n + 1, "ranges that do not end at N", reply);
}

}  // namespace

int epochcalc::fuzz::fuzz_compare(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t line = input.find('\n');
  const std::string devices(input.substr(0, line));
  json scenario = json::parse(line == std::string_view::npos ? std::string_view() : input.substr(line + 1), nullptr, false);
  if (scenario.is_discarded()) scenario = {{"preset", "mnist-cpu-vs-h100"}};
  Errors refused;
  const json list = cli::device_arguments(devices, refused);
  if (!refused.empty()) return 0;
  const std::string text = text_of(compare_document(scenario, list));
  const json reply = check_reply(text, {compare_schema}, "compare_document");
  if (is_error(reply)) return 0;
  std::set<std::string> ids;
  bool runs = false, priced = false;
  for (const json& d : reply.at("devices")) {
    ids.insert(d.at("id").get<std::string>());
    if (!d.at("has_precision").get<bool>()) continue;
    runs = true;
    const bool has_price = !d.at("price").is_null();
    priced |= has_price;
    expect(d.at("batched").at("cost_usd").is_null() != has_price, "a cost without a price, or a price without a cost", text);
  }
  const json solved = check_reply(solve_json(text_of(scenario)), {result_schema}, "solve_json of the compared scenario");
  const std::int64_t n = solved.at("scenario").at("network").at("dataset").at("training_examples").get<std::int64_t>();
  if (runs) expect_cover(reply.at("fastest"), n, ids, text);
  if (runs && priced) expect_cover(reply.at("cheapest"), n, ids, text);
  else expect(reply.at("cheapest").empty(), "cheapest ranges without a priced device", text);
  expect(reply.at("fastest_text").is_null() == reply.at("fastest").empty(), "fastest_text and the ranges disagree", text);
  expect(reply.at("cheapest_text").is_null() == reply.at("cheapest").empty(), "cheapest_text and the ranges disagree", text);
  return 0;
}
