// The fuzz targets' bodies, one per fuzz_<name>.cpp. They are compiled once, together (CMakeLists.txt);
// entry.cpp, compiled once per target, makes one of them an executable's LLVMFuzzerTestOneInput.
#pragma once

#include <cstddef>
#include <cstdint>

namespace epochcalc::fuzz {

int fuzz_solve(const std::uint8_t* data, std::size_t size);
int fuzz_quantity(const std::uint8_t* data, std::size_t size);
int fuzz_expand(const std::uint8_t* data, std::size_t size);
int fuzz_calibrate(const std::uint8_t* data, std::size_t size);
int fuzz_set(const std::uint8_t* data, std::size_t size);
int fuzz_link(const std::uint8_t* data, std::size_t size);
int fuzz_compare(const std::uint8_t* data, std::size_t size);
int fuzz_prepared(const std::uint8_t* data, std::size_t size);

}  // namespace epochcalc::fuzz
