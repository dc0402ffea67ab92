// Links as URL parameters (link.hpp): reading them through the field editor, writing the parameters
// that read back as the document.
#include "epochcalc/api/link.hpp"

#include <algorithm>

#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/units.hpp"
#include "epochcalc/api/api.hpp"
#include "epochcalc/api/api_json.hpp"
#include "scenario/json_read.hpp"
#include "contract/reply_tape.hpp"

namespace epochcalc {

namespace {

constexpr const char* scenario_key = "scenario";
// A link is read up to this many parameters (a scenario has about 60 fields), and names this many
// unknown ones before it counts the rest.
constexpr std::size_t max_unknown_notes = 10;

// A parameter names a field of the table, or the "base" of a device or dataset.
bool names_field(const std::string& pointer) {
  if (find_field(pointer)) return true;
  const auto slash = pointer.rfind('/');
  return slash != std::string::npos && pointer.substr(slash + 1) == "base" && is_entity_field(find_field(pointer.substr(0, slash)));
}

// What a link may name: the scenario JSON and every field, dotted as --set writes them.
const std::vector<std::string>& link_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> list{scenario_key};
    for (const FieldSpec& f : field_specs())
      if (!f.path.ends_with("/-")) list.push_back(dotted_path(f.path));
    return list;
  }();
  return keys;
}

// A value or key quoted in a note: a hostile link can carry any length.
std::string quoted(const std::string& text) { return "\"" + in_part(text, 60) + "\""; }

Error unknown_param(const std::string& key) {
  std::string text = "the link's parameter " + quoted(key) + " is not a field of the scenario";
  const std::string last = key.substr(key.find_last_of("./") == std::string::npos ? 0 : key.find_last_of("./") + 1);
  if (const FieldSpec* elsewhere = field_with_last_name(last); elsewhere && dotted_path(elsewhere->path) != key)
    text += "; did you mean \"" + dotted_path(elsewhere->path) + "\"?";
  else if (auto suggestion = closest_match(key, link_keys()))
    text += "; did you mean \"" + *suggestion + "\"?";
  else
    text += ": write a field as it is in the scenario JSON, with dots (network.batch_size=64)";
  return {code::unknown_field, "", text};
}

// The same document, except that a number the link writes as text reads back as that text.
bool same(const json& original, const json& read) {
  if (original.is_number() && read.is_string()) {
    const auto number = parse_plain_number(read.get<std::string>());
    return number && *number == original.get<double>();
  }
  if (original.type() != read.type() && !(original.is_number() && read.is_number())) return false;
  if (original.is_object()) {
    if (original.size() != read.size()) return false;
    for (auto it = original.begin(); it != original.end(); ++it)
      if (!read.contains(it.key()) || !same(it.value(), read.at(it.key()))) return false;
    return true;
  }
  if (original.is_array()) {
    if (original.size() != read.size()) return false;
    for (std::size_t i = 0; i < original.size(); ++i)
      if (!same(original[i], read[i])) return false;
    return true;
  }
  if (original.is_string()) return original.get<std::string>() == read.get<std::string>();
  if (original.is_boolean()) return original.get<bool>() == read.get<bool>();
  if (original.is_number()) return original.get<double>() == read.get<double>();
  return true;  // both null
}

// The parameters for the value at `pointer`, or false where a parameter cannot say it (the caller
// then writes it as JSON). Ids first, so the overrides after them edit the registry entry.
bool emit(const std::string& path, const json& value, std::vector<LinkParam>& out) {
  const FieldSpec* spec = find_field(path);
  const std::string key = dotted_path(path);
  if (value.is_object()) {
    if (value.empty()) return false;
    if (is_entity_field(spec)) {
      if (!value.contains("base") || !value.at("base").is_string()) return false;
      out.push_back({key, value.at("base").get<std::string>()});
    }
    for (auto it = value.begin(); it != value.end(); ++it)
      if (it.key() != "base" && !emit(pointer(path, it.key()), it.value(), out)) return false;
    return true;
  }
  if (!spec) return false;
  if (value.is_array()) {
    if (spec->kind != FieldKind::widths || value.empty()) return false;
    std::string text;
    for (const json& width : value) {
      if (!width.is_number_integer()) return false;
      text += (text.empty() ? "" : ",") + width.dump();
    }
    out.push_back({key, text});
    return true;
  }
  if (value.is_null()) out.push_back({key, ""});
  else if (value.is_string()) out.push_back({key, value.get<std::string>()});
  else out.push_back({key, value.dump()});
  return true;
}

}  // namespace

