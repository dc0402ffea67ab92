// The calibration document: measurements read and checked (every problem at once, each at its JSON
// pointer), the fit run (calibrate.cpp), and the reply written with what the data could not determine.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/whatif/calibrate.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/units.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"
#include "contract/reply.hpp"
#include "scenario/scenario_parts.hpp"

namespace epochcalc {

namespace {

const std::vector<std::string> calibration_fields{"scenario", "measurements", "fit", "measured_with", "predict"};
const std::vector<std::string> measurement_fields{"device", "batch_size", "epoch_time_s", "note", "ops_per_step", "widths"};
const std::vector<std::string> device_roles{"host", "accelerator"};

// Where each fitted constant goes in a scenario, and its name in messages.
struct ConstantField {
  Constant constant;
  const char* parent;  // "" for the top level
  const char* key;
  const char* words;
};
constexpr ConstantField constant_fields[] = {
    {Constant::dispatch, "", "dispatch", "dispatch per operation"},
    {Constant::launch, "", "launch", "kernel launch per operation"},
    {Constant::host_efficiency, "assumptions", "host_efficiency", "host efficiency"},
    {Constant::accelerator_efficiency, "assumptions", "accelerator_efficiency", "accelerator efficiency"},
    {Constant::step_overhead, "", "step_overhead", "fixed cost per step"},
};

const ConstantField& field_of(Constant c) { return constant_fields[static_cast<std::size_t>(c)]; }

bool is_time(Constant c) { return c == Constant::dispatch || c == Constant::launch || c == Constant::step_overhead; }

const char* role_name(Owner owner) { return owner == Owner::host ? "host" : "accelerator"; }
const char* role_name(MeasuredOn device) { return device == MeasuredOn::host ? "host" : "accelerator"; }

// An unknown's field as a JSON pointer: "/dispatch", "/assumptions/host_efficiency", "/overheads/host/dispatch".
std::string path_of(std::size_t j) {
  const Unknown u = unknowns[j];
  const ConstantField& f = field_of(u.constant);
  if (u.owner != Owner::scenario) return pointer(pointer("/overheads", role_name(u.owner)), f.key);
  return *f.parent ? pointer(pointer("", f.parent), f.key) : pointer("", f.key);
}

// An unknown in words: "the dispatch per operation", "the host's own dispatch per operation".
std::string words_of(std::size_t j) {
  const Unknown u = unknowns[j];
  if (u.owner == Owner::scenario) return std::string("the ") + field_of(u.constant).words;
  return std::string("the ") + role_name(u.owner) + "'s own " + field_of(u.constant).words;
}

// The same at the start of a sentence: "The dispatch per operation", "The host's own ...".
std::string sentence_words(std::size_t j) {
  std::string text = words_of(j);
  text[0] = 'T';
  return text;
}

std::string list_words(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return text;
}

std::optional<Measurement> read_measurement(const json& value, const std::string& path, const IntegerRule& batch,
                                            Errors& errors) {
  if (!check_object(value, path, measurement_fields, errors)) return std::nullopt;
  const std::size_t before = errors.size();
  Measurement m;
  if (const json* v = field(value, "device", path, errors, true))
    if (auto device = read_choice(*v, pointer(path, "device"), device_roles, errors))
      m.device = *device == "host" ? MeasuredOn::host : MeasuredOn::accelerator;
  if (const json* v = field(value, "batch_size", path, errors, true))
    if (auto b = read_integer(*v, pointer(path, "batch_size"), batch, errors)) m.batch_size = *b;
  if (const json* v = field(value, "epoch_time_s", path, errors, true))
    if (auto t = read_quantity(*v, pointer(path, "epoch_time_s"), rule::measured_epoch_time, errors)) m.epoch_time_s = *t;
  if (const json* v = field(value, "note", path, errors, false)) read_string(*v, pointer(path, "note"), errors);
  if (const json* v = field(value, "ops_per_step", path, errors, false))
    read_integer(*v, pointer(path, "ops_per_step"), rule::counted_ops_per_step, errors);
  if (const json* v = field(value, "widths", path, errors, false))
    if (auto widths = detail::read_widths(*v, pointer(path, "widths"), errors)) m.widths = std::move(*widths);
  if (errors.size() != before) return std::nullopt;
  return m;
}

// Measurements as CSV text (a spreadsheet's or pandas' export): a header naming the columns (device,
// batch_size and epoch_time_s at least; any measurement field), an optional units row (the engine's own
// CSVs have one: a row whose batch_size cell is no number), then one measurement a row. Each cell is read
// by its field's reader as text, so "270 ms" works; the result is the list the JSON form gives, so every
// error keeps its path (/measurements/<row>/<field>, rows counted from 0 after the header and units).
std::optional<json> measurements_from_csv(std::string_view text, Errors& errors) {
  std::vector<std::vector<std::string>> rows;
  while (!text.empty() && rows.size() <= rule::max_measurements + 2) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (detail::trim(line).empty()) continue;
    std::vector<std::string> cells;
    for (std::size_t at = 0;;) {
      const std::size_t comma = std::min(line.find(',', at), line.size());
      cells.emplace_back(detail::trim(line.substr(at, comma - at)));
      if (comma == line.size()) break;
      at = comma + 1;
    }
    rows.push_back(std::move(cells));
  }
  const std::vector<std::string>& header = rows.empty() ? std::vector<std::string>{} : rows.front();
  for (const char* needed : {"device", "batch_size", "epoch_time_s"})
    if (std::find(header.begin(), header.end(), needed) == header.end()) {
      errors.push_back({code::missing, "/measurements",
                        "a measurements CSV starts with a header naming its columns: device,batch_size,epoch_time_s (any order), "
                        "then one measured epoch a row, such as host,32,0.27"});
      return std::nullopt;
    }
  const auto batch_column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "batch_size") - header.begin());
  std::size_t first = 1;
  // A units row (",,s" under the header): its batch_size cell is no number.
  if (rows.size() > 1 && batch_column < rows[1].size() && !parse_plain_number(rows[1][batch_column])) first = 2;
  json list = json::array();
  for (std::size_t r = first; r < rows.size(); ++r) {
    json m = json::object();
    for (std::size_t c = 0; c < header.size() && c < rows[r].size(); ++c)
      if (!rows[r][c].empty()) m[header[c]] = rows[r][c];
    list.push_back(std::move(m));
  }
  return list;
}

