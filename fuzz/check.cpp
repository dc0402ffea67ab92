#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <cstdlib>

namespace epochcalc::fuzz {

void fail(std::string_view what, std::string_view reply) {
  std::fprintf(stderr, "\n==epochcalc-fuzz== INVARIANT BROKEN: %.*s\n", static_cast<int>(what.size()), what.data());
  if (!reply.empty()) {
    const std::size_t shown = std::min<std::size_t>(reply.size(), 2000);
    std::fprintf(stderr, "==epochcalc-fuzz== reply (%zu bytes): %.*s%s\n", reply.size(), static_cast<int>(shown), reply.data(),
                 shown < reply.size() ? "..." : "");
  }
  std::abort();
}

std::string text_of(const json& document) { return document.dump(-1, ' ', false, json::error_handler_t::replace); }

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size() || (n == 2 && c < 0xc2)) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    i += n;
  }
  return true;
}

namespace {

// Outside strings the only words JSON has are true, false and null (and a number's exponent "e"):
// "NaN", "Infinity", "inf" and the like are caught here with a clearer message than the parser's.
void expect_no_bare_words(std::string_view text) {
  const auto letter = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); };
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (!letter(c)) continue;
    std::size_t end = i;
    while (end < text.size() && letter(text[end])) ++end;
    const std::string_view word = text.substr(i, end - i);
    if (word != "true" && word != "false" && word != "null" && word != "e" && word != "E")
      fail("bare word \"" + std::string(word) + "\" outside a string (NaN or Infinity written as a number?)", text);
    i = end - 1;
  }
}

// Every number finite: "1e999" parses to infinity, so an overflowed number is caught here too.
void expect_finite(const json& value, std::string_view reply) {
  if (value.is_number_float()) expect(std::isfinite(value.get<double>()), "a number in the reply is not finite", reply);
  else if (value.is_structured())
    for (const auto& item : value) expect_finite(item, reply);
}

bool known_code(std::string_view c) {
  for (const char* known : code::all)
    if (c == known) return true;
  return false;
}

// "" or an RFC 6901 pointer: starts with "/", and every "~" is "~0" or "~1".
bool valid_pointer(std::string_view path) {
  if (path.empty()) return true;
  if (path.front() != '/') return false;
  for (std::size_t i = 0; i < path.size(); ++i)
    if (path[i] == '~' && (i + 1 == path.size() || (path[i + 1] != '0' && path[i + 1] != '1'))) return false;
  return true;
}

// An epochcalc/error@1 document: {"schema", "errors": [{"code", "path", "message"}, ...]}, at least one.
void expect_error_document(const json& document, std::string_view reply) {
  const auto errors = document.find("errors");
  expect(errors != document.end() && errors->is_array() && !errors->empty(), "error document without errors", reply);
  for (const json& e : *errors) {
    expect(e.is_object(), "an error is not an object", reply);
    for (const char* key : {"code", "path", "message"})
      expect(e.contains(key) && e[key].is_string(), std::string("an error without a string \"") + key + "\"", reply);
    expect_error_value({e["code"].get<std::string>(), e["path"].get<std::string>(), e["message"].get<std::string>()}, reply);
  }
}

}  // namespace

void expect_error_value(const Error& e, std::string_view context) {
  const auto where = [&] { return " in " + std::string(context) + ": error " + e.code + " at \"" + e.path + "\": " + e.message; };
  if (!known_code(e.code)) fail("unknown error code" + where());
  if (e.code == code::internal) fail("E_INTERNAL (a bug, by errors.hpp's definition)" + where());
  if (!valid_pointer(e.path)) fail("error path is neither \"\" nor a JSON pointer" + where());
  if (e.message.empty()) fail("empty error message" + where());
}

void expect_errors(const Errors& errors, std::string_view context) {
  for (const Error& e : errors) expect_error_value(e, context);
}

json check_reply(std::string_view reply, std::initializer_list<std::string_view> schemas, std::string_view call) {
  const std::string context = std::string(call) + ": ";
  expect(!reply.empty(), context + "empty reply");
  expect_no_bare_words(reply);
  json document = json::parse(reply.begin(), reply.end(), nullptr, false);
  expect(!document.is_discarded(), context + "reply is not valid JSON", reply);
  expect(document.is_object(), context + "reply is not an object", reply);
  const auto schema = document.find("schema");
  expect(schema != document.end() && schema->is_string(), context + "reply without a string \"schema\"", reply);
  const std::string name = schema->get<std::string>();
  const bool known = name == error_schema || std::find(schemas.begin(), schemas.end(), name) != schemas.end();
  expect(known, context + "unexpected schema \"" + name + "\"", reply);
  expect_finite(document, reply);
  if (name == error_schema) expect_error_document(document, reply);
  return document;
}

json numbers_of(json result) {
  for (const char* device : {"host", "accelerator"})
    if (result.is_object() && result.contains(device) && result[device].is_object() && result[device].contains("overheads"))
      result[device]["overheads"].erase("sources");
  // A slip warning quotes the value as it was typed ("reads as 1 h"), which the normalized scenario
  // writes in SI units ("3600 s"): the same warnings at the same fields, in other words.
  if (result.is_object() && result.contains("warnings") && result["warnings"].is_array())
    for (json& w : result["warnings"])
      if (w.is_object() && w.value("code", "") == "W_UNLIKELY_VALUE") w.erase("message");
  return result;
}

