#include "overrides.hpp"

#include "epochcalc/scenario/edit.hpp"

namespace epochcalc::cli {

bool apply_setting(nlohmann::ordered_json& document, const std::string& setting, Errors& errors) {
  const std::size_t eq = setting.find('=');
  if (eq == std::string::npos || eq == 0) {
    errors.push_back({code::args, "", "--set takes PATH=VALUE, e.g. network.batch_size=64; got \"" + setting + "\""});
    return false;
  }
  return set_field(document, setting.substr(0, eq), std::string_view(setting).substr(eq + 1), errors);
}

}  // namespace epochcalc::cli