// "predict": the batch sizes to give the fitted model's epochs at, by the scenario's rule.
std::vector<std::int64_t> read_predict(const json& value, const IntegerRule& batch, Errors& errors) {
  std::vector<std::int64_t> sizes;
  if (!value.is_array() || value.empty() || value.size() > rule::max_measurements) {
    errors.push_back({value.is_array() ? (value.empty() ? code::too_few : code::range) : code::type, "/predict",
                      "expected a list of 1 to " + format_number(static_cast<double>(rule::max_measurements)) +
                          " batch sizes to predict the fitted model's epochs at, such as [64, 1024]"});
    return sizes;
  }
  for (std::size_t i = 0; i < value.size(); ++i)
    if (auto b = read_integer(value[i], pointer("/predict", i), batch, errors)) sizes.push_back(*b);
  return sizes;
}

// "fit": the constants the fit may change, by name; absent means default_free (calibrate.hpp).
FreeConstants read_fit(const json& value, Errors& errors) {
  std::vector<std::string> names;
  for (const ConstantField& f : constant_fields) names.emplace_back(f.key);
  if (!value.is_array() || value.empty()) {
    errors.push_back({value.is_array() ? code::value : code::type, "/fit",
                      std::string(value.is_array() ? "the list of constants to fit is empty: name at least one, "
                                                   : "expected a list of the constants to fit, ") +
                          "such as [\"dispatch\", \"launch\"] (any of dispatch, launch, host_efficiency, "
                          "accelerator_efficiency, step_overhead); leave it out to fit the first four (and "
                          "step_overhead when the measurements span networks of different depths)"});
    return all_constants;
  }
  FreeConstants free{};
  for (std::size_t i = 0; i < value.size(); ++i)
    if (auto name = read_choice(value[i], pointer("/fit", i), names, errors))
      for (const ConstantField& f : constant_fields)
        if (*name == f.key) free[static_cast<std::size_t>(f.constant)] = true;
  return free;
}

