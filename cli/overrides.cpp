#include "overrides.hpp"

#include <vector>

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  if (!path.empty() && path[0] == '/') {
    // RFC 6901: "~1" is "/" and "~0" is "~".
    std::string token;
    for (std::size_t i = 1; i <= path.size(); ++i) {
      if (i == path.size() || path[i] == '/') {
        std::string unescaped;
        for (std::size_t j = 0; j < token.size(); ++j) {
          if (token[j] == '~' && j + 1 < token.size() && (token[j + 1] == '0' || token[j + 1] == '1')) {
            unescaped += token[j + 1] == '0' ? '~' : '/';
            ++j;
          } else {
            unescaped += token[j];
          }
        }
        parts.push_back(unescaped);
        token.clear();
      } else {
        token += path[i];
      }
    }
    return parts;
  }
  std::string token;
  for (char c : path) {
    if (c == '.') {
      parts.push_back(token);
      token.clear();
    } else {
      token += c;
    }
  }
  parts.push_back(token);
  return parts;
}

bool is_index(const std::string& token) {
  return !token.empty() && token.size() < 10 && token.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

bool apply_setting(json& document, const std::string& setting, Errors& errors) {
  const std::size_t eq = setting.find('=');
  if (eq == std::string::npos || eq == 0) {
    errors.push_back({code::args, "", "--set takes PATH=VALUE, e.g. network.batch_size=64; got \"" + setting + "\""});
    return false;
  }
  const std::string path = setting.substr(0, eq);
  const std::string text = setting.substr(eq + 1);
  json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) value = text;

  const std::vector<std::string> parts = split_path(path);
  json* node = &document;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string& key = parts[i];
    if (key.empty()) {
      errors.push_back({code::args, "", "--set path \"" + path + "\" has an empty part"});
      return false;
    }
    const bool last = i + 1 == parts.size();
    if (node->is_array()) {
      if (!is_index(key) || std::stoul(key) > node->size()) {
        errors.push_back({code::args, "", "--set path \"" + path + "\": \"" + key + "\" is not an index of that array (0 to " +
                                              std::to_string(node->size()) + ")"});
        return false;
      }
      const std::size_t index = std::stoul(key);
      if (index == node->size()) node->push_back(nullptr);
      node = &(*node)[index];
    } else {
      // A registry id being edited in place becomes {"base": id}.
      if (node->is_string()) *node = json{{"base", *node}};
      if (!node->is_object()) *node = json::object();
      node = &(*node)[key];
    }
    if (last) *node = value;
  }
  return true;
}

}  // namespace epochcalc::cli
