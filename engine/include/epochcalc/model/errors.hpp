// Errors are values: a stable code, a JSON pointer to the offending input, and a message that says what to fix.
#pragma once

#include <string>
#include <vector>

namespace epochcalc {

// Stable error codes. Tests pin them; never rename one.
namespace code {
inline constexpr const char* json = "E_JSON";                    // input is not JSON
inline constexpr const char* type = "E_TYPE";                    // wrong JSON type
inline constexpr const char* missing = "E_MISSING";              // required field absent
inline constexpr const char* range = "E_RANGE";                  // number outside its allowed range
inline constexpr const char* unit = "E_UNIT";                    // quantity with a bad or wrong-dimension unit
inline constexpr const char* unknown_field = "E_UNKNOWN_FIELD";  // key the schema does not know
inline constexpr const char* duplicate_key = "E_DUPLICATE_KEY";  // key given twice in one JSON object
inline constexpr const char* unknown_id = "E_UNKNOWN_ID";        // registry id that does not exist
inline constexpr const char* precision = "E_PRECISION";          // device has no peak for the precision
inline constexpr const char* value = "E_VALUE";                  // string not among the allowed choices
inline constexpr const char* args = "E_ARGS";                    // command-line usage
inline constexpr const char* too_few = "E_TOO_FEW";              // measurements that determine no constant
inline constexpr const char* internal = "E_INTERNAL";            // a bug in epochcalc, never the user's fault

// Every code above: the fuzz checks and the documentation tests read this list.
inline constexpr const char* all[] = {json,       type,      missing, range, unit,    unknown_field, duplicate_key,
                                      unknown_id, precision, value,   args,  too_few, internal};
}  // namespace code

struct Error {
  std::string code;
  std::string path;  // JSON pointer, "" for the whole document
  std::string message;

  friend bool operator==(const Error&, const Error&) = default;
};

using Errors = std::vector<Error>;

}  // namespace epochcalc
