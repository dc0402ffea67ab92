#include "epochcalc/scenario/edit.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"
#include "epochcalc/scenario/schema.hpp"
#include "epochcalc/scenario/units.hpp"
#include "model/for_size.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"

namespace epochcalc {

namespace {

// "/a/b~1c" (RFC 6901: "~1" is "/" and "~0" is "~") or "a.b".
std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  if (!path.empty() && path[0] == '/') {
    std::string token;
    for (std::size_t i = 1; i <= path.size(); ++i) {
      if (i == path.size() || path[i] == '/') {
        parts.push_back(token);
        token.clear();
      } else if (path[i] == '~' && i + 1 < path.size() && (path[i + 1] == '0' || path[i + 1] == '1')) {
        token += path[++i] == '0' ? '~' : '/';
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

// The index a path's part names: up to 9 digits. Not std::stoul: its error path brings printf into the
// first visit's module (about 1 KB gzip), for an error the digits already rule out.
std::optional<std::size_t> index_of(const std::string& token) {
  if (token.empty() || token.size() >= 10) return std::nullopt;
  std::size_t index = 0;
  for (const char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    index = index * 10 + static_cast<std::size_t>(c - '0');
  }
  return index;
}

// The typed text as the JSON value the field takes (see edit.hpp). `unset` is what removes it.
// A typed whole number that fits 64 bits (a cast of anything larger would be undefined), or nullopt.
std::optional<std::int64_t> whole_number(const std::string& text) {
  const auto number = parse_plain_number(text);
  if (!number || !(std::fabs(*number) < 9.0e18) || *number != std::floor(*number)) return std::nullopt;
  return static_cast<std::int64_t>(*number);
}

}  // namespace

std::string edit_pointer(std::string_view path) {
  std::string out;
  for (const std::string& part : split_path(path)) out = pointer(out, part);
  return out;
}

json typed_number(const FieldSpec& spec, std::string_view text) {
  const std::string trimmed{detail::trim(text)};
  // Beyond 64 bits the text goes on as typed, and the reader refuses it by its range.
  if (spec.kind == FieldKind::integer)
    if (const auto number = whole_number(trimmed)) return *number;
  return trimmed;
}

namespace {

// JSON typed with a key twice in one object is refused at `where` plus that key's pointer.
json typed_value(const FieldSpec* spec, std::string_view text, const std::string& where, Errors& errors) {
  const std::string trimmed{detail::trim(text)};
  const auto as_json = [&]() -> json {
    ParsedText parsed = parse_text(trimmed);
    if (parsed.duplicate_key) errors.push_back(message::duplicate_key(where + *parsed.duplicate_key));
    return parsed.document ? std::move(*parsed.document) : json(std::string(text));
  };
  if (!spec) return as_json();
  switch (spec->kind) {
    case FieldKind::text:
    case FieldKind::choice:
    case FieldKind::preset:
    case FieldKind::profile: return std::string(text);
    case FieldKind::quantity:
    case FieldKind::integer: return typed_number(*spec, text);
    case FieldKind::boolean:
      if (trimmed == "true") return true;
      if (trimmed == "false") return false;
      return trimmed;
    case FieldKind::device:
    case FieldKind::dataset:
      // An id, or an object given as JSON.
      return !trimmed.empty() && trimmed.front() == '{' ? as_json() : json(trimmed);
    case FieldKind::widths: {
      // "784, 128, 10", "784 128 10" or "784-128-10" (as the reports print them) as well as the JSON
      // array. A dash separates only between digits: "784,-5" keeps its minus sign, for the reader to refuse.
      json parsed = as_json();
      if (!parsed.is_string()) return parsed;
      bool dashed = false;  // only digits and single dashes between them
      char last = '-';
      for (char c : trimmed) {
        if (c == '-' ? last == '-' : c < '0' || c > '9') {
          dashed = false;
          last = 'x';
          break;
        }
        dashed = dashed || c == '-';
        last = c;
      }
      dashed = dashed && last != '-';
      json list = json::array();
      std::string word;
      for (char c : trimmed + ",") {
        if (c != ',' && c != ' ' && !(dashed && c == '-')) {
          word += c;
          continue;
        }
        if (word.empty()) continue;
        const auto number = whole_number(word);
        if (!number) return parsed;
        list.push_back(*number);
        word.clear();
      }
      return list.empty() ? parsed : list;
    }
  }
  return as_json();
}

// Picking a profile hands it every field it sets: the document's own values of them go, so the
// profile's show. Clearing it keeps the values it gave, written out, so nothing changes but the name.
bool set_profile(json& document, std::string_view text, Errors& errors) {
  const std::string id{detail::trim(text)};
  if (id.empty()) {
    if (!document.contains("profile")) return true;
    json filled = apply_profile(document, errors);
    if (!errors.empty()) return false;
    filled.erase("profile");
    document = std::move(filled);
    return true;
  }
  for (const std::string& field_path : profile_fields()) {
    const std::vector<std::string> parts = split_path(field_path);
    json* parent = &document;
    for (std::size_t i = 0; parent && i + 1 < parts.size(); ++i)
      parent = parent->is_object() && parent->contains(parts[i]) ? &(*parent)[parts[i]] : nullptr;
    if (parent && parent->is_object()) parent->erase(parts.back());
  }
  document["profile"] = id;
  return true;
}

// The same for one device's own profile (/overheads/host/profile): picking it hands it that device's
// own fields; clearing it writes them out in that device's section.
bool set_device_profile(json& document, const std::string& role, std::string_view text, Errors& errors) {
  const std::string id{detail::trim(text)};
  if (!document.contains("overheads") || !document["overheads"].is_object()) document["overheads"] = json::object();
  json& overheads = document["overheads"];
  if (!overheads.contains(role) || !overheads[role].is_object()) overheads[role] = json::object();
  if (id.empty()) {
    if (overheads[role].contains("profile")) {
      json filled = apply_profile(document, errors);
      if (!errors.empty()) return false;
      document["overheads"][role] = filled["overheads"][role];
      document["overheads"][role].erase("profile");
    }
  } else {
    for (const std::string& field_path : profile_fields())
      document["overheads"][role].erase(field_path.substr(field_path.rfind('/') + 1));
    document["overheads"][role]["profile"] = id;
  }
  // Nothing left: no empty sections in the document.
  if (document["overheads"][role].empty()) document["overheads"].erase(role);
  if (document["overheads"].empty()) document.erase("overheads");
  return true;
}

}  // namespace

bool set_field(json& document, std::string_view path, std::string_view text, Errors& errors) {
  if (!document.is_object()) document = json::object();
  if (path == "/profile" || path == "profile") return set_profile(document, text, errors);
  for (const char* role : {"host", "accelerator"})
    if (path == "/overheads/" + std::string(role) + "/profile" || path == "overheads." + std::string(role) + ".profile")
      return set_device_profile(document, role, text, errors);
  const std::vector<std::string> parts = split_path(path);
  if (parts.empty() || (parts.size() == 1 && parts[0].empty())) {
    errors.push_back({code::args, "", "give the path of a field, e.g. network.batch_size"});
    return false;
  }
  if (!document.is_object()) document = json::object();
  // The preset's document, which the edited document is merged onto.
  const json* preset = nullptr;
  if (document.contains("preset") && document.at("preset").is_string())
    if (const auto* entry = registry::find_preset(document.at("preset").get<std::string>())) preset = &entry->scenario;

  json* node = &document;
  json* parent = nullptr;
  const json* under = preset;  // the same place in the preset's document, while it has one
  std::string pointer_so_far;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string& key = parts[i];
    if (key.empty()) {
      errors.push_back({code::args, "", "the path \"" + std::string(path) + "\" has an empty part"});
      return false;
    }
    const FieldSpec* here = find_field(pointer_so_far);
    parent = node;
    if (node->is_array()) {
      const std::optional<std::size_t> found = index_of(key);
      if (!found || *found > node->size()) {
        errors.push_back({code::args, "", "the path \"" + std::string(path) + "\": \"" + key +
                                              "\" is not an index of that list (0 to " + std::to_string(node->size()) + ")"});
        return false;
      }
      const std::size_t index = *found;
      if (index == node->size()) node->push_back(nullptr);
      node = &(*node)[index];
      under = under && under->is_array() && index < under->size() ? &(*under)[index] : nullptr;
    } else {
      // A registry id being edited in place becomes {"base": id}.
      if (node->is_string() && is_entity_field(here)) *node = json{{"base", *node}};
      if (!node->is_object()) *node = json::object();
      parent = node;
      const json* preset_child = under && under->is_object() && under->contains(key) ? &under->at(key) : nullptr;
      const bool last = i + 1 == parts.size();
      if (!node->contains(key) && preset_child && !last) {
        // Arrays replace whole and ids need their base: bring the preset's value in before editing it.
        if (preset_child->is_array()) (*node)[key] = *preset_child;
        else if (preset_child->is_string() && is_entity_field(find_field(pointer(pointer_so_far, key))))
          (*node)[key] = json{{"base", *preset_child}};
      }
      node = &(*node)[key];
      under = preset_child;
    }
    pointer_so_far = pointer(pointer_so_far, key);
  }
  // Emptied, an optional field goes: null over a preset (which deletes the preset's value), else absent.
  const FieldSpec* spec = find_field(pointer_so_far);
  const bool remove = spec && !spec->required && spec->kind != FieldKind::text && detail::trim(text).empty();
  if (remove && !preset && parent && parent->is_object()) {
    parent->erase(parts.back());
    return true;
  }
  const std::size_t before = errors.size();
  *node = remove ? json(nullptr) : typed_value(spec, text, pointer_so_far, errors);
  return errors.size() == before;
}

// The JSON writer's own shortest digits (Grisu2) laid out by its own formatter with JavaScript's
// limits for plain notation (a point at −6 < n ≤ 21), less the writer's ".0" after a whole number and
// its zero in a one-digit exponent: nothing new in the module but those two fixes.
EPOCHCALC_FOR_SIZE std::string number_text(double value) {
  if (value == 0) return "0";  // -0 too, as String(-0)
  char buffer[64];
  char* first = buffer;
  if (value < 0) *first++ = '-', value = -value;
  int digits = 0, exponent = 0;
  nlohmann::detail::dtoa_impl::grisu2(first, digits, exponent, value);
  std::string out(buffer, static_cast<std::size_t>(nlohmann::detail::dtoa_impl::format_buffer(first, digits, exponent, -6, 21) - buffer));
  const std::size_t n = out.size();
  if (out.ends_with(".0")) out.resize(n - 2);
  else if (n >= 4 && out[n - 4] == 'e' && out[n - 2] == '0') out.erase(n - 2, 1);  // "e-07" → "e-7"
  return out;
}

}  // namespace epochcalc
