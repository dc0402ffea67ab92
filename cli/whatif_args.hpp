// The command line's forms of the what-ifs' arguments, read into the data the engine takes (its
// readers read units, limits and ids; this only splits the text):
//   --sweep PATH=FROM:TO[:N][:log]  → {"field", "from", "to", "points", "log"}
//   --sweep PATH=V1,V2,...          → {"field", "values": [...]}
//   --compare ID[@PRICE][@IDLE W],… → [{"id", "price", "idle_power"}, ...]; "all" and "accelerators" as they are
// Errors are at the argument's place in the engine's data (/sweeps/0, /devices/1), as the engine's own.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"

namespace epochcalc::cli {

nlohmann::ordered_json sweep_arguments(const std::vector<std::string>& sweeps, Errors& errors);
nlohmann::ordered_json device_arguments(std::string_view devices, Errors& errors);

}  // namespace epochcalc::cli