LinkReading read_link(const std::vector<LinkParam>& all, std::size_t total) {
  LinkReading out{json::object(), {}};
  // A link longer than any scenario needs is read up to the limit, and says so; `total` counts the
  // parameters a front end did not send (it sends the first max_link_params and the count).
  total = std::max(total, all.size());
  const std::vector<LinkParam> params(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), max_link_params)));
  if (total > max_link_params)
    out.notes.push_back({code::range, "", "the link has " + std::to_string(total) + " parameters; the first " +
                                              std::to_string(max_link_params) + " are read"});
  // Each parameter by what it names: "dispatch" and "/dispatch" are the same field.
  std::vector<std::string> names;
  for (const LinkParam& p : params) names.push_back(p.key == scenario_key ? p.key : edit_pointer(p.key));
  // A field given twice: its last value applies, and the link says so once (at its first).
  const auto later = [&](std::size_t i) {
    for (std::size_t j = i + 1; j < params.size(); ++j)
      if (names[j] == names[i]) return j;
    return params.size();
  };
  const auto applies = [&](std::size_t i) { return later(i) == params.size(); };
  for (std::size_t i = 0; i < params.size(); ++i) {
    bool first = true;
    for (std::size_t j = 0; j < i && first; ++j) first = names[j] != names[i];
    if (!first || applies(i)) continue;
    std::size_t count = 1, last = i;
    for (std::size_t j = later(i); j < params.size(); j = later(j)) ++count, last = j;
    // The pointer only where the parameter names a field: an unknown key is no pointer ("a~b").
    out.notes.push_back({code::duplicate_key, names_field(names[i]) ? names[i] : "",
                         "the link gives " + quoted(params[i].key) + " " + std::to_string(count) + " times; its last value, " +
                             quoted(params[last].value) + ", is used"});
  }

  // 1. The scenario JSON, as the base. Text the engine cannot read (beyond its size, not JSON, a key twice)
  // gives no document and a note saying where and why (issue 36: nothing said so), as solving the text would.
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (names[i] != scenario_key || !applies(i)) continue;
    Errors unread;
    auto parsed = parse_json_text(params[i].value, "the link's scenario", unread);
    if (!parsed) {
      for (Error& e : unread) out.notes.push_back({e.code, "/scenario" + e.path, std::move(e.message)});
      out.document = nullptr;
      return out;
    }
    // JSON, but no scenario (a number, a list): no document either, as for text that is not JSON.
    if (!parsed->is_object()) {
      out.notes.push_back(message::not_an_object("/scenario", *parsed));
      out.document = nullptr;
      return out;
    }
    out.document = std::move(*parsed);
  }
  // 2. The preset, then 3. the default preset where the link names none.
  for (std::size_t i = 0; i < params.size(); ++i)
    if (names[i] == "/preset" && applies(i)) set_field(out.document, "/preset", params[i].value, out.notes);
  out.document = with_default_preset(out.document);
  // 4. The profile before the fields it sets, so a field the link gives wins over it wherever it stands.
  // 5. Every other parameter, in the link's order.
  std::size_t unknown = 0;
  for (const bool profile_pass : {true, false}) {
    for (std::size_t i = 0; i < params.size(); ++i) {
      const LinkParam& p = params[i];
      const std::string& path = names[i];
      if (path == scenario_key || path == "/preset" || !applies(i) || (path == "/profile") != profile_pass) continue;
      if (p.value.size() > rule::max_json_text_bytes) {
        out.notes.push_back({code::range, names_field(path) ? path : "",
                             "the link's " + quoted(p.key) + " is " + std::to_string(p.value.size()) + " characters long, more than a scenario holds"});
        continue;
      }
      if (!names_field(path)) {
        if (++unknown <= max_unknown_notes) out.notes.push_back(unknown_param(p.key));
        continue;
      }
      Errors errors;
      if (!set_field(out.document, path, p.value, errors))
        for (Error& e : errors) out.notes.push_back({e.code, e.path.empty() ? path : e.path, "the link's " + quoted(p.key) + ": " + e.message});
    }
  }
  if (unknown > max_unknown_notes)
    out.notes.push_back({code::unknown_field, "", "and " + std::to_string(unknown - max_unknown_notes) + " more parameters that name no field"});
  return out;
}