// "dispatch, launch or the host efficiency": the constants being fitted, for a message.
std::string free_words(const FreeConstants& free) {
  std::vector<std::string> words;
  for (const ConstantField& f : constant_fields)
    if (free[static_cast<std::size_t>(f.constant)]) words.emplace_back(f.words);
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return text;
}

std::string significant(double value, int digits) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

// Words for a fitted value: "12.3 us", "41.7 %".
std::string shown(Constant c, double value) {
  if (is_time(c)) return significant(value * 1e6, 4) + " us";
  return significant(value * 100, 3) + " %";
}

// Where the value of an unknown's field comes from: the layer the parser recorded (docs/model.md, "The
// value in force"): the scenario's document, its preset, a profile (the scenario's, or the device's
// own), or the default. An efficiency's is not tracked: the scenario's.
struct ValueOrigin {
  epochcalc::Source source;
  bool device_scope = false;  // the device's own field (its own value or profile), not the scenario's
};

ValueOrigin source_of(const Scenario& s, std::size_t j) {
  const Unknown u = unknowns[j];
  if (u.constant == Constant::host_efficiency || u.constant == Constant::accelerator_efficiency) return {};
  const auto slot = static_cast<std::size_t>(u.constant == Constant::dispatch ? OverheadSlot::dispatch
                                             : u.constant == Constant::launch ? OverheadSlot::launch
                                                                              : OverheadSlot::step_overhead);
  if (u.owner == Owner::scenario) return {s.overhead_sources[slot], false};
  const DeviceOverheads& own = u.owner == Owner::host ? s.host_overheads : s.accelerator_overheads;
  return {own.sources[slot], true};
}

// "from its profile pytorch-eager-cpu", "from the scenario's profile keras-fit", "from the preset X", or
// "written in the scenario".
std::string source_words(const ValueOrigin& origin) {
  const std::string id(origin.source.id);
  switch (origin.source.layer) {
    case Layer::profile: return std::string(origin.device_scope ? "from its profile " : "from the scenario's profile ") + id;
    case Layer::preset: return "from the preset " + id;
    case Layer::default_value: return "the default";
    case Layer::scenario: break;
  }
  return "written in the scenario";
}

// A new object for `key` in a scenario document. Over a preset, "key": null deleted the preset's
// whole object; the new one keeps that meaning by deleting each of the preset's fields in turn.
json new_object_for(const json& scenario, const char* key) {
  json object = json::object();
  if (!scenario.contains(key) || !scenario.at(key).is_null() || !scenario.contains("preset") || !scenario.at("preset").is_string())
    return object;
  if (const auto* preset = registry::find_preset(scenario.at("preset").get<std::string>()))
    if (preset->scenario.contains(key) && preset->scenario.at(key).is_object())
      for (const auto& [field, _] : preset->scenario.at(key).items()) object[field] = nullptr;
  return object;
}

// The object under `key` in `parent`, made one where it is not.
json& object_at(json& parent, const char* key) {
  if (!parent.contains(key) || !parent[key].is_object()) parent[key] = new_object_for(parent, key);
  return parent[key];
}

// The input's scenario with the fit written in: each determined value, and each undetermined one as
// settled (closest to the scenario's own), so the scenario solves to the predictions; a device's own
// value in its own field (/overheads/host/dispatch), where it then wins over the device's profile.
json applied_scenario(json scenario, const Calibration& fit) {
  for (std::size_t j = 0; j < unknown_count; ++j) {
    const auto& value = fit.settled[j];
    if (!value) continue;
    const Unknown u = unknowns[j];
    const ConstantField& f = field_of(u.constant);
    json* into = &scenario;
    if (u.owner != Owner::scenario) into = &object_at(object_at(scenario, "overheads"), role_name(u.owner));
    else if (*f.parent) into = &object_at(scenario, f.parent);
    (*into)[f.key] = is_time(f.constant) ? json(significant(*value * 1e6, 9) + " us") : json(std::stod(significant(*value, 9)));
  }
  return scenario;
}

