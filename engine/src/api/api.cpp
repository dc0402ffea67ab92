#include "epochcalc/api/api_json.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/schema.hpp"
#include "scenario/json_read.hpp"
#include "scenario/scenario_parts.hpp"
#include "contract/reply.hpp"
#include "contract/reply_tape.hpp"
#include "contract/result_text.hpp"

#ifndef EPOCHCALC_VERSION
#error "EPOCHCALC_VERSION is set by CMake from the project version"
#endif

namespace epochcalc {

namespace {

using json = nlohmann::ordered_json;

}  // namespace

std::optional<std::string> first_non_finite(const Result& r) {
  const auto bad = [](double x) { return !std::isfinite(x); };
  for (const auto& [name, p] : {std::pair{"network.batched", &r.batched}, std::pair{"network.batch_one", &r.batch_one}})
    if (bad(p->flops) || bad(p->bytes) || bad(p->launched_ops)) return std::string(name);
  const std::pair<const char*, const Run*> runs[] = {{"host.batched", &r.host.batched},
                                                     {"host.batch_one", &r.host.batch_one},
                                                     {"accelerator.batched", &r.accelerator.batched},
                                                     {"accelerator.batch_one", &r.accelerator.batch_one}};
  for (const auto& [name, run] : runs)
    for (double x : {run->epoch_time_s, run->compute_time_s, run->memory_time_s, run->work_time_s, run->dispatch_time_s,
                     run->launch_time_s, run->overhead_time_s, run->overhead_fraction, run->arithmetic_energy_j,
                     run->data_movement_energy_j, run->energy_j})
      if (bad(x)) return std::string(name);
  const Comparison& c = r.comparison;
  for (double x : {c.accelerator_speedup_batched, c.accelerator_speedup_batch_one, c.batching_speedup_host,
                   c.batching_speedup_accelerator})
    if (bad(x)) return std::string("comparison");
  return std::nullopt;
}

namespace {

std::optional<std::string> first_non_finite(const SweepSeries& s) {
  for (const DeviceSeries* d : {&s.host, &s.accelerator})
    for (const std::vector<double>* v : {&d->epoch_time_s, &d->work_time_s, &d->overhead_time_s})
      for (double x : *v)
        if (!std::isfinite(x)) return std::string("sweep");
  return std::nullopt;
}

}  // namespace

std::optional<json> parse_json_text(std::string_view text, const std::string& what, Errors& errors) {
  if (text.size() > rule::max_json_text_bytes) {
    errors.push_back(message::too_large(what, text.size()));
    return std::nullopt;
  }
  const ParsedText parsed = parse_text(text);
  if (parsed.document) return parsed.document;
  if (parsed.duplicate_key)
    errors.push_back(message::duplicate_key(*parsed.duplicate_key));
  else if (parsed.crowded)
    errors.push_back({code::range, *parsed.crowded, what + " has more than " + std::to_string(max_object_keys) + " keys in " +
                                                      (parsed.crowded->empty() ? std::string("its top-level object") : "the object at " + *parsed.crowded) +
                                                      "; a scenario's objects hold a few dozen at most: remove the keys that are no field"});
  else if (parsed.too_deep)
    errors.push_back({code::json, "", what + " nests objects and arrays more than " + std::to_string(max_json_depth) +
                                          " levels deep; a scenario needs at most 4"});
  else
    errors.push_back(message::not_json(what, text, parsed.failed_at));
  return std::nullopt;
}

using detail::internal_error_value;
using detail::to_text;

std::string_view version() { return EPOCHCALC_VERSION; }

json result_to_json(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings) {
  return parse_own_text(detail::result_text(scenario, result, warnings));
}

json errors_to_json(const Errors& errors) {
  json list = json::array();
  for (const Error& e : errors) list.push_back({{"code", e.code}, {"path", e.path}, {"message", e.message}});
  return {{"schema", error_schema}, {"errors", list}};
}


namespace {

// {"preset": id} and nothing else is the preset as shipped: compiled in, so it is read once into typed
// form (per preset, on first use) instead of copied and read again on every solve.
const ParsedScenario* shipped_preset(const json& input) {
  if (!input.is_object() || input.size() != 1) return nullptr;
  const auto it = input.find("preset");
  if (it == input.end() || !it->is_string()) return nullptr;
  static const std::vector<std::pair<std::string, ParsedScenario>> parsed = [] {
    std::vector<std::pair<std::string, ParsedScenario>> all;
    for (const registry::PresetEntry& p : registry::presets()) all.emplace_back(p.id, parse_scenario(json{{"preset", p.id}}));
    return all;
  }();
  for (const auto& [id, scenario] : parsed)
    if (id == it->get_ref<const std::string&>()) return &scenario;
  return nullptr;
}

}  // namespace

namespace {

// solve_checked, of a document already merged (`merged`, not null, given up: the page's update reads it
// once for its form and its result) or not. Not inlined: the module ships one copy.
[[gnu::noinline]] Solved solve_from(const json& input, detail::MergedScenario* merged) {
  Solved out;
  try {
    const ParsedScenario* shipped = merged ? nullptr : shipped_preset(input);
    ParsedScenario parsed = shipped ? *shipped : merged ? detail::parse_merged(input, std::move(*merged)) : parse_scenario(input);
    out.warnings = std::move(parsed.warnings);
    if (!parsed.scenario) {
      out.errors = std::move(parsed.errors);
      return out;
    }
    Result result = solve(*parsed.scenario);
    if (auto where = first_non_finite(result)) {
      out.errors = {internal_error_value("non-finite number in " + *where)};
      return out;
    }
    out.scenario = std::move(parsed.scenario);
    out.result = std::move(result);
  } catch (const std::exception& e) {
    out = Solved{};
    out.errors = {internal_error_value(e.what())};
  } catch (...) {
    out = Solved{};
    out.errors = {internal_error_value("unknown exception")};
  }
  return out;
}

}  // namespace

Solved solve_checked(const json& input) { return solve_from(input, nullptr); }

namespace {

// A batch size from a JavaScript number, as JSON: whole numbers print as such in messages.
json whole_or_real(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9e15) return static_cast<std::int64_t>(value);
  return value;
}

}  // namespace

