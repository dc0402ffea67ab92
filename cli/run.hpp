// The epochcalc tool as a function: main.cpp calls it with the arguments after the program name.
#pragma once

#include <string>
#include <vector>

namespace epochcalc::cli {

/// Runs the tool on `args` and returns its exit status: 0 on success, 2 on invalid input, 1 on a fault.
int run(const std::vector<std::string>& args);

}  // namespace epochcalc::cli
