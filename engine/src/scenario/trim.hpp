// Text typed by a person, without the blanks around it. One definition for the engine's sources, which
// are compiled together in unity batches (CMakeLists.txt), where two private trims would collide.
#pragma once

#include <cctype>
#include <string_view>

namespace epochcalc::detail {

inline std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

}  // namespace epochcalc::detail
