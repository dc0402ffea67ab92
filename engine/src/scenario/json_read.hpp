// Private to the engine. Small readers that check one JSON value each and append an Error (with its JSON pointer) on failure.
// Shared by the scenario parser and the registry loader so both check data the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/units.hpp"

namespace epochcalc {

using json = nlohmann::ordered_json;

// JSON text to a document, without exceptions, at most max_json_depth (api.hpp) levels deep and with
// no key twice in one object. Every parse in the engine goes through here, so the module carries one
// copy of nlohmann's parser and every reader refuses a repeated key.
struct ParsedText {
  std::optional<json> document;  // nullopt when the text is not JSON, nests too deep or repeats a key
  std::size_t failed_at = 0;     // where parsing stopped, for the message
  bool too_deep = false;
  // A key given twice in one object: the JSON pointer of the second one (message::duplicate_key).
  std::optional<std::string> duplicate_key;
  // An object with more keys than max_object_keys: its JSON pointer.
  std::optional<std::string> crowded;
};
ParsedText parse_text(std::string_view text);
// Text the engine wrote itself or compiled in (its writers, the registries): valid by construction;
// null if it were not, which the test suite would catch.
json parse_own_text(std::string_view text);

// Joins a JSON pointer and a key, escaping "~" and "/" as RFC 6901 says.
std::string pointer(const std::string& parent, std::string_view key);
std::string pointer(const std::string& parent, std::size_t index);

// The closest candidate by edit distance, if it is close enough to be a likely typo.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);
std::string join_quoted(const std::vector<std::string>& words);

// The characters of a UTF-8 text (code points), as the limits on text count them.
std::size_t characters(std::string_view text);
// The JSON type as a user would name it ("a string", "an array", ...).
std::string json_type_name(const json& value);
// A short quote of a value for a message, and a bound written for people ("10,000,000,000"); not
// `separated`, a number the unit parser reads back ("10000000000").
std::string describe(const json& value);
// Whether a registry entry written as {"base": id, ...} changes what the entry says, so that it is named
// "<name> (customised)": any key but "base" and "price_per_hour" (what an hour of it costs is the
// buyer's, not the device's: issue 45).
bool customises(const json& value);
// `text` whole, or cut to at most `most` bytes with "..." at the end, on a UTF-8 character's boundary.
std::string in_part(std::string_view text, std::size_t most);
std::string format_number(double value, bool separated = true);

// The errors the readers report, built only when the input is wrong (json_messages.cpp).
namespace message {
Error not_an_object(const std::string& path, const json& value);
Error unknown_field(const std::string& path, const std::string& key, const std::vector<std::string>& known);
Error too_long(const std::string& path, std::size_t length);  // length in characters
Error too_large(const std::string& what, std::size_t bytes);  // a whole JSON document
Error not_json(const std::string& what, std::string_view text, std::size_t failed_at);  // where, and the likely cause
Error duplicate_key(const std::string& path);                   // the pointer of the second one
Error missing(const std::string& path, std::string_view key);
Error not_a_quantity(const std::string& path, QuantityRule rule, const json& value);
Error quantity_out_of_range(const std::string& path, QuantityRule rule, const json& value, double si);
Error not_an_integer(const std::string& path, IntegerRule rule, const json& value);
Error integer_not_allowed(const std::string& path, IntegerRule rule, const json& value, double number);
Error not_a_string(const std::string& path, const json& value);
Error not_a_choice(const std::string& path, const std::string& text, const std::vector<std::string>& choices);
Error not_a_boolean(const std::string& path, const json& value);
}  // namespace message

// Checks that `value` is an object whose keys are all in `known`; reports E_TYPE or E_UNKNOWN_FIELD.
bool check_object(const json& value, const std::string& path, const std::vector<std::string>& known,
                  Errors& errors);

// Returns value[key] or nullptr; a required but absent key reports E_MISSING.
const json* field(const json& object, std::string_view key, const std::string& path, Errors& errors,
                  bool required);

// A quantity: a number in SI units, or a string "number unit" (a bare number in a string is SI too).
std::optional<double> read_quantity(const json& value, const std::string& path, QuantityRule rule, Errors& errors);
// A whole number, as a JSON number or a string holding one ("64").
std::optional<std::int64_t> read_integer(const json& value, const std::string& path, IntegerRule rule, Errors& errors);
std::optional<std::string> read_string(const json& value, const std::string& path, Errors& errors);
std::optional<std::string> read_choice(const json& value, const std::string& path,
                                       const std::vector<std::string>& choices, Errors& errors);
std::optional<bool> read_bool(const json& value, const std::string& path, Errors& errors);

// Device fields of an object (name, peak_flops, memory_bandwidth, memory_capacity, tdp, source) read
// into `device`. With require_all, name, peak_flops and memory_bandwidth must be present; otherwise the
// present fields override what `device` holds (peak_flops entries merge per precision).
void read_device_fields(const json& object, const std::string& path, bool require_all, Device& device,
                        Errors& errors);
// Dataset fields (name, training_examples), same rules.
void read_dataset_fields(const json& object, const std::string& path, bool require_all, Dataset& dataset,
                         Errors& errors);

}  // namespace epochcalc
