// The normalized scenario as a document: ids resolved, defaults filled, quantities as SI numbers. It is
// itself a valid input that solves to the same result. Written by the result's writers
// (src/contract/result_text.cpp), so it reads exactly as a result's "scenario".
#pragma once

#include <nlohmann/json.hpp>

#include "epochcalc/model/model.hpp"

namespace epochcalc {

nlohmann::ordered_json scenario_to_json(const Scenario& scenario);

}  // namespace epochcalc