namespace {

Evaluation evaluate_from(const json& input, detail::MergedScenario* merged, const std::vector<double>* batch_sizes) {
  Evaluation out;
  out.solved = solve_from(input, merged);
  if (!out.solved.result) return out;
  try {
    const Scenario& s = *out.solved.scenario;
    std::vector<std::int64_t> sizes;
    if (!batch_sizes) {
      sizes = default_sweep_batch_sizes(s, out.solved.result->comparison.accelerator_wins);
    } else if (batch_sizes->empty() || batch_sizes->size() > max_sweep_points) {
      out.solved.errors.push_back({code::type, "/batch_sizes", "give 1 to " + std::to_string(max_sweep_points) +
                                                                   " batch sizes, or none for the default grid"});
    } else {
      sizes.reserve(batch_sizes->size());
      const double n = static_cast<double>(s.dataset.training_examples);
      for (std::size_t i = 0; i < batch_sizes->size(); ++i) {
        const double b = (*batch_sizes)[i];
        if (b >= 1 && b <= n && b == std::floor(b)) sizes.push_back(static_cast<std::int64_t>(b));
        // NaN and infinity are no JSON value: said as themselves (issue 36: "null").
        else if (!std::isfinite(b)) out.solved.errors.push_back({code::type, pointer("/batch_sizes", i), std::string("expected a whole number of examples, got ") + (std::isnan(b) ? "NaN" : "infinity")});
        else read_integer(whole_or_real(b), pointer("/batch_sizes", i), {1, s.dataset.training_examples}, out.solved.errors);
      }
    }
    if (out.solved.errors.empty()) {
      out.sweep = sweep(s, sizes);
      if (auto where = first_non_finite(out.sweep)) out.solved.errors = {internal_error_value("non-finite number in " + *where)};
    }
  } catch (const std::exception& e) {
    out.solved.errors = {internal_error_value(e.what())};
  } catch (...) {
    out.solved.errors = {internal_error_value("unknown exception")};
  }
  if (!out.solved.errors.empty()) {
    out.solved.result.reset();
    out.solved.scenario.reset();
    out.sweep = {};
  }
  return out;
}

}  // namespace

Evaluation evaluate(const json& input, const std::vector<double>* batch_sizes) { return evaluate_from(input, nullptr, batch_sizes); }

json solve_document(const json& input) {
  const Solved solved = solve_checked(input);
  if (!solved.result) return errors_to_json(solved.errors);
  return result_to_json(*solved.scenario, *solved.result, solved.warnings);
}

std::string solve_json(std::string_view input) {
  Errors errors;
  const auto doc = parse_json_text(input, "the scenario", errors);
  if (!doc) return to_text(errors_to_json(errors));
  const Solved solved = solve_checked(*doc);
  if (!solved.result) return to_text(errors_to_json(solved.errors));
  return detail::result_text(*solved.scenario, *solved.result, solved.warnings);
}

json sweep_document(const json& input, const json& batch_sizes) {
  std::vector<double> sizes;
  Errors errors;
  if (!batch_sizes.is_null()) {
    if (!batch_sizes.is_array()) {
      errors.push_back({code::type, "/batch_sizes", "expected an array of batch sizes, or null for the default grid"});
    } else {
      for (std::size_t i = 0; i < batch_sizes.size(); ++i) {
        if (batch_sizes[i].is_number()) sizes.push_back(batch_sizes[i].get<double>());
        else errors.push_back({code::type, pointer("/batch_sizes", i), "expected a whole number, got " + json_type_name(batch_sizes[i])});
      }
    }
  }
  if (!errors.empty()) return errors_to_json(errors);
  const Evaluation e = evaluate(input, batch_sizes.is_null() ? nullptr : &sizes);
  if (!e.solved.result) return errors_to_json(e.solved.errors);
  // The header from the module's own writer; the series as JSON arrays instead of typed arrays.
  detail::JsonText header;
  detail::write_sweep_header(header, *e.solved.result, e.sweep.batch_size.size());
  json out = parse_own_text(header.take());
  const auto device = [](const DeviceSeries& d) {
    return json{{"epoch_time_s", d.epoch_time_s}, {"work_time_s", d.work_time_s}, {"overhead_time_s", d.overhead_time_s}};
  };
  out["batch_size"] = e.sweep.batch_size;
  out["host"] = device(e.sweep.host);
  out["accelerator"] = device(e.sweep.accelerator);
  return out;
}

