// Golden scenarios: tests/golden/NAME.scenario.json solved must equal NAME.expected.json.
// Regenerate the expected files with scripts/regenerate-golden.sh (never edit them by hand).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

#include "epochcalc/api/api_json.hpp"

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

const fs::path golden_dir = EPOCHCALC_GOLDEN_DIR;
constexpr const char* scenario_suffix = ".scenario.json";

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), {}};
}

std::vector<std::string> fixture_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(golden_dir)) {
    const std::string file = entry.path().filename().string();
    const std::string suffix = scenario_suffix;
    if (file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0)
      names.push_back(file.substr(0, file.size() - suffix.size()));
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The first place where two documents differ, as "pointer: expected X, got Y". Numbers compare with a
// relative tolerance of 1e-12, so a last-bit difference between compilers is not a failure.
std::optional<std::string> first_difference(const json& expected, const json& actual, const std::string& path) {
  const auto differ = [&] { return path + ": expected " + expected.dump() + ", got " + actual.dump(); };
  if (expected.is_number() && actual.is_number()) {
    const double e = expected.get<double>(), a = actual.get<double>();
    if (std::fabs(e - a) <= 1e-12 * std::max(std::fabs(e), std::fabs(a))) return std::nullopt;
    return differ();
  }
  if (expected.type() != actual.type()) return differ();
  if (expected.is_object()) {
    if (expected.size() != actual.size()) return differ();
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) return path + "/" + key + ": missing";
      if (auto d = first_difference(value, actual.at(key), path + "/" + key)) return d;
    }
    return std::nullopt;
  }
  if (expected.is_array()) {
    if (expected.size() != actual.size()) return differ();
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (auto d = first_difference(expected[i], actual[i], path + "/" + std::to_string(i))) return d;
    return std::nullopt;
  }
  return expected == actual ? std::nullopt : std::optional<std::string>(differ());
}

}  // namespace

TEST_CASE("golden scenarios solve to their expected documents") {
  const bool regenerate = std::getenv("EPOCHCALC_REGENERATE_GOLDEN") != nullptr;
  const std::vector<std::string> names = fixture_names();
  REQUIRE(names.size() >= 10);
  for (const std::string& name : names) {
    CAPTURE(name);
    const json actual = json::parse(epochcalc::solve_json(read_text(golden_dir / (name + scenario_suffix))));
    const fs::path expected_path = golden_dir / (name + ".expected.json");
    if (regenerate) {
      std::ofstream(expected_path, std::ios::binary) << actual.dump(2) << "\n";
      MESSAGE("regenerated " << expected_path.string());
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(expected_path), "no " << expected_path.string() << "; run scripts/regenerate-golden.sh");
    const auto difference = first_difference(json::parse(read_text(expected_path)), actual, "");
    CHECK_MESSAGE(!difference, "golden fixture " << name << " differs at " << difference.value_or(""));
  }
}
