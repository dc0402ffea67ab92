#include <algorithm>
#include <cctype>
#include <cmath>

#include "epochcalc/scenario/schema.hpp"
#include "scenario/json_read.hpp"

// Everything a reader needs only when the input is wrong (messages, suggestions), and the readers of
// whole devices and datasets (registry entries, custom devices). The shipped module compiles this file
// for size; json_read.cpp holds what every solve runs.
namespace epochcalc {

static std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string in_part(std::string_view text, std::size_t most) {
  if (text.size() <= most) return std::string(text);
  std::size_t cut = most - 3;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

// A short quote of a value for a message.
std::string describe(const json& value) { return in_part(value.dump(-1, ' ', false, json::error_handler_t::replace), 40); }

// A bound for a message: whole numbers with thousands separators ("10,000,000,000"), others as JSON
// writes them ("1e+18").
std::string format_number(double value, bool separated) {
  if (value != std::floor(value) || std::fabs(value) >= 1e15) return json(value).dump();
  const std::string digits = std::to_string(static_cast<std::int64_t>(std::fabs(value)));
  std::string text = value < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (separated && i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  // A typo is short: a long word is no near miss, and the edit distance would cost its length squared.
  if (word.size() > 64) return best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  if (best || word.empty()) return best;
  // "h100" for "h100-sxm": a unique candidate that starts with the word.
  std::optional<std::string> prefixed;
  for (const std::string& candidate : candidates) {
    if (candidate.size() <= word.size() || edit_distance(word, candidate.substr(0, word.size())) != 0) continue;
    if (prefixed) return std::nullopt;
    prefixed = candidate;
  }
  return prefixed;
}

std::string join_quoted(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "\"" : ", \"") + w + "\"";
  return text;
}

std::string json_type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "a number";
    default: return "an unsupported value";
  }
}

namespace message {

Error not_an_object(const std::string& path, const json& value) {
  return {code::type, path, "expected an object, got " + json_type_name(value)};
}

Error too_long(const std::string& path, std::size_t length) {
  return {code::range, path, "this text is " + format_number(static_cast<double>(length)) +
                                 " characters long; at most " + format_number(static_cast<double>(rule::max_string_length)) +
                                 " are allowed"};
}

Error too_large(const std::string& what, std::size_t) {
  // Not its length: the command line stops reading at the limit (a file can be endless), and says the same.
  return {code::range, "", what + " is too long: at most " + format_number(static_cast<double>(rule::max_json_text_bytes)) +
                               " bytes are read"};
}

// Where JSON text stops parsing, as a person finds it (line and column, from 1) and its likely cause:
// "at line 3, column 1: a comma after the last item (JSON allows none)". `failed_at` counts the
// characters read, the one that failed included.
Error not_json(const std::string& what, std::string_view text, std::size_t failed_at) {
  const std::size_t at = std::min(failed_at > 0 ? failed_at - 1 : 0, text.size());
  std::size_t line = 1, column = 1, before = 0;
  for (std::size_t i = 0; i < at; ++i) {
    const char c = text[i];
    if (c == '\n') line++, column = 1;
    else if ((c & 0xC0) != 0x80) ++column;  // a character, not a UTF-8 continuation byte
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') before = i + 1;
  }
  const char c = at < text.size() ? text[at] : '\0', previous = before > 0 ? text[before - 1] : '\0';
  const char* cause = at >= text.size() ? "the text ends before every bracket, brace and quote is closed"
                      : c == '\0' ? "a NUL byte (JSON text has none)"
                      : previous == ',' && (c == '}' || c == ']') ? "a comma after the last item (JSON allows none)"
                      : c == '/' ? "a comment (JSON has none)"
                      : c == '\'' ? "single quotes (JSON strings take double quotes)"
                      : c == 'N' || c == 'I' ? "NaN or Infinity (JSON has neither: give a number, or a quantity as text)"
                      : previous == '{' || (previous == ',' && c != '"') ? "a key or a value without its double quotes"
                      : "check quotes, commas, brackets and numbers there";
  return {code::json, "", what + " is not valid JSON (at line " + std::to_string(line) + ", column " + std::to_string(column) + "): " + cause};
}


Error duplicate_key(const std::string& path) {
  // The key is the pointer's last part, unescaped (RFC 6901: "~1" is "/", "~0" is "~").
  std::string key;
  const std::string_view escaped = std::string_view(path).substr(path.rfind('/') + 1);
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] == '~' && i + 1 < escaped.size()) key += escaped[++i] == '1' ? '/' : '~';
    else key += escaped[i];
  }
  return {code::duplicate_key, path,
          describe(json(key)) + " is given twice in the same object: keep one of them and delete the other"};
}

Error unknown_field(const std::string& path, const std::string& key, const std::vector<std::string>& known) {
  // The message quotes a long key in part; the path keeps it whole.
  std::string text = "unknown field " + describe(json(key));
  if (auto suggestion = closest_match(key, known)) {
    text += "; did you mean \"" + *suggestion + "\"?";
  } else if (const FieldSpec* elsewhere = field_with_last_name(key); elsewhere && elsewhere->path.find('/', 1) != std::string::npos) {
    // A field of the scenario under another parent: launches_per_step → assumptions.launches_per_step.
    text += "; did you mean \"" + dotted_path(elsewhere->path) + "\"?";
  } else {
    text += "; the fields here are " + join_quoted(known);
  }
  return {code::unknown_field, pointer(path, key), text};
}

