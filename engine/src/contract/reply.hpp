// Private to the engine: what every JSON reply of the API needs (api.cpp, calibration_json.cpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"

namespace epochcalc::detail {

// Text of a reply. Messages quote user input, so a stray invalid UTF-8 byte is replaced, never fatal.
inline std::string to_text(const nlohmann::ordered_json& document) {
  return document.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

inline Error internal_error_value(const std::string& what) {
  return {code::internal, "", "internal error (" + what + "); this is a bug in epochcalc, please report it with your scenario"};
}

}  // namespace epochcalc::detail
