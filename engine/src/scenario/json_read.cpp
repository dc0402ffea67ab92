#include "scenario/json_read.hpp"

#include <algorithm>
#include <cmath>

#include "epochcalc/scenario/limits.hpp"
#include "model/for_size.hpp"

// The readers on the path of every solve; their error messages are built in json_messages.cpp, which
// the shipped module compiles for size. What runs once per object or per path, not per number, is built
// for size too (EPOCHCALC_FOR_SIZE: 0.7 KB of the first visit for about 5 us of the page's 75 us solve).
namespace epochcalc {

namespace {

// Builds the document from nlohmann's parse events. Unlike nlohmann's own builder it refuses a key
// given twice in one object (JSON allows it and the last would silently win), records where parsing
// failed instead of throwing (so the position reaches the user in builds without exception support
// too), and refuses deep nesting: copying or destroying a deeply nested document recurses, and would
// overflow the stack.
class CheckedBuilder {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  explicit CheckedBuilder(json& root) : root_(root) {}

  std::size_t failed_at = 0;
  bool too_deep = false;
  std::optional<std::string> duplicate_key;  // the JSON pointer of the second one
  std::optional<std::string> crowded;        // the JSON pointer of an object with too many keys

  bool null() { return put(nullptr) != nullptr; }
  bool boolean(bool value) { return put(value) != nullptr; }
  bool number_integer(number_integer_t value) { return put(value) != nullptr; }
  bool number_unsigned(number_unsigned_t value) { return put(value) != nullptr; }
  bool number_float(number_float_t value, const string_t& /*text*/) { return put(value) != nullptr; }
  bool string(string_t& value) { return put(std::move(value)) != nullptr; }
  bool binary(binary_t& value) { return put(json::binary(std::move(value))) != nullptr; }
  bool start_object(std::size_t /*elements*/) { return enter(json::object()); }
  bool start_array(std::size_t /*elements*/) { return enter(json::array()); }
  bool end_object() { return open_.pop_back(), true; }
  bool end_array() { return open_.pop_back(), true; }
  // A key given twice is refused where it stands. The ordered object finds a key by scanning the ones
  // before it, so their number is bounded (max_object_keys): 20,000 keys took seconds (hostile input
  // round three, H1).
  bool key(string_t& name) {
    auto& members = open_.back()->get_ref<json::object_t&>();
    if (members.size() >= max_object_keys) {
      crowded = location();
      return false;
    }
    const auto [it, added] = members.emplace(name, nullptr);
    if (!added) {
      duplicate_key = pointer(location(), name);
      return false;
    }
    slot_ = &it->second;
    return true;
  }
  template <typename Exception>
  bool parse_error(std::size_t position, const std::string& /*token*/, const Exception& /*error*/) {
    failed_at = position;
    return false;
  }

 private:
  json& root_;
  std::vector<json*> open_;  // the objects and arrays being filled, outermost first
  json* slot_ = nullptr;     // where the value after the last key goes

  json* put(json value) {
    if (open_.empty()) return &(root_ = std::move(value));
    json& parent = *open_.back();
    if (parent.is_array()) return &parent.emplace_back(std::move(value));
    return &(*slot_ = std::move(value));
  }
  bool enter(json empty) {
    too_deep = open_.size() + 1 > max_json_depth;
    if (too_deep) return false;
    open_.push_back(put(std::move(empty)));
    return true;
  }
  // The JSON pointer of the innermost object being filled: each open container is the last member
  // (or element) added to the one around it.
  std::string location() const {
    std::string path;
    for (std::size_t i = 0; i + 1 < open_.size(); ++i) {
      const json& outer = *open_[i];
      if (outer.is_array()) path = pointer(path, outer.size() - 1);
      else path = pointer(path, outer.get_ref<const json::object_t&>().back().first);
    }
    return path;
  }
};

}  // namespace

ParsedText parse_text(std::string_view text) {
  ParsedText out;
  // The JSON reader takes a NUL byte for the end of the text: "4\0junk" read as 4 (found by the link
  // fuzzer). JSON has none outside a string, and none raw inside one.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    out.failed_at = nul + 1;
    return out;
  }
  json document;
  CheckedBuilder builder(document);
  if (json::sax_parse(text, &builder) && builder.failed_at == 0 && !builder.too_deep && !builder.duplicate_key && !builder.crowded)
    out.document = std::move(document);
  out.failed_at = builder.failed_at;
  out.too_deep = builder.too_deep;
  out.duplicate_key = std::move(builder.duplicate_key);
  out.crowded = std::move(builder.crowded);
  return out;
}