// What the notes need besides the fit: the devices measured and the document the values came from.
struct Context {
  const Calibration& fit;
  const Scenario& scenario;
  const json& merged;  // the scenario document with its preset merged, before any profile fills it
  bool fit_given = false;
  bool measured[2] = {false, false};  // host, accelerator
};

bool measured(const Context& c, MeasuredOn d) { return c.measured[d == MeasuredOn::host ? 0 : 1]; }

// "Only host times are given: ... need accelerator times.": what the other device's times would fix.
void note_missing_device(json& notes, const Context& c, std::array<bool, unknown_count>& said) {
  for (MeasuredOn missing : {MeasuredOn::accelerator, MeasuredOn::host}) {
    if (measured(c, missing)) continue;
    std::vector<std::string> words;
    for (std::size_t j = 0; j < unknown_count; ++j) {
      const auto need = c.fit.needs[j];
      if (said[j] || !need || (*need != Need::other_device && *need != Need::other_device_and_depths)) continue;
      words.push_back(words_of(j));
      said[j] = true;
    }
    if (words.empty()) continue;
    const std::string other = role_name(missing == MeasuredOn::host ? MeasuredOn::accelerator : MeasuredOn::host);
    notes.push_back("Only " + other + " times are given: " + list_words(words) + (words.size() == 1 ? " needs " : " need ") +
                    role_name(missing) + " times.");
  }
}

// Why nothing separates the accelerator's dispatch from its launch: the host does not share its dispatch.
std::string unshared_dispatch(const Context& c, std::size_t d) {
  if (d != static_cast<std::size_t>(Constant::dispatch))
    return "the accelerator pays its own dispatch per operation (" + source_words(source_of(c.scenario, d)) +
           "), which the host does not share";
  const std::size_t host = paid_unknown(c.scenario, Constant::dispatch, MeasuredOn::host);
  return "the host pays its own dispatch per operation (" + source_words(source_of(c.scenario, host)) +
         "), so no host time involves the accelerator's";
}

// The sum of the accelerator's dispatch and launch, when only it is determined, and whether anything could
// separate them.
std::optional<std::string> dispatch_plus_launch_note(const Context& c, std::array<bool, unknown_count>& said) {
  const Calibration& fit = c.fit;
  if (!fit.dispatch_plus_launch) return std::nullopt;
  const std::size_t d = paid_unknown(c.scenario, Constant::dispatch, MeasuredOn::accelerator);
  const std::size_t l = paid_unknown(c.scenario, Constant::launch, MeasuredOn::accelerator);
  said[d] = said[l] = true;
  const std::string sum = shown(Constant::dispatch, *fit.dispatch_plus_launch);
  if (fit.needs[d] == Need::nothing)
    return "Dispatch and launch are paid together on the accelerator, so its times fix their sum (" + sum +
           " per operation) but not each, and no measurement separates them: " + unshared_dispatch(c, d) +
           ". Leave launch out of fit to hold it at the scenario's value and fit the dispatch.";
  return "Dispatch and launch are paid together on the accelerator, so its times alone fix their sum (" + sum +
         " per operation) but not each; host times at two or more batch sizes separate them.";
}

// The per-step note: one network cannot tell the fixed cost per step from the cost per operation.
std::optional<std::string> per_step_note(const Context& c, MeasuredOn first, std::array<bool, unknown_count>& said) {
  const Calibration& fit = c.fit;
  if (!fit.overhead_per_step) return std::nullopt;
  const std::size_t st = paid_unknown(c.scenario, Constant::step_overhead, first);
  const std::size_t fd = paid_unknown(c.scenario, Constant::dispatch, first);
  const std::size_t l = paid_unknown(c.scenario, Constant::launch, MeasuredOn::accelerator);
  const bool with_launch = first == MeasuredOn::accelerator && !fit.fitted[l];
  // With graph replay the accelerator's calls per step are the graph launches, whatever the depth.
  const bool graphs = first == MeasuredOn::accelerator && paid_overheads(c.scenario, true).launches_per_step > 0;
  const std::string ops = significant(fit.overhead_per_step_ops, 6);
  std::string text = graphs ? "With graph replay the accelerator makes the same " + ops + " calls every step whatever the "
                              "network's depth, so its times cannot tell the fixed cost per step from the cost per call"
                            : "One network cannot tell the fixed cost per step from the cost per operation: every step "
                              "runs the same " + ops + " operations";
  text += ", so the times fix only one step's overhead (" + ops + " x dispatch" + (with_launch ? " and launch" : "") +
          " + the fixed cost per step = " + shown(Constant::step_overhead, *fit.overhead_per_step) + "). ";
  said[st] = said[fd] = true;
  if (with_launch) said[l] = true;
  const std::string other = measured(c, MeasuredOn::host) ? "Accelerator" : "Host";
  switch (fit.needs[st].value_or(Need::nothing)) {
    case Need::more_batch_sizes: text += "More batch sizes separate them"; break;
    case Need::other_depths: text += "Measure networks of different depths (each measurement's widths) to separate them"; break;
    case Need::other_device: text += other + " times separate them"; break;
    case Need::other_device_and_depths: text += other + " times on networks of different depths separate them"; break;
    case Need::nothing: return text + "No measurement separates them: leave one of them out of fit.";
  }
  return text + ", or leave one of them out of fit.";
}

