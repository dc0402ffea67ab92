// The result view's names, built once per module from the same table as its numbers.
#include "epochcalc/contract/result_view.hpp"

#include <string>
#include <vector>

#include "contract/result_view_table.hpp"

namespace epochcalc {

using namespace view_table;

namespace {

// "a.b.c", or "a.c" without b.
std::string dotted(const char* a, const char* b, const char* c) {
  std::string name(a);
  for (const char* part : {b, c})
    if (part) name.append(1, '.').append(part);
  return name;
}

std::vector<std::string> build_names() {
  std::vector<std::string> names;
  for (const char* role : roles)
    for (const char* run : runs)
      for (const RunSlot& s : run_slots) names.push_back(dotted(role, run, s.name));
  names.push_back("network.layers");
  names.push_back("network.parameters");
  for (const char* run : runs)
    for (const CountSlot& s : count_slots) names.push_back(dotted("network", run, s.name));
  for (const ComparisonSlot& s : comparison_slots) names.push_back(dotted("comparison", nullptr, s.name));
  return names;
}

}  // namespace

std::span<const std::string> result_view_names() {
  static const std::vector<std::string> names = build_names();
  return names;
}

std::size_t result_view_slot(std::string_view name) {
  const auto names = result_view_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  return names.size();
}

}  // namespace epochcalc