EPOCHCALC_FOR_SIZE json parse_own_text(std::string_view text) { return parse_text(text).document.value_or(json()); }

EPOCHCALC_FOR_SIZE std::string pointer(const std::string& parent, std::string_view key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return parent + "/" + escaped;
}

EPOCHCALC_FOR_SIZE std::string pointer(const std::string& parent, std::size_t index) { return parent + "/" + std::to_string(index); }

EPOCHCALC_FOR_SIZE bool check_object(const json& value, const std::string& path, const std::vector<std::string>& known,
                  Errors& errors) {
  if (!value.is_object()) {
    errors.push_back(message::not_an_object(path, value));
    return false;
  }
  // Each unknown key is said with a suggestion up to a bound; past it, one line says how many more.
  constexpr std::size_t said = 20;
  std::size_t unknown = 0;
  for (const auto& [key, _] : value.items())
    if (std::find(known.begin(), known.end(), key) == known.end() && ++unknown <= said) errors.push_back(message::unknown_field(path, key, known));
  if (unknown > said)
    errors.push_back({code::unknown_field, path, "and " + std::to_string(unknown - said) + " more keys here that are no field (" +
                                                     std::to_string(unknown) + " in all): remove them"});
  return true;
}

bool customises(const json& value) {
  for (const auto& [key, _] : value.items())
    if (key != "base" && key != "price_per_hour") return true;
  return false;
}

const json* field(const json& object, std::string_view key, const std::string& path, Errors& errors,
                  bool required) {
  const auto it = object.find(key);
  if (it != object.end()) return &*it;
  if (required) errors.push_back(message::missing(path, key));
  return nullptr;
}

std::optional<double> read_quantity(const json& value, const std::string& path, QuantityRule rule, Errors& errors) {
  double si = 0;
  if (value.is_number()) {
    si = value.get<double>();
  } else if (value.is_string()) {
    auto parsed = parse_quantity(value.get<std::string>(), rule.dimension);
    if (auto* error = std::get_if<Error>(&parsed)) {
      errors.push_back({error->code, path, error->message});
      return std::nullopt;
    }
    si = std::get<double>(parsed);
  } else {
    errors.push_back(message::not_a_quantity(path, rule, value));
    return std::nullopt;
  }
  const Bounds& b = rule.bounds;
  if (!(b.min_inclusive ? si >= b.min : si > b.min) || !(si <= b.max)) {
    errors.push_back(message::quantity_out_of_range(path, rule, value, si));
    return std::nullopt;
  }
  return si;
}

std::optional<std::int64_t> read_integer(const json& value, const std::string& path, IntegerRule rule,
                                         Errors& errors) {
  double number = 0;
  if (value.is_number()) {
    number = value.get<double>();
  } else if (const auto parsed = value.is_string() ? parse_plain_number(value.get<std::string>()) : std::nullopt) {
    number = *parsed;
  } else {
    errors.push_back(message::not_an_integer(path, rule, value));
    return std::nullopt;
  }
  if (number != std::floor(number) || number < static_cast<double>(rule.min) || number > static_cast<double>(rule.max)) {
    errors.push_back(message::integer_not_allowed(path, rule, value, number));
    return std::nullopt;
  }
  return static_cast<std::int64_t>(number);
}

std::size_t characters(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // not a UTF-8 continuation byte
  return n;
}

// A text of at most max_string_length characters (issue 36: 334 CJK characters were "1,002 characters
// long", counted in bytes).
[[gnu::noinline]] std::optional<std::string> read_string(const json& value, const std::string& path, Errors& errors) {
  if (value.is_string() && characters(value.get_ref<const std::string&>()) <= rule::max_string_length) return value.get<std::string>();
  errors.push_back(value.is_string() ? message::too_long(path, characters(value.get_ref<const std::string&>()))
                                     : message::not_a_string(path, value));
  return std::nullopt;
}

EPOCHCALC_FOR_SIZE std::optional<std::string> read_choice(const json& value, const std::string& path,
                                       const std::vector<std::string>& choices, Errors& errors) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  if (std::find(choices.begin(), choices.end(), *text) != choices.end()) return text;
  errors.push_back(message::not_a_choice(path, *text, choices));
  return std::nullopt;
}

EPOCHCALC_FOR_SIZE std::optional<bool> read_bool(const json& value, const std::string& path, Errors& errors) {
  if (value.is_boolean()) return value.get<bool>();
  errors.push_back(message::not_a_boolean(path, value));
  return std::nullopt;
}

}  // namespace epochcalc
