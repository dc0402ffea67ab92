// The names of the engine's documents, each one's "schema" key: the JSON contracts that the result
// writers (below the API) and the API's callers share. Plain names, no JSON library.
#pragma once

#include <string_view>

namespace epochcalc {

inline constexpr std::string_view result_schema = "epochcalc/result@1";
inline constexpr std::string_view error_schema = "epochcalc/error@1";
inline constexpr std::string_view sweep_schema = "epochcalc/sweep@2";

}  // namespace epochcalc