// What the measurements left undetermined, and what would determine each: the other device's times,
// the sum of dispatch and launch, the cost per step, then each other value on its own.
void note_undetermined(json& notes, const Context& c, MeasuredOn first) {
  const Calibration& fit = c.fit;
  std::array<bool, unknown_count> said{};
  const auto sum = dispatch_plus_launch_note(c, said);
  const auto per_step = per_step_note(c, first, said);
  note_missing_device(notes, c, said);
  if (sum) notes.push_back(*sum);
  if (per_step) notes.push_back(*per_step);
  for (std::size_t j = 0; j < unknown_count; ++j) {
    if (said[j] || !c.fit.needs[j]) continue;
    said[j] = true;
    const std::string what = sentence_words(j) + " is not determined";
    switch (*c.fit.needs[j]) {
      case Need::more_batch_sizes:
        notes.push_back(what + ": measure that device at more batch sizes (at least as many as the constants it "
                               "shares its times with).");
        break;
      case Need::other_depths:
        notes.push_back(what + ": one network runs the same operations every step; measure networks of different "
                               "depths (each measurement's widths) to fix it.");
        break;
      case Need::other_device:
      case Need::other_device_and_depths: {
        const MeasuredOn by = measured(c, MeasuredOn::host) ? MeasuredOn::accelerator : MeasuredOn::host;
        notes.push_back(what + ": it needs " + role_name(by) + " times" +
                        (*c.fit.needs[j] == Need::other_device_and_depths ? ", on networks of different depths." : "."));
        break;
      }
      case Need::nothing: {
        // One sentence for the unknowns that move together, each named once.
        std::vector<std::string> together{words_of(j)};
        for (std::size_t k = 0; k < unknown_count; ++k)
          if (fit.tied_with[j][k]) {
            together.push_back(words_of(k));
            said[k] = true;
          }
        if (together.size() == 1) {
          notes.push_back(what + ", and no measurement can determine it: no epoch depends on it.");
          break;
        }
        std::string text = list_words(together);
        text[0] = 'T';
        notes.push_back(text + " are not determined, and no measurement can tell them apart: they move together in "
                               "every epoch. Leave one of them out of fit to fit the other.");
        break;
      }
    }
  }
}

