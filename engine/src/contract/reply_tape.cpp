#include "contract/reply_tape.hpp"

#include <array>
#include <cmath>
#include <cstring>

#include "model/for_size.hpp"
#include "scenario/json_read.hpp"

namespace epochcalc::detail {

namespace {

constexpr std::size_t slots = 512;  // a power of two, over twice the words

std::uint32_t hash(std::string_view s) {
  std::uint32_t h = 2166136261u;  // FNV-1a
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

// Open addressing: slot -> word index + 1 (0 = empty).
const std::array<std::uint16_t, slots>& word_slots() {
  static const std::array<std::uint16_t, slots> table = [] {
    std::array<std::uint16_t, slots> t{};
    for (std::size_t i = 0; i < std::size(reply_words); ++i) {
      std::size_t s = hash(reply_words[i]) & (slots - 1);
      while (t[s] != 0) s = (s + 1) & (slots - 1);
      t[s] = static_cast<std::uint16_t>(i + 1);
    }
    return t;
  }();
  return table;
}

int word_index(std::string_view s) {
  const auto& table = word_slots();
  for (std::size_t slot = hash(s) & (slots - 1);; slot = (slot + 1) & (slots - 1)) {
    const std::uint16_t entry = table[slot];
    if (entry == 0) return -1;
    if (reply_words[entry - 1] == s) return entry - 1;
  }
}

// The length in UTF-16 units of well-formed UTF-8 (as nlohmann's parser and dump() define it: no
// overlong forms, no surrogates, nothing above U+10FFFF); -1 if it is not well formed.
long utf16_length(std::string_view s) {
  long units = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    // Eight ASCII bytes at a time: most of the text is.
    if (end - p >= 8) {
      std::uint64_t eight;
      std::memcpy(&eight, p, 8);
      if ((eight & 0x8080808080808080ull) == 0) {
        p += 8, units += 8;
        continue;
      }
    }
    const unsigned c = *p;
    if (c < 0x80) {
      ++p, ++units;
      continue;
    }
    int n;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) n = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) n = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return -1;
    if (end - p <= n || p[1] < lo || p[1] > hi) return -1;
    for (int k = 2; k <= n; ++k)
      if ((p[k] & 0xc0) != 0x80) return -1;
    p += n + 1;
    units += n == 3 ? 2 : 1;
  }
  return units;
}

}  // namespace


EPOCHCALC_FOR_SIZE std::string reply_words_json() {
  std::string out = "[";
  for (std::string_view w : reply_words) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += w;  // the list's own words need no escaping
    out += '"';
  }
  return out + "]";
}

// Invalid UTF-8 replaced exactly as the text form replaces it (dump() with U+FFFD).
EPOCHCALC_FOR_SIZE [[gnu::noinline]] std::string well_formed(std::string_view value) {
  const std::string dumped = nlohmann::ordered_json(value).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  return parse_own_text(dumped).get<std::string>();
}

Tape& Tape::word_or_text(std::string_view value, TapeOp word, TapeOp text) {
  if (value.size() <= longest_word)
    if (const int index = word_index(value); index >= 0) return op(word, static_cast<std::uint32_t>(index));
  long units = utf16_length(value);
  if (units < 0) {
    const std::string fixed = well_formed(value);
    units = utf16_length(fixed);
    text_ += fixed;
    ascii_ = false;
  } else {
    text_ += value;
    if (static_cast<std::size_t>(units) != value.size()) ascii_ = false;
  }
  return op(text, static_cast<std::uint32_t>(units));
}

Tape& Tape::op(TapeOp code, std::uint32_t argument) {
  tokens_.push_back(static_cast<std::uint32_t>(code) | argument << 4);
  return *this;
}

Tape& Tape::op_number(double value) {
  numbers_.push_back(value);
  tokens_.push_back(static_cast<std::uint32_t>(TapeOp::number));
  return *this;
}

EPOCHCALC_FOR_SIZE Tape& Tape::document(const nlohmann::ordered_json& value) {
  using json = nlohmann::ordered_json;
  switch (value.type()) {
    case json::value_t::object:
      begin_object();
      for (const auto& [k, v] : value.items()) {
        key(k);
        document(v);
      }
      return end_object();
    case json::value_t::array:
      begin_array();
      for (const json& v : value) document(v);
      return end_array();
    case json::value_t::string:
      return string(value.get_ref<const std::string&>());
    case json::value_t::boolean:
      return boolean(value.get<bool>());
    case json::value_t::number_integer:
      return number(static_cast<double>(value.get<std::int64_t>()));
    case json::value_t::number_unsigned:
      return number(static_cast<double>(value.get<std::uint64_t>()));
    case json::value_t::number_float: {
      const double x = value.get<double>();
      return std::isfinite(x) ? number(x) : null();  // as dump() writes it
    }
    default:
      return null();
  }
}

std::string Tape::take() const {
  const std::uint32_t header[4] = {static_cast<std::uint32_t>(numbers_.size()), static_cast<std::uint32_t>(tokens_.size()),
                                   static_cast<std::uint32_t>(text_.size()), ascii_ ? 1u : 0u};
  std::string out;
  const std::size_t size = sizeof header + numbers_.size() * sizeof(double) + tokens_.size() * sizeof(std::uint32_t) + text_.size();
  out.resize((size + 7) / 8 * 8);
  char* p = out.data();
  std::memcpy(p, header, sizeof header);
  p += sizeof header;
  if (!numbers_.empty()) std::memcpy(p, numbers_.data(), numbers_.size() * sizeof(double));
  p += numbers_.size() * sizeof(double);
  if (!tokens_.empty()) std::memcpy(p, tokens_.data(), tokens_.size() * sizeof(std::uint32_t));
  p += tokens_.size() * sizeof(std::uint32_t);
  if (!text_.empty()) std::memcpy(p, text_.data(), text_.size());
  std::memset(p + text_.size(), 0, out.size() - size);
  return out;
}

EPOCHCALC_FOR_SIZE void write_errors(Tape& out, const Errors& errors) {
  out.begin_array();
  for (const Error& e : errors) out.begin_object().key("code").string(e.code).key("path").string(e.path).key("message").string(e.message).end_object();
  out.end_array();
}

EPOCHCALC_FOR_SIZE std::string error_reply(const Errors& errors) {
  Tape out;
  out.begin_object().key("schema").string("epochcalc/error@1").key("errors");
  write_errors(out, errors);
  out.end_object();
  return out.take();
}

}  // namespace epochcalc::detail
