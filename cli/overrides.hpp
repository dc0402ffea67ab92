// --set PATH=VALUE applied to a scenario document, through the engine's field editor (edit.hpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"

namespace epochcalc::cli {

// PATH is dotted ("network.batch_size") or a JSON pointer ("/network/batch_size"); VALUE is read by
// the field's kind, as the page reads what is typed into the same field. Returns false with E_ARGS.
bool apply_setting(nlohmann::ordered_json& document, const std::string& setting, Errors& errors);

}  // namespace epochcalc::cli