// Plain sentences for the held list: the scenario's fields no device pays, then what "fit" leaves out.
void note_held(json& notes, const Context& c) {
  for (std::size_t k = 0; k < constant_count; ++k) {
    std::vector<std::string> whose;
    for (const Held& h : c.fit.held) {
      if (h.because != HeldBecause::own_value || h.unknown != k) continue;
      whose.push_back(std::string("the ") + role_name(h.device) + " pays its own " + field_of(h.constant).words + ", " +
                      source_words(source_of(c.scenario, h.in_force)) + ", at " + path_of(h.in_force));
    }
    if (whose.empty()) continue;
    notes.push_back("The scenario's " + std::string(field_of(static_cast<Constant>(k)).words) + " (" + path_of(k) +
                    ") is held as it is, since no device pays it: " + list_words(whose) +
                    "; the fit fits the value each device pays.");
  }
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < c.fit.held.size(); ++i) {
    const Held& h = c.fit.held[i];
    if (h.because != HeldBecause::fit) continue;
    // A field both devices pay is named once.
    bool named = false;
    for (std::size_t e = 0; e < i; ++e) named |= c.fit.held[e].because == HeldBecause::fit && c.fit.held[e].unknown == h.unknown;
    if (named) continue;
    const ValueOrigin source = source_of(c.scenario, h.unknown);
    kept.push_back(words_of(h.unknown) + " (" + shown(h.constant, h.value) + " at " + path_of(h.unknown) +
                   (source.source.layer != Layer::profile ? "" : ", " + source_words(source)) + ")");
  }
  if (kept.empty()) return;
  notes.push_back("Held at the scenario's values, " +
                  std::string(c.fit_given ? "as fit leaves them out: "
                                          : "as the default fit leaves them out (it fits the fixed cost per step only "
                                            "when the measurements span networks of different depths): ") +
                  list_words(kept) + ".");
}

json notes_of(const Context& c, MeasuredOn first, bool default_preset) {
  const Calibration& fit = c.fit;
  json notes = json::array();
  if (default_preset)
    notes.push_back("The scenario names no preset, so the fit starts from the default preset, " +
                    std::string(registry::default_preset_id) + " (as a link does); the fitted scenario names it.");
  note_undetermined(notes, c, first);
  bool moved = false;
  for (std::size_t j = 0; j < unknown_count; ++j) moved |= fit.settled[j].has_value() && !fit.fitted[j].has_value();
  if (moved)
    notes.push_back("The fitted scenario keeps each undetermined value as close to the scenario's own as the "
                    "measurements allow, so that it reproduces the fitted times.");
  for (std::size_t j : fit.at_limit) {
    const Constant k = unknowns[j].constant;
    notes.push_back(sentence_words(j) + " is held at the scenario's limit (" +
                    (k == Constant::step_overhead ? "an hour per step"
                     : is_time(k)                 ? "an hour per operation"
                                                  : "an efficiency of 0.0001 %") +
                    "): the measured times are far beyond what this scenario allows; check the times' units and "
                    "the scenario's network, dataset and devices.");
  }
  for (std::size_t j : fit.at_bound) {
    const Constant k = unknowns[j].constant;
    if (is_time(k))
      notes.push_back(sentence_words(j) + " is held at 0 s: the times leave nothing for it.");
    else
      notes.push_back(sentence_words(j) + " is held at 100 %: the times are at or below what the peak figures allow; "
                                          "check the device's peak FLOP/s and bandwidth.");
  }
  note_held(notes, c);
  return notes;
}

json held_of(const Context& c) {
  json list = json::array();
  for (const Held& h : c.fit.held) {
    json entry = {{"constant", constant_name(h.constant)},
                  {"device", role_name(h.device)},
                  {"path", path_of(h.unknown)},
                  {"value", h.value}};
    const ValueOrigin source = source_of(c.scenario, h.because == HeldBecause::fit ? h.unknown : h.in_force);
    const bool profile = source.source.layer == Layer::profile;
    entry["because"] = h.because == HeldBecause::fit ? "fit" : profile ? "profile" : "device";
    if (profile) {
      entry["profile"] = std::string(source.source.id);
      entry["profile_scope"] = source.device_scope ? "device" : "scenario";
    }
    if (h.because == HeldBecause::own_value) entry["in_force"] = path_of(h.in_force);
    list.push_back(entry);
  }
  return list;
}