std::vector<LinkParam> write_link(const json& document) {
  const auto as_json = [&] {
    json whole = document;
    // Without a preset a reader would start from the default one: null says there is none.
    if (whole.is_object() && !whole.contains("preset")) {
      json with_null = json::object();
      with_null["preset"] = nullptr;
      for (auto it = whole.begin(); it != whole.end(); ++it) with_null[it.key()] = it.value();
      whole = std::move(with_null);
    }
    return std::vector<LinkParam>{{scenario_key, whole.dump(-1, ' ', false, json::error_handler_t::replace)}};
  };
  if (!document.is_object() || !document.contains("preset") || !document.at("preset").is_string()) return as_json();

  std::vector<LinkParam> fields;
  json rest = json::object();  // what parameters cannot say
  // The profile before the fields it sets: picking it clears them.
  std::vector<std::string> keys;
  if (document.contains("profile")) keys.push_back("profile");
  for (auto it = document.begin(); it != document.end(); ++it)
    if (it.key() != "preset" && it.key() != "profile") keys.push_back(it.key());
  for (const std::string& key : keys) {
    const std::size_t before = fields.size();
    if (!emit(pointer("", key), document.at(key), fields)) {
      fields.resize(before);
      rest[key] = document.at(key);
    }
  }
  std::vector<LinkParam> params;
  if (!rest.empty()) params.push_back({scenario_key, rest.dump(-1, ' ', false, json::error_handler_t::replace)});
  params.push_back({"preset", document.at("preset").get<std::string>()});
  for (LinkParam& p : fields) params.push_back(std::move(p));
  // The parameters must give the document back; where the editor reads them otherwise, all of it is JSON.
  LinkReading again = read_link(params);
  if (!again.notes.empty() || !same(document, again.document)) return as_json();
  return params;
}

// The module's replies (api.hpp): here, with the rest of the links, in the half built for size.
std::string read_link_reply(std::string_view text) {
  // Not parse_json_text: a link's scenario JSON may be longer than the engine reads, which read_link
  // then leaves for solving its text to refuse, as it refuses any document that long.
  ParsedText parsed = parse_text(text);
  if (!parsed.document) return detail::error_reply({{code::json, "", "the link's parameters are not JSON: [[\"key\", \"value\"], ...]"}});
  // [[key, value], ...], or {"pairs": [...the first ones...], "total": N} from a front end that counted
  // a longer link without sending it whole.
  const json* list = &*parsed.document;
  std::size_t total = 0;
  if (list->is_object() && list->contains("pairs") && list->contains("total") && list->at("total").is_number_unsigned()) {
    total = list->at("total").get<std::size_t>();
    list = &list->at("pairs");
  }
  std::vector<LinkParam> params;
  bool pairs = list->is_array();
  for (const json& p : *list) pairs = pairs && p.is_array() && p.size() == 2 && p[0].is_string() && p[1].is_string();
  if (!pairs) return detail::error_reply({{code::type, "", "expected the link's parameters as [[\"key\", \"value\"], ...]"}});
  for (const json& p : *list) params.push_back({p[0].get<std::string>(), p[1].get<std::string>()});
  const LinkReading reading = read_link(params, total);
  detail::Tape out;
  out.begin_object().key("schema").string("epochcalc/link@1").key("scenario");
  reading.document.is_null() ? out.null() : out.document(reading.document);
  out.key("notes");
  detail::write_errors(out, reading.notes);
  out.end_object();
  return out.take();
}

std::string write_link_reply(std::string_view document) {
  Errors errors;
  const auto doc = parse_json_text(document, "the scenario", errors);
  if (!doc) return detail::error_reply(errors);
  detail::Tape out;
  out.begin_object().key("schema").string("epochcalc/link-params@1").key("params").begin_array();
  for (const LinkParam& p : write_link(*doc)) out.begin_array().string(p.key).string(p.value).end_array();
  out.end_array().end_object();
  return out.take();
}

}  // namespace epochcalc
