#include "check.hpp"

#include <algorithm>
#include <cmath>
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
  for (const char* known : {code::json, code::type, code::missing, code::range, code::unit, code::unknown_field,
                            code::unknown_id, code::precision, code::value, code::args, code::too_few, code::internal})
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

bool is_error(const json& document) { return document.at("schema") == error_schema; }

}  // namespace epochcalc::fuzz