json reply_of(const json& input, const Context& c, const std::vector<Measurement>& measurements,
              const std::vector<std::int64_t>& predict, bool default_preset) {
  const Calibration& fit = c.fit;
  json fitted = json::object();
  json own = {{"host", json::object()}, {"accelerator", json::object()}};
  json undetermined = json::array();
  for (std::size_t j = 0; j < unknown_count; ++j) {
    const Unknown u = unknowns[j];
    const json value = fit.fitted[j] ? json(*fit.fitted[j]) : json(nullptr);
    if (u.owner == Owner::scenario) fitted[field_of(u.constant).key] = value;
    else if (fit.involved[j]) own[role_name(u.owner)][field_of(u.constant).key] = value;
    if (!fit.involved[j] || fit.fitted[j]) continue;
    json entry = {{"constant", constant_name(u.constant)}, {"path", path_of(j)}};
    if (u.owner != Owner::scenario) entry["device"] = role_name(u.owner);
    undetermined.push_back(entry);
  }
  json rows = json::array();
  const json& given = input.at("measurements");
  double squares = 0;
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    const Measurement& m = measurements[i];
    const double residual = fit.predicted_s[i] - m.epoch_time_s;
    squares += (residual / m.epoch_time_s) * (residual / m.epoch_time_s);
    json row = {{"device", role_name(m.device)}, {"batch_size", m.batch_size}, {"epoch_time_s", m.epoch_time_s}};
    if (given[i].contains("note")) row["note"] = given[i].at("note");
    if (given[i].contains("ops_per_step")) row["ops_per_step"] = given[i].at("ops_per_step");
    if (!m.widths.empty()) row["widths"] = m.widths;
    row["predicted_s"] = fit.predicted_s[i];
    row["residual_s"] = residual;
    row["relative_residual"] = residual / m.epoch_time_s;
    row["uncalibrated_s"] = fit.uncalibrated_s[i];
    rows.push_back(row);
  }
  json reply = {{"schema", calibration_schema},
                {"fitted", fitted},
                {"fitted_own", own},
                {"undetermined", undetermined},
                {"held", held_of(c)},
                {"dispatch_plus_launch", fit.dispatch_plus_launch ? json(*fit.dispatch_plus_launch) : json(nullptr)},
                {"overhead_per_step", fit.overhead_per_step ? json(*fit.overhead_per_step) : json(nullptr)},
                {"rms_relative_residual", std::sqrt(squares / static_cast<double>(measurements.size()))},
                {"notes", notes_of(c, measurements.front().device, default_preset)},
                {"measurements", rows}};
  if (!predict.empty()) {
    const Scenario model = fitted_scenario(c.scenario, fit);
    json predictions = json::array();
    for (std::int64_t b : predict) {
      const EpochTimes t = epoch_times_at(model, b);
      predictions.push_back({{"batch_size", b}, {"host_epoch_time_s", t.host_s}, {"accelerator_epoch_time_s", t.accelerator_s}});
    }
    reply["predictions"] = predictions;
    // Which devices' predictions rest on measurements: a device never measured keeps the model's own
    // values for what only its epochs could fit (issue 45: its epochs were listed as fitted).
    bool measured[2] = {false, false};
    for (const Measurement& m : measurements) measured[m.device == MeasuredOn::host ? 0 : 1] = true;
    reply["predicted_from"] = {{"host", measured[0] ? "fitted" : "model"}, {"accelerator", measured[1] ? "fitted" : "model"}};
  }
  reply["scenario"] = applied_scenario(input.at("scenario"), fit);
  return reply;
}

bool all_finite(const Calibration& fit) {
  for (const auto& v : fit.fitted)
    if (v && !std::isfinite(*v)) return false;
  for (const std::vector<double>* list : {&fit.predicted_s, &fit.uncalibrated_s})
    for (double x : *list)
      if (!std::isfinite(x)) return false;
  return (!fit.dispatch_plus_launch || std::isfinite(*fit.dispatch_plus_launch)) &&
         (!fit.overhead_per_step || std::isfinite(*fit.overhead_per_step));
}


}  // namespace