Error missing(const std::string& path, std::string_view key) {
  const std::string where = pointer(path, key);
  // One phrasing for every required field (regression, issue 17: two said the same thing differently).
  // Named as the page names it where the schema has the field ("Memory bandwidth"), else by its key.
  const FieldSpec* spec = find_field(where);
  return {code::missing, where, "“" + (spec ? spec->label : std::string(key)) + "” is required: give it a value"};
}

Error not_a_quantity(const std::string& path, QuantityRule rule, const json& value) {
  const Dimension d = rule.dimension;
  return {code::type, path,
          "expected " + std::string(dimension_name(d)) + " as a string like " + std::string(dimension_example(d)) +
              " or a number (" + dimension_bare_number(d) + "), got " + json_type_name(value)};
}

Error quantity_out_of_range(const std::string& path, QuantityRule rule, const json& value, double si) {
  const Bounds& b = rule.bounds;
  std::string unit;  // built in steps: GCC 12 warns (wrongly) about " " + std::string
  if (!si_unit(rule.dimension).empty()) {
    unit = " ";
    unit += si_unit(rule.dimension);
  }
  const std::string what = describe(value) + " is out of range: " + std::string(dimension_name(rule.dimension));
  if (!(b.min_inclusive ? si >= b.min : si > b.min))
    return {code::range, path, what + " must be " + (b.min_inclusive ? "at least " : "greater than ") + format_number(b.min) + unit};
  return {code::range, path, what + " must be at most " + format_number(b.max) + unit};
}

namespace {

std::string range_text(IntegerRule rule) {
  return "a whole number from " + format_number(static_cast<double>(rule.min)) + " to " +
         format_number(static_cast<double>(rule.max));
}

}  // namespace

Error not_an_integer(const std::string& path, IntegerRule rule, const json& value) {
  if (!value.is_string()) return {code::type, path, "expected " + range_text(rule) + ", got " + json_type_name(value)};
  const std::string text = value.get<std::string>();
  const bool separators = text.find_first_of(",_ '") != std::string::npos &&
                          text.find_first_not_of("0123456789,_ '") == std::string::npos;
  return {code::type, path,
          describe(value) + (separators ? " has separators: write the digits only, e.g. 60000; use " : " is not a number: use ") +
              range_text(rule)};
}

Error integer_not_allowed(const std::string& path, IntegerRule rule, const json& value, double number) {
  if (number != std::floor(number)) return {code::type, path, describe(value) + " is not a whole number: use " + range_text(rule)};
  return {code::range, path, describe(value) + " is out of range: use " + range_text(rule)};
}

Error not_a_string(const std::string& path, const json& value) {
  return {code::type, path, "expected a string, got " + json_type_name(value)};
}

Error not_a_choice(const std::string& path, const std::string& text, const std::vector<std::string>& choices) {
  std::string message = "\"" + text + "\" is not allowed here";
  if (auto suggestion = closest_match(text, choices)) message += "; did you mean \"" + *suggestion + "\"?";
  else message += ".";
  return {code::value, path, message + " Use one of " + join_quoted(choices)};
}

Error not_a_boolean(const std::string& path, const json& value) {
  return {code::type, path, "expected true or false, got " + json_type_name(value)};
}

}  // namespace message

void read_device_fields(const json& object, const std::string& path, bool require_all, Device& device,
                        Errors& errors) {
  if (const json* v = field(object, "name", path, errors, require_all))
    if (auto name = read_string(*v, pointer(path, "name"), errors)) device.name = *name;
  if (const json* v = field(object, "peak_flops", path, errors, require_all)) {
    const std::string peaks_path = pointer(path, "peak_flops");
    if (check_object(*v, peaks_path, precision_names(), errors)) {
      if (require_all && v->empty())
        errors.push_back({code::missing, peaks_path, "give a peak for at least one precision, e.g. {\"fp32\": \"67 TFLOP/s\"}"});
      for (const auto& [precision, rate] : v->items()) {
        if (!bytes_per_element(precision)) continue;  // reported by check_object
        if (auto peak = read_quantity(rate, pointer(peaks_path, precision), rule::peak_flops, errors))
          device.peak_flops[precision] = *peak;
      }
    }
  }
  // The device's numbers, one row each in the field table; an optional one may be null: not given.
  for (const FieldSpec* f : device_number_fields()) {
    const std::string key = f->path.substr(std::string_view("/host/").size());
    const json* v = field(object, key, path, errors, require_all && f->required);
    if (!v || (!f->required && v->is_null())) continue;
    if (auto x = read_quantity(*v, pointer(path, key), f->quantity, errors)) f->number.device_set(device, "", *x);
  }
  if (const json* v = field(object, "source", path, errors, false); v && !v->is_null())
    if (auto source = read_string(*v, pointer(path, "source"), errors)) device.source = *source;
}

void read_dataset_fields(const json& object, const std::string& path, bool require_all, Dataset& dataset,
                         Errors& errors) {
  if (const json* v = field(object, "name", path, errors, require_all))
    if (auto name = read_string(*v, pointer(path, "name"), errors)) dataset.name = *name;
  if (const json* v = field(object, "training_examples", path, errors, require_all))
    if (auto n = read_integer(*v, pointer(path, "training_examples"), rule::training_examples, errors))
      dataset.training_examples = *n;
}

}  // namespace epochcalc
