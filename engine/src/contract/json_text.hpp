// A small streaming JSON writer for the hot replies (result, evaluation): building an nlohmann
// document first costs ten times more than the model. Numbers are written by the same shortest
// round-trip conversion nlohmann's dump() uses, strings through its escaping (invalid UTF-8 replaced),
// so the text is the one dump() would give. Private to the engine.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace epochcalc::detail {

class JsonText {
 public:
  JsonText() { buffer_.resize(4096); }

  JsonText& begin_object() { return open('{'); }
  JsonText& end_object() { return close('}'); }
  JsonText& begin_array() { return open('['); }
  JsonText& end_array() { return close(']'); }
  JsonText& key(std::string_view name) {
    separate();
    char* out = room(name.size() + 3);
    *out++ = '"';
    out = copy(out, name);  // keys are the contract's own ASCII names
    *out++ = '"';
    *out++ = ':';
    size_ = static_cast<std::size_t>(out - buffer_.data());
    after_key_ = true;
    return *this;
  }
  JsonText& number(double value) {
    separate();
    char* out = room(64);
    size_ = static_cast<std::size_t>(nlohmann::detail::to_chars(out, out + 64, value) - buffer_.data());
    return *this;
  }
  JsonText& integer(std::int64_t value) {
    separate();
    char digits[24];
    std::size_t n = 0;
    std::uint64_t magnitude = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    do {
      digits[n++] = static_cast<char>('0' + magnitude % 10);
      magnitude /= 10;
    } while (magnitude > 0);
    char* out = room(n + 1);
    if (value < 0) *out++ = '-';
    while (n > 0) *out++ = digits[--n];
    size_ = static_cast<std::size_t>(out - buffer_.data());
    return *this;
  }
  JsonText& boolean(bool value) { return raw(value ? "true" : "false"); }
  JsonText& null() { return raw("null"); }
  JsonText& string(std::string_view value) {
    if (!needs_no_escaping(value))
      return raw(nlohmann::ordered_json(value).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
    separate();
    char* out = room(value.size() + 2);
    *out++ = '"';
    out = copy(out, value);
    *out++ = '"';
    size_ = static_cast<std::size_t>(out - buffer_.data());
    return *this;
  }
  // A value already written as JSON text.
  JsonText& raw(std::string_view json_text) {
    separate();
    size_ = static_cast<std::size_t>(copy(room(json_text.size()), json_text) - buffer_.data());
    return *this;
  }
  std::string take() {
    buffer_.resize(size_);
    return std::move(buffer_);
  }

  // Valid UTF-8 without control characters, quotes or backslashes goes into JSON as it is.
  static bool needs_no_escaping(std::string_view value) {
    for (std::size_t i = 0; i < value.size();) {
      const auto c = static_cast<unsigned char>(value[i]);
      if (c < 0x20 || c == '"' || c == '\\' || c == 0x7f) return false;
      std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
      // Well-formed UTF-8 only (RFC 3629): no overlong forms, surrogates or code points past U+10FFFF;
      // anything else goes through the escaping path, which replaces it.
      if (length == 0 || i + length > value.size() || (length == 2 && c < 0xc2) || c > 0xf4) return false;
      for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(value[i + k]) & 0xc0) != 0x80) return false;
      const auto second = length > 1 ? static_cast<unsigned char>(value[i + 1]) : 0;
      if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second > 0x9f) || (c == 0xf0 && second < 0x90) ||
          (c == 0xf4 && second > 0x8f))
        return false;
      i += length;
    }
    return true;
  }

 private:
  // The text grows in a buffer written through a cursor: one capacity check per piece, not per byte.
  std::string buffer_;
  std::size_t size_ = 0;
  std::array<bool, 16> has_items_{};  // per open container: whether a value was written in it
  std::size_t depth_ = 0;              // the contract nests 5 deep; 16 is ample
  bool after_key_ = false;

  char* room(std::size_t n) {
    if (size_ + n > buffer_.size()) buffer_.resize(std::max(buffer_.size() * 2, size_ + n));
    return buffer_.data() + size_;
  }
  static char* copy(char* out, std::string_view text) {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
  }
  void put(char c) { *room(1) = c, ++size_; }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0) {
      if (has_items_[depth_ - 1]) put(',');
      has_items_[depth_ - 1] = true;
    }
  }
  JsonText& open(char c) {
    separate();
    put(c);
    if (depth_ < has_items_.size()) has_items_[depth_] = false;
    ++depth_;
    return *this;
  }
  JsonText& close(char c) {
    put(c);
    if (depth_ > 0) --depth_;
    return *this;
  }
};

}  // namespace epochcalc::detail
