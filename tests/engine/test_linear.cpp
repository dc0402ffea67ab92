// Every reader's work grows at most about linearly with its input (hostile input round three, H1: a
// document of 20,000 unknown keys took 13.7 s, each key found by scanning the ones before it). The work
// is counted as heap allocations, which a copy, a message or a list per item costs, not timed: each
// input kind is doubled from 1k to 64k items and each doubling may at most about double the count.
// And the bounds that keep it so: keys per object, unknown keys and ids said one by one.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "epochcalc/api/api.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/link.hpp"

namespace {

std::atomic<std::size_t> allocations{0};

}  // namespace

// Counting replacements of the global allocation functions, for this test binary only.
void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace epochcalc;
using json = nlohmann::ordered_json;

namespace {

// The allocations one call makes.
template <typename Call>
std::size_t counted(Call&& call) {
  const std::size_t before = allocations.load();
  call();
  return allocations.load() - before;
}

// Doubles n from 1,024 to 65,536 items: each doubling may at most about double the work (2.5×: a
// vector's growth and the fixed cost of the smallest input blur the factor of 2).
template <typename Make, typename Call>
void grows_linearly(const char* what, Make&& make, Call&& call) {
  CAPTURE(what);
  std::size_t previous = 0;
  for (std::size_t n = 1024; n <= 65536; n *= 2) {
    const auto input = make(n);
    const std::size_t work = counted([&] { call(input); });
    CAPTURE(n);
    CAPTURE(work);
    if (previous > 0) CHECK(static_cast<double>(work) <= 2.5 * static_cast<double>(previous));
    previous = work;
  }
}

std::string keys_text(std::size_t n, const char* prefix, std::size_t per_object) {
  // {"preset": ..., "junk0": {"k0": 1, ...}, ...}: n keys in objects of at most per_object.
  std::string text = R"({"preset": "mnist-cpu-vs-h100")";
  for (std::size_t i = 0; i < n; ++i) {
    if (i % per_object == 0) text += (i ? "}" : "") + std::string(", \"") + prefix + std::to_string(i / per_object) + "\": {";
    else text += ", ";
    text += "\"k" + std::to_string(i) + "\": 1";
  }
  return text + "}}";
}

// {"preset": ..., "i0": 1, ...}: n unknown keys at the top level.
std::string top_level_keys(std::size_t n) {
  std::string text = R"({"preset": "mnist-cpu-vs-h100")";
  for (std::size_t i = 0; i < n; ++i) text += ", \"i" + std::to_string(i) + "\": 1";
  return text + "}";
}

}  // namespace

TEST_CASE("each reader's work grows about linearly with its input, from 1k to 64k items") {
  grows_linearly("unknown keys, 255 to an object", [](std::size_t n) { return keys_text(n, "junk", 255); },
                 [](const std::string& text) { (void)solve_json(text); });
  grows_linearly("unknown top-level keys", top_level_keys, [](const std::string& text) { (void)solve_json(text); });
  grows_linearly("/compared ids", [](std::size_t n) {
    std::string text = R"({"preset": "mnist-cpu-vs-h100", "compared": {)";
    for (std::size_t i = 0; i < n; ++i) text += (i ? ", \"x" : "\"x") + std::to_string(i) + R"(": {"price_per_hour": 1})";
    return text + "}}";
  }, [](const std::string& text) { (void)solve_json(text); });
  grows_linearly("a list of widths", [](std::size_t n) {
    std::string text = R"({"preset": "mnist-cpu-vs-h100", "network": {"widths": [784)";
    for (std::size_t i = 0; i < n; ++i) text += ", 8";
    return text + "]}}";
  }, [](const std::string& text) { (void)solve_json(text); });
  grows_linearly("a link's parameters", [](std::size_t n) {
    std::vector<LinkParam> params;
    for (std::size_t i = 0; i < n; ++i) params.push_back({"p" + std::to_string(i), "1"});
    return params;
  }, [](const std::vector<LinkParam>& params) { (void)read_link(params); });
}

TEST_CASE("an object of more than 256 keys is refused as it is read, and unknown keys and ids are said up to 20") {
  const auto errors_of = [](const std::string& text) { return json::parse(solve_json(text)).at("errors"); };
  const json refused = errors_of(top_level_keys(256));
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].at("code") == "E_RANGE");
  CHECK(refused[0].at("path") == "");
  CHECK(refused[0].at("message").get<std::string>().find("more than 256 keys in its top-level object") != std::string::npos);
  // 256 keys: read, and the unknown ones said 20 at a time, then how many more.
  const json said = errors_of(top_level_keys(255));
  REQUIRE(said.size() == 21);
  CHECK(said[0].at("path") == "/i0");
  CHECK(said[20].at("message") == "and 235 more keys here that are no field (255 in all): remove them");
  std::string compared = R"({"preset": "mnist-cpu-vs-h100", "compared": {"l4": {"price_per_hour": 1})";
  for (int i = 0; i < 30; ++i) compared += ", \"x" + std::to_string(i) + "\": {}";
  const json ids = errors_of(compared + "}}");
  REQUIRE(ids.size() == 21);
  CHECK(ids[20].at("message") == "and 10 more ids here that are no registry device (30 in all): see --list-hardware");
}

TEST_CASE("a key given twice is found in an object as large as one may be, at its second place") {
  std::string text = R"({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 8)";
  for (int i = 0; i < 250; ++i) text += ", \"k" + std::to_string(i) + "\": 1";
  const json twice = json::parse(solve_json(text + R"(, "k7": 2}})")).at("errors");
  REQUIRE(twice.size() == 1);
  CHECK(twice[0].at("code") == "E_DUPLICATE_KEY");
  CHECK(twice[0].at("path") == "/network/k7");
  const json small = json::parse(solve_json(R"({"preset": "mnist-cpu-vs-h100", "dispatch": "1 us", "dispatch": "2 us"})")).at("errors");
  REQUIRE(small.size() == 1);
  CHECK(small[0].at("path") == "/dispatch");
}
