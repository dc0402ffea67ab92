// The calibration document: measurements read and checked (every problem at once, each at its JSON
// pointer), the fit run (calibrate.cpp), and the reply written with what the data could not determine.
#include <cmath>
#include <cstdio>
#include <exception>

#include "epochcalc/api_json.hpp"
#include "epochcalc/calibrate.hpp"
#include "epochcalc/registry.hpp"
#include "json_read.hpp"
#include "reply.hpp"
#include "scenario_parts.hpp"

namespace epochcalc {

namespace {

const std::vector<std::string> calibration_fields{"scenario", "measurements", "fit", "measured_with"};
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

bool is_time(Constant c) { return c == Constant::dispatch || c == Constant::launch || c == Constant::step_overhead; }

std::optional<Measurement> read_measurement(const json& value, const std::string& path, const Scenario& s,
                                            Errors& errors) {
  if (!check_object(value, path, measurement_fields, errors)) return std::nullopt;
  const std::size_t before = errors.size();
  Measurement m;
  if (const json* v = field(value, "device", path, errors, true))
    if (auto device = read_choice(*v, pointer(path, "device"), device_roles, errors))
      m.device = *device == "host" ? MeasuredOn::host : MeasuredOn::accelerator;
  // The scenario's own rule for a batch size: with drop_last, at most N.
  const IntegerRule batch{1, s.assumptions.drop_last ? s.dataset.training_examples : rule::batch_size.max};
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

// The input's scenario with each determined constant written in, readable and exact to nine digits.
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

// The input's scenario with the fit written in: each determined value, and each undetermined one as
// settled (closest to the scenario's own), so the scenario solves to the predictions.
json applied_scenario(json scenario, const Calibration& fit) {
  for (const ConstantField& f : constant_fields) {
    const auto& value = fit.settled[static_cast<std::size_t>(f.constant)];
    if (!value) continue;
    json* into = &scenario;
    if (*f.parent) {
      if (!scenario.contains(f.parent) || !scenario[f.parent].is_object()) scenario[f.parent] = new_object_for(scenario, f.parent);
      into = &scenario[f.parent];
    }
    (*into)[f.key] = is_time(f.constant) ? json(significant(*value * 1e6, 9) + " us") : json(std::stod(significant(*value, 9)));
  }
  return scenario;
}

json notes_of(const Calibration& fit, const std::vector<Measurement>& measurements, const FreeConstants& free) {
  bool host = false, accelerator = false;
  for (const Measurement& m : measurements) (m.device == MeasuredOn::host ? host : accelerator) = true;
  json notes = json::array();
  const auto has = [&](Constant c) { return fit.fitted[static_cast<std::size_t>(c)].has_value(); };
  const auto is_free = [&](Constant c) { return free[static_cast<std::size_t>(c)]; };
  if (!accelerator && (is_free(Constant::launch) || is_free(Constant::accelerator_efficiency)))
    notes.push_back("Only host times are given: the launch cost and the accelerator's efficiency need accelerator times.");
  if (!host && is_free(Constant::host_efficiency))
    notes.push_back("Only accelerator times are given: the host's efficiency needs host times.");
  if (fit.dispatch_plus_launch)
    notes.push_back("Dispatch and launch are paid together on the accelerator, so its times alone fix their sum (" +
                    shown(Constant::dispatch, *fit.dispatch_plus_launch) +
                    " per operation) but not each; host times at two or more batch sizes separate them.");
  if (fit.overhead_per_step)
    notes.push_back("One network cannot tell the fixed cost per step from the cost per operation: every step runs the "
                    "same " + significant(fit.overhead_per_step_ops, 6) + " operations, so the times fix only one "
                    "step's overhead (" + significant(fit.overhead_per_step_ops, 6) + " x dispatch" +
                    (fit.fitted[static_cast<std::size_t>(Constant::launch)] || !accelerator ? "" : " and launch") +
                    " + the fixed cost per step = " + shown(Constant::step_overhead, *fit.overhead_per_step) +
                    "). Measure networks of different depths (each measurement's widths) to separate them, or "
                    "leave one of them out of fit.");
  for (const ConstantField& f : constant_fields) {
    if (!free[static_cast<std::size_t>(f.constant)]) continue;  // held at the scenario's value, not fitted
    if (fit.overhead_per_step && (f.constant == Constant::step_overhead || f.constant == Constant::dispatch ||
                                  (f.constant == Constant::launch && accelerator)))
      continue;  // said above
    const bool device_seen = f.constant == Constant::host_efficiency ? host
                             : f.constant == Constant::accelerator_efficiency ? accelerator
                             : f.constant == Constant::launch ? accelerator
                                                              : true;
    if (!has(f.constant) && device_seen && !(fit.dispatch_plus_launch && (f.constant == Constant::dispatch || f.constant == Constant::launch)))
      notes.push_back(std::string("The ") + f.words +
                      " is not determined: measure that device at more batch sizes (at least as many as the "
                      "constants it shares its times with).");
  }
  bool moved = false;
  for (const ConstantField& f : constant_fields) {
    const auto j = static_cast<std::size_t>(f.constant);
    moved |= fit.settled[j].has_value() && !fit.fitted[j].has_value();
  }
  if (moved)
    notes.push_back("The fitted scenario keeps each undetermined value as close to the scenario's own as the "
                    "measurements allow, so that it reproduces the fitted times.");
  for (Constant c : fit.at_limit)
    notes.push_back(std::string("The ") + constant_fields[static_cast<std::size_t>(c)].words +
                    " is held at the scenario's limit (" +
                    (c == Constant::step_overhead ? "an hour per step"
                     : is_time(c)                  ? "an hour per operation"
                                                   : "an efficiency of 0.0001 %") +
                    "): the measured times are far beyond what this scenario allows; check the times' units and "
                    "the scenario's network, dataset and devices.");
  for (Constant c : fit.at_bound) {
    if (c == Constant::host_efficiency || c == Constant::accelerator_efficiency)
      notes.push_back(std::string("The ") + constant_fields[static_cast<std::size_t>(c)].words +
                      " is held at 100 %: the times are at or below what the peak figures allow; check the device's "
                      "peak FLOP/s and bandwidth.");
    else
      notes.push_back(std::string("The ") + constant_fields[static_cast<std::size_t>(c)].words +
                      " is held at 0 s: the times leave nothing for it.");
  }
  return notes;
}

json reply_of(const json& input, const std::vector<Measurement>& measurements,
              const Calibration& fit, const FreeConstants& free) {
  json fitted = json::object();
  json undetermined = json::array();
  json held = json::array();
  for (const ConstantField& f : constant_fields) {
    const auto& value = fit.fitted[static_cast<std::size_t>(f.constant)];
    fitted[f.key] = value ? json(*value) : json(nullptr);
    if (!free[static_cast<std::size_t>(f.constant)]) held.push_back(f.key);
    else if (!value) undetermined.push_back(f.key);
  }
  json rows = json::array();
  const json& given = input.at("measurements");
  double squares = 0;
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    const Measurement& m = measurements[i];
    const double residual = fit.predicted_s[i] - m.epoch_time_s;
    squares += (residual / m.epoch_time_s) * (residual / m.epoch_time_s);
    json row = {{"device", m.device == MeasuredOn::host ? "host" : "accelerator"},
                {"batch_size", m.batch_size},
                {"epoch_time_s", m.epoch_time_s}};
    if (given[i].contains("note")) row["note"] = given[i].at("note");
    if (given[i].contains("ops_per_step")) row["ops_per_step"] = given[i].at("ops_per_step");
    if (!m.widths.empty()) row["widths"] = m.widths;
    row["predicted_s"] = fit.predicted_s[i];
    row["residual_s"] = residual;
    row["relative_residual"] = residual / m.epoch_time_s;
    row["uncalibrated_s"] = fit.uncalibrated_s[i];
    rows.push_back(row);
  }
  return {{"schema", calibration_schema},
          {"fitted", fitted},
          {"undetermined", undetermined},
          {"held", held},
          {"dispatch_plus_launch", fit.dispatch_plus_launch ? json(*fit.dispatch_plus_launch) : json(nullptr)},
          {"overhead_per_step", fit.overhead_per_step ? json(*fit.overhead_per_step) : json(nullptr)},
          {"rms_relative_residual", std::sqrt(squares / static_cast<double>(measurements.size()))},
          {"notes", notes_of(fit, measurements, free)},
          {"measurements", rows},
          {"scenario", applied_scenario(input.at("scenario"), fit)}};
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
    std::optional<FreeConstants> fit_given;
    if (const json* v = field(input, "fit", "", errors, false)) fit_given = read_fit(*v, errors);
    if (const json* v = field(input, "measured_with", "", errors, false); v && !v->is_object())
      errors.push_back(message::not_an_object("/measured_with", *v));
    // The scenario first: its errors, under /scenario, and its rules for the batch sizes.
    std::optional<Scenario> scenario;
    if (scenario_doc) {
      ParsedScenario parsed = parse_scenario(*scenario_doc);
      for (Error e : parsed.errors) {
        e.path = "/scenario" + e.path;
        errors.push_back(std::move(e));
      }
      scenario = std::move(parsed.scenario);
    }
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
      // Every problem at once: with a broken scenario, the measurements are checked by the default rules.
      const Scenario rules = scenario ? *scenario : Scenario{};
      for (std::size_t i = 0; i < list->size(); ++i)
        if (auto m = read_measurement((*list)[i], pointer("/measurements", i), rules, errors))
          measurements.push_back(*m);
    }
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
    return reply_of(input, measurements, fit, free);
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

}  // namespace epochcalc
