#include "json_read.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace epochcalc {

std::string pointer(const std::string& parent, std::string_view key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return parent + "/" + escaped;
}

std::string pointer(const std::string& parent, std::size_t index) { return parent + "/" + std::to_string(index); }

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
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

// A short quote of a value for a message, cut on a UTF-8 character boundary.
std::string describe(const json& value) {
  const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() <= 40) return text;
  std::size_t cut = 37;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}

// A bound for a message: whole numbers with thousands separators ("10,000,000,000"), others as JSON
// writes them ("1e+18").
std::string format_number(double value) {
  if (value != std::floor(value) || std::fabs(value) >= 1e15) return json(value).dump();
  const std::string digits = std::to_string(static_cast<std::int64_t>(std::fabs(value)));
  std::string text = value < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
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

bool check_object(const json& value, const std::string& path, const std::vector<std::string>& known,
                  Errors& errors) {
  if (!value.is_object()) {
    errors.push_back({code::type, path, "expected an object, got " + json_type_name(value)});
    return false;
  }
  for (const auto& [key, _] : value.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string message = "unknown field \"" + key + "\"";
    if (auto suggestion = closest_match(key, known)) message += "; did you mean \"" + *suggestion + "\"?";
    else message += "; the fields here are " + join_quoted(known);
    errors.push_back({code::unknown_field, pointer(path, key), message});
  }
  return true;
}

const json* field(const json& object, std::string_view key, const std::string& path, Errors& errors,
                  bool required) {
  const auto it = object.find(key);
  if (it != object.end()) return &*it;
  if (required) errors.push_back({code::missing, pointer(path, key), "required field \"" + std::string(key) + "\" is missing"});
  return nullptr;
}

std::optional<double> read_quantity(const json& value, const std::string& path, QuantityRule rule, Errors& errors) {
  const Dimension dimension = rule.dimension;
  const Bounds bounds = rule.bounds;
  double si = 0;
  if (value.is_number()) {
    si = value.get<double>();
  } else if (value.is_string()) {
    auto parsed = parse_quantity(value.get<std::string>(), dimension);
    if (auto* error = std::get_if<Error>(&parsed)) {
      errors.push_back({error->code, path, error->message});
      return std::nullopt;
    }
    si = std::get<double>(parsed);
  } else {
    errors.push_back({code::type, path,
                      "expected " + std::string(dimension_name(dimension)) + " as a string like " +
                          std::string(dimension_example(dimension)) + " or a number in " +
                          std::string(si_unit(dimension)) + ", got " + json_type_name(value)});
    return std::nullopt;
  }
  std::string unit = " ";
  unit += si_unit(dimension);
  const bool above_min = bounds.min_inclusive ? si >= bounds.min : si > bounds.min;
  if (!above_min) {
    errors.push_back({code::range, path,
                      describe(value) + " is out of range: " + std::string(dimension_name(dimension)) + " must be " +
                          (bounds.min_inclusive ? "at least " : "greater than ") + format_number(bounds.min) + unit});
    return std::nullopt;
  }
  if (!(si <= bounds.max)) {
    errors.push_back({code::range, path,
                      describe(value) + " is out of range: " + std::string(dimension_name(dimension)) +
                          " must be at most " + format_number(bounds.max) + unit});
    return std::nullopt;
  }
  return si;
}

std::optional<std::int64_t> read_integer(const json& value, const std::string& path, IntegerRule rule,
                                         Errors& errors) {
  // Only an error pays for the message.
  const auto range_text_of = [&] {
    return "a whole number from " + format_number(static_cast<double>(rule.min)) + " to " +
           format_number(static_cast<double>(rule.max));
  };
  double number = 0;
  if (value.is_number()) {
    number = value.get<double>();
  } else if (value.is_string()) {
    const std::string text = value.get<std::string>();
    const auto parsed = parse_plain_number(text);
    if (!parsed) {
      const bool separators = text.find_first_of(",_ '") != std::string::npos &&
                              text.find_first_not_of("0123456789,_ '") == std::string::npos;
      errors.push_back({code::type, path,
                        describe(value) + (separators ? " has separators: write the digits only, e.g. 60000; use "
                                                      : " is not a number: use ") + range_text_of()});
      return std::nullopt;
    }
    number = *parsed;
  } else {
    errors.push_back({code::type, path, "expected " + range_text_of() + ", got " + json_type_name(value)});
    return std::nullopt;
  }
  if (number != std::floor(number)) {
    errors.push_back({code::type, path, describe(value) + " is not a whole number: use " + range_text_of()});
    return std::nullopt;
  }
  if (number < static_cast<double>(rule.min) || number > static_cast<double>(rule.max)) {
    errors.push_back({code::range, path, describe(value) + " is out of range: use " + range_text_of()});
    return std::nullopt;
  }
  return static_cast<std::int64_t>(number);
}

std::optional<std::string> read_string(const json& value, const std::string& path, Errors& errors) {
  if (value.is_string()) return value.get<std::string>();
  errors.push_back({code::type, path, "expected a string, got " + json_type_name(value)});
  return std::nullopt;
}

std::optional<std::string> read_choice(const json& value, const std::string& path,
                                       const std::vector<std::string>& choices, Errors& errors) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  if (std::find(choices.begin(), choices.end(), *text) != choices.end()) return text;
  std::string message = "\"" + *text + "\" is not allowed here";
  if (auto suggestion = closest_match(*text, choices)) message += "; did you mean \"" + *suggestion + "\"?";
  else message += ".";
  message += " Use one of " + join_quoted(choices);
  errors.push_back({code::value, path, message});
  return std::nullopt;
}

std::optional<bool> read_bool(const json& value, const std::string& path, Errors& errors) {
  if (value.is_boolean()) return value.get<bool>();
  errors.push_back({code::type, path, "expected true or false, got " + json_type_name(value)});
  return std::nullopt;
}

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
  if (const json* v = field(object, "memory_bandwidth", path, errors, require_all))
    if (auto bw = read_quantity(*v, pointer(path, "memory_bandwidth"), rule::memory_bandwidth, errors))
      device.memory_bandwidth = *bw;
  // Optional descriptive fields: null means unknown.
  if (const json* v = field(object, "memory_capacity", path, errors, false); v && !v->is_null())
    if (auto capacity = read_quantity(*v, pointer(path, "memory_capacity"), rule::memory_capacity, errors))
      device.memory_capacity = *capacity;
  if (const json* v = field(object, "tdp", path, errors, false); v && !v->is_null())
    if (auto tdp = read_quantity(*v, pointer(path, "tdp"), rule::tdp, errors)) device.tdp = *tdp;
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
