// libFuzzer's entry point for one target: EPOCHCALC_FUZZ_TARGET names its body (targets.hpp). This file
// has no JSON in it, so compiling it once per target costs almost nothing.
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return epochcalc::fuzz::EPOCHCALC_FUZZ_TARGET(data, size);
}