bool is_error(const json& document) { return document.at("schema") == error_schema; }

namespace {

// One pass over a tape: the areas the header names, read in order.
class TapeReader {
 public:
  TapeReader(std::string_view bytes, std::string_view call) : bytes_(bytes), context_(std::string(call) + ": ") {
    expect(bytes.size() >= 16 && bytes.size() % 8 == 0, context_ + "tape shorter than its header or not padded to 8 bytes");
    std::uint32_t header[4];
    std::memcpy(header, bytes.data(), sizeof header);
    const std::size_t size = 16 + std::size_t{header[0]} * 8 + std::size_t{header[1]} * 4 + header[2];
    expect((size + 7) / 8 * 8 == bytes.size(), context_ + "tape header sizes disagree with its length");
    expect(header[3] <= 1, context_ + "tape ASCII flag is neither 0 nor 1");
    numbers_ = bytes.substr(16, std::size_t{header[0]} * 8);
    tokens_ = bytes.substr(16 + numbers_.size(), std::size_t{header[1]} * 4);
    text_ = bytes.substr(16 + numbers_.size() + tokens_.size(), header[2]);
    expect(header[3] == 0 || std::all_of(text_.begin(), text_.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }),
           context_ + "tape says ASCII but its text is not");
    static const json words = json::parse(reply_words_json());
    words_ = &words;
  }

  json document() {
    json value = read(next_token(), 0);
    expect(token_ * 4 == tokens_.size(), context_ + "tokens left after the document");
    expect(number_ * 8 == numbers_.size(), context_ + "numbers left after the document");
    expect(text_at_ == text_.size(), context_ + "text left after the document");
    return value;
  }

 private:
  std::string_view bytes_, numbers_, tokens_, text_;
  std::string context_;
  const json* words_ = nullptr;
  std::size_t token_ = 0, number_ = 0, text_at_ = 0;

  std::uint32_t next_token() {
    expect(token_ * 4 < tokens_.size(), context_ + "tape ends inside the document");
    std::uint32_t t;
    std::memcpy(&t, tokens_.data() + 4 * token_++, 4);
    return t;
  }
  double next_number() {
    expect(number_ * 8 < numbers_.size(), context_ + "tape runs out of numbers");
    double x;
    std::memcpy(&x, numbers_.data() + 8 * number_++, 8);
    expect(std::isfinite(x), context_ + "NaN or infinity on the tape");
    return x;
  }
  std::string word(std::uint32_t index) {
    expect(index < words_->size(), context_ + "tape word out of the list");
    return (*words_)[index].get<std::string>();
  }
  // Text whose length the tape gives in UTF-16 units, as JavaScript counts it.
  std::string text(std::uint32_t units) {
    const std::size_t start = text_at_;
    while (units > 0) {
      expect(text_at_ < text_.size(), context_ + "tape text runs past its area");
      const auto lead = static_cast<unsigned char>(text_[text_at_]);
      const std::size_t bytes = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      const std::uint32_t used = bytes == 4 ? 2 : 1;
      expect(units >= used, context_ + "tape text length splits a character");
      units -= used;
      text_at_ += bytes;
    }
    expect(text_at_ <= text_.size(), context_ + "tape text runs past its area");
    return std::string(text_.substr(start, text_at_ - start));
  }

  json read(std::uint32_t token, int depth) {
    expect(depth <= 200, context_ + "tape nests too deep");
    const std::uint32_t argument = token >> 4;
    switch (token & 15) {
      case 0: {
        json object = json::object();
        for (std::uint32_t k = next_token(); (k & 15) != 2; k = next_token()) {
          expect((k & 15) == 3 || (k & 15) == 4, context_ + "tape object key is not a key token");
          const std::string key = (k & 15) == 3 ? word(k >> 4) : text(k >> 4);
          expect(!object.contains(key), context_ + "tape object has a key twice: " + key);
          object[key] = read(next_token(), depth + 1);
        }
        return object;
      }
      case 1: {
        json array = json::array();
        for (std::uint32_t k = next_token(); (k & 15) != 2; k = next_token()) array.push_back(read(k, depth + 1));
        return array;
      }
      case 5: return next_number();
      case 6: return nullptr;
      case 7: return true;
      case 8: return false;
      case 9: return word(argument);
      case 10: return text(argument);
      case 11: {
        json array = json::array();
        for (std::uint32_t i = 0; i < argument; ++i) array.push_back(next_number());
        return array;
      }
      default: fail(context_ + "unknown tape token " + std::to_string(token & 15));
    }
  }
};

}  // namespace

json check_tape(std::string_view reply, std::initializer_list<std::string_view> schemas, std::string_view call) {
  const json document = TapeReader(reply, call).document();
  return check_reply(text_of(document), schemas, call);
}

}  // namespace epochcalc::fuzz