std::string expand_json(std::string_view input) {
  Errors errors;
  const auto doc = parse_json_text(input, "the scenario", errors);
  if (!doc) return to_text(errors_to_json(errors));
  json expanded = expand_scenario(*doc, errors);
  if (!errors.empty()) return to_text(errors_to_json(errors));
  return to_text(json{{"schema", "epochcalc/expanded@1"}, {"scenario", std::move(expanded)}});
}

std::string set_field_json(std::string_view document, std::string_view path, std::string_view text) {
  Errors errors;
  auto doc = parse_json_text(document, "the scenario", errors);
  if (!doc) return to_text(errors_to_json(errors));
  if (!set_field(*doc, path, text, errors)) return to_text(errors_to_json(errors));
  return to_text(json{{"schema", "epochcalc/edited@1"}, {"scenario", std::move(*doc)}});
}

// The module's replies: the same documents as the text functions above, as tapes (reply_tape.hpp).
namespace {

using detail::Tape;

using detail::error_reply;
using detail::write_errors;

// {"result": ..., "sweep": {..., "batch_size": series, "host": {series...}, "accelerator": {...}}} keys,
// inside an object the caller opened.
void write_evaluation(Tape& out, const Evaluation& e) {
  out.key("result");
  detail::write_result(out, *e.solved.scenario, *e.solved.result, e.solved.warnings);
  out.key("sweep").begin_object();
  detail::write_sweep_fields(out, *e.solved.result, e.sweep.batch_size.size());
  const auto device = [&](std::string_view role, const DeviceSeries& d) {
    out.key(role).begin_object()
        .key("epoch_time_s").series(d.epoch_time_s)
        .key("work_time_s").series(d.work_time_s)
        .key("overhead_time_s").series(d.overhead_time_s)
        .end_object();
  };
  out.key("batch_size").series(e.sweep.batch_size);
  device("host", e.sweep.host);
  device("accelerator", e.sweep.accelerator);
  out.end_object();
}

}  // namespace

std::string reply_words_json() { return detail::reply_words_json(); }

std::string evaluate_reply(std::string_view input, const std::vector<double>* batch_sizes) {
  Errors errors;
  const auto doc = parse_json_text(input, "the scenario", errors);
  if (!doc) return error_reply(errors);
  const Evaluation e = evaluate(*doc, batch_sizes);
  if (!e.solved.result) return error_reply(e.solved.errors);
  Tape out;
  out.begin_object().key("schema").string("epochcalc/evaluation@1");
  write_evaluation(out, e);
  out.end_object();
  return out.take();
}

namespace {

// The update document of `doc` (null: not JSON, said by `errors`).
std::string update_of(const json* doc, Errors errors) {
  Tape out;
  out.begin_object().key("schema").string("epochcalc/update@1").key("scenario");
  doc ? out.document(*doc) : out.null();
  // Read once: the preset merged and the profiles filled in serve both the form's expansion and the result.
  std::optional<detail::MergedScenario> merged;
  std::optional<json> expanded;
  if (doc) {
    merged = detail::merge_scenario(*doc);
    json full = detail::expand_merged(*merged, errors);
    if (errors.empty()) expanded = std::move(full);
  }
  out.key("expanded");
  expanded ? out.document(*expanded) : out.null();
  std::optional<Evaluation> e;
  if (expanded) {
    e = evaluate_from(*doc, &*merged, nullptr);
    if (!e->solved.result) errors = e->solved.errors;
  }
  if (e && e->solved.result) {
    write_evaluation(out, *e);
  } else {
    out.key("result").null().key("sweep").null();
  }
  out.key("errors");
  write_errors(out, errors);
  out.end_object();
  return out.take();
}

}  // namespace

std::string update_reply(std::string_view document, const FieldEdit* edit) {
  Errors errors;
  auto doc = parse_json_text(document, "the scenario", errors);
  if (!doc && edit) return error_reply(errors);
  if (doc && edit && !set_field(*doc, edit->path, edit->text, errors)) return error_reply(errors);
  return update_of(doc ? &*doc : nullptr, std::move(errors));
}

std::string update_reply(const json& document) { return update_of(&document, {}); }

std::string document_reply(const json& document) {
  Tape out;
  out.document(document);
  return out.take();
}

std::string hardware_json() { return to_text(registry::hardware_document()); }
std::string datasets_json() { return to_text(registry::datasets_document()); }
std::string presets_json() { return to_text(registry::presets_document()); }
std::string profiles_json() { return to_text(registry::profiles_document()); }
std::string schema_json() { return to_text(schema_document()); }

std::string default_scenario_json() {
  const auto* preset = registry::find_preset(registry::default_preset_id);
  return preset ? to_text(preset->scenario) : "{}";
}

}  // namespace epochcalc
