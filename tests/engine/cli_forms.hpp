// The command line's forms of the what-ifs' arguments (--sweep PATH=FROM:TO[:N][:log], --compare
// l4@0.80/h,h100-sxm), read as the CLI reads them (cli/whatif_args.hpp) and answered by the engine's
// documents: the tests write many cases in those forms. The CLI's own errors come back as an error
// document, as the engine's do.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "whatif_args.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/whatif_json.hpp"

namespace epochcalc::testing {

inline nlohmann::ordered_json sweep_text(const nlohmann::ordered_json& scenario, const std::vector<std::string>& sweeps) {
  Errors errors;
  const nlohmann::ordered_json data = cli::sweep_arguments(sweeps, errors);
  return errors.empty() ? field_sweep_data(scenario, data) : errors_to_json(errors);
}

inline nlohmann::ordered_json compare_text(const nlohmann::ordered_json& scenario, std::string_view devices) {
  Errors errors;
  const nlohmann::ordered_json data = cli::device_arguments(devices, errors);
  return errors.empty() ? compare_document(scenario, data) : errors_to_json(errors);
}

}  // namespace epochcalc::testing