json calibrate_document(const json& input) {
  Errors errors;
  try {
    if (!check_object(input, "", calibration_fields, errors)) return errors_to_json(errors);
    const json* scenario_doc = field(input, "scenario", "", errors, true);
    const json* list = field(input, "measurements", "", errors, true);
    // Measurements given as CSV text are read into the list the JSON form gives.
    std::optional<json> from_csv;
    if (list && list->is_string()) {
      from_csv = measurements_from_csv(list->get_ref<const std::string&>(), errors);
      list = from_csv ? &*from_csv : nullptr;
    }
    std::optional<FreeConstants> fit_given;
    if (const json* v = field(input, "fit", "", errors, false)) fit_given = read_fit(*v, errors);
    if (const json* v = field(input, "measured_with", "", errors, false); v && !v->is_object())
      errors.push_back(message::not_an_object("/measured_with", *v));
    // The scenario first: its errors, under /scenario, and its rules for the batch sizes. One that
    // names no preset starts from the default preset.
    const bool default_preset = scenario_doc && scenario_doc->is_object() && !scenario_doc->contains("preset");
    json document = default_preset ? with_default_preset(*scenario_doc) : scenario_doc ? *scenario_doc : json();
    std::optional<Scenario> scenario;
    if (scenario_doc) {
      ParsedScenario parsed = parse_scenario(document);
      for (Error e : parsed.errors) {
        e.path = "/scenario" + e.path;
        errors.push_back(std::move(e));
      }
      scenario = std::move(parsed.scenario);
    }
    // Every problem at once: with a broken scenario, batch sizes are checked by the default rules.
    const Scenario rules = scenario ? *scenario : Scenario{};
    // The scenario's own rule for a batch size: with drop_last, at most N.
    const IntegerRule batch{1, rules.assumptions.drop_last ? rules.dataset.training_examples : rule::batch_size.max};
    std::vector<Measurement> measurements;
    if (list && !list->is_array()) {
      errors.push_back({code::type, "/measurements",
                        "expected a list of measurements such as [{\"device\": \"host\", \"batch_size\": 32, "
                        "\"epoch_time_s\": 0.27}], got " + json_type_name(*list)});
    } else if (list && (list->empty() || list->size() > rule::max_measurements)) {
      errors.push_back({list->empty() ? code::too_few : code::range, "/measurements",
                        list->empty() ? "give at least one measured epoch time (two or more batch sizes per device "
                                        "determine its constants)"
                                      : "give at most " + format_number(static_cast<double>(rule::max_measurements)) +
                                            " measurements"});
    } else if (list) {
      for (std::size_t i = 0; i < list->size(); ++i)
        if (auto m = read_measurement((*list)[i], pointer("/measurements", i), batch, errors)) measurements.push_back(*m);
    }
    std::vector<std::int64_t> predict;
    if (const json* v = field(input, "predict", "", errors, false)) predict = read_predict(*v, batch, errors);
    if (!errors.empty() || !scenario) return errors_to_json(errors);

    const FreeConstants free = fit_given ? *fit_given : default_free(measurements, scenario->widths);
    const Calibration fit = calibrate(*scenario, measurements, free);
    if (!all_finite(fit)) return errors_to_json({detail::internal_error_value("non-finite number in the calibration")});
    if (!fit.determines_anything)
      return errors_to_json({{code::too_few, "/measurements",
                              std::to_string(measurements.size()) + (measurements.size() == 1 ? " measurement" : " measurements") +
                                  " cannot determine " + free_words(free) + ": give host times at two or "
                                  "more batch sizes (for dispatch and the host's efficiency) and accelerator times at "
                                  "two or more (for launch and the accelerator's efficiency)"}});
    Errors ignored;
    const json merged = expand_preset(document, ignored);
    Context context{fit, *scenario, merged, fit_given.has_value(), {false, false}};
    for (const Measurement& m : measurements) context.measured[m.device == MeasuredOn::host ? 0 : 1] = true;
    json input_used = input;
    input_used["scenario"] = document;
    if (from_csv) input_used["measurements"] = *from_csv;
    return reply_of(input_used, context, measurements, predict, default_preset);
  } catch (const std::exception& e) {
    return errors_to_json({detail::internal_error_value(e.what())});
  } catch (...) {
    return errors_to_json({detail::internal_error_value("unknown exception")});
  }
}

// Not inlined into the bindings: a fit runs once, so it keeps its build for size (engine/CMakeLists.txt).
[[gnu::noinline]] std::string calibrate_json(std::string_view input) {
  Errors errors;
  const auto doc = parse_json_text(input, "the calibration input", errors);
  if (!doc) return detail::to_text(errors_to_json(errors));
  return detail::to_text(calibrate_document(*doc));
}

std::string calibrate_reply(std::string_view input) {
  Errors errors;
  const auto doc = parse_json_text(input, "the calibration input", errors);
  return document_reply(doc ? calibrate_document(*doc) : errors_to_json(errors));
}

}  // namespace epochcalc
