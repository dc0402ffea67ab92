// A small streaming JSON writer for the hot replies (result, evaluation): building an nlohmann
// document first costs ten times more than the model. Numbers are written by the same shortest
// round-trip conversion nlohmann's dump() uses, strings through its escaping (invalid UTF-8 replaced),
// so the text is the one dump() would give. Private to the engine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace epochcalc::detail {

class JsonText {
 public:
  JsonText& begin_object() { return open('{'); }
  JsonText& end_object() { return close('}'); }
  JsonText& begin_array() { return open('['); }
  JsonText& end_array() { return close(']'); }
  JsonText& key(std::string_view name) {
    separate();
    text_ += '"';
    text_ += name;  // keys are the contract's own ASCII names
    text_ += "\":";
    after_key_ = true;
    return *this;
  }
  JsonText& number(double value) {
    separate();
    char buffer[64];
    char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, value);
    text_.append(buffer, end);
    return *this;
  }
  JsonText& integer(std::int64_t value) {
    separate();
    text_ += std::to_string(value);
    return *this;
  }
  JsonText& boolean(bool value) {
    separate();
    text_ += value ? "true" : "false";
    return *this;
  }
  JsonText& null() {
    separate();
    text_ += "null";
    return *this;
  }
  JsonText& string(std::string_view value) {
    separate();
    if (needs_no_escaping(value)) {
      text_ += '"';
      text_ += value;
      text_ += '"';
    } else {
      text_ += nlohmann::ordered_json(value).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    }
    return *this;
  }
  // A value already written as JSON text.
  JsonText& raw(std::string_view json_text) {
    separate();
    text_ += json_text;
    return *this;
  }
  std::string take() { return std::move(text_); }

  // Valid UTF-8 without control characters, quotes or backslashes goes into JSON as it is.
  static bool needs_no_escaping(std::string_view value) {
    for (std::size_t i = 0; i < value.size();) {
      const auto c = static_cast<unsigned char>(value[i]);
      if (c < 0x20 || c == '"' || c == '\\' || c == 0x7f) return false;
      std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
      if (length == 0 || i + length > value.size() || (length == 2 && c < 0xc2)) return false;
      for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(value[i + k]) & 0xc0) != 0x80) return false;
      i += length;
    }
    return true;
  }

 private:
  std::string text_;
  std::vector<bool> has_items_;  // per open container: whether a value was written in it
  bool after_key_ = false;

  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!has_items_.empty()) {
      if (has_items_.back()) text_ += ',';
      has_items_.back() = true;
    }
  }
  JsonText& open(char c) {
    separate();
    text_ += c;
    has_items_.push_back(false);
    return *this;
  }
  JsonText& close(char c) {
    text_ += c;
    has_items_.pop_back();
    return *this;
  }
};

}  // namespace epochcalc::detail
