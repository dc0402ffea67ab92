// epochcalc: the command-line face of the engine. Exit 0 on success, 2 on invalid input, 1 on a fault.
#include <exception>
#include <iostream>

#include "run.hpp"

int main(int argc, char** argv) {
  try {
    return epochcalc::cli::run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
