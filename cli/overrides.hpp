// --set PATH=VALUE applied to a scenario document.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "epochcalc/errors.hpp"

namespace epochcalc::cli {

// PATH is dotted ("network.batch_size") or a JSON pointer ("/network/batch_size"). VALUE is read as
// JSON when it parses, else as a string ("20 us"). Setting a field inside a registry id (host,
// accelerator, network.dataset) turns the id into {"base": id}. Returns false with an E_ARGS error.
bool apply_setting(nlohmann::ordered_json& document, const std::string& setting, Errors& errors);

}  // namespace epochcalc::cli
