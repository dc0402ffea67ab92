// The readable breakdown the command-line tool prints, built from the result contract.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace epochcalc::cli {

std::string format_report(const nlohmann::ordered_json& result);
// One plain sentence per batch size saying which device wins, and where the crossover is.
std::string verdict(const nlohmann::ordered_json& result);
std::string format_errors(const nlohmann::ordered_json& error_document);
std::string format_presets();
std::string format_hardware();
std::string format_datasets();

}  // namespace epochcalc::cli
