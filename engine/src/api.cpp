#include "epochcalc/api.hpp"

#include <cmath>
#include <exception>

#include "epochcalc/json_read.hpp"
#include "epochcalc/registry.hpp"
#include "epochcalc/sweep.hpp"

#ifndef EPOCHCALC_VERSION
#error "EPOCHCALC_VERSION is set by CMake from the project version"
#endif

namespace epochcalc {

namespace {

using json = nlohmann::ordered_json;

json profile_to_json(const Profile& p) {
  return {{"batch_size", p.batch_size},
          {"steps_per_epoch", p.steps_per_epoch},
          {"flops", p.flops},
          {"bytes", p.bytes},
          {"launched_ops", static_cast<std::int64_t>(p.launched_ops)}};
}

json run_to_json(const Run& r) {
  return {{"epoch_time_s", r.epoch_time_s},
          {"compute_time_s", r.compute_time_s},
          {"memory_time_s", r.memory_time_s},
          {"work_time_s", r.work_time_s},
          {"dispatch_time_s", r.dispatch_time_s},
          {"launch_time_s", r.launch_time_s},
          {"overhead_time_s", r.overhead_time_s},
          {"overhead_fraction", r.overhead_fraction},
          {"arithmetic_energy_j", r.arithmetic_energy_j},
          {"data_movement_energy_j", r.data_movement_energy_j},
          {"energy_j", r.energy_j}};
}

// The pointer of the first number in `value` that is NaN or infinite, if any.
std::optional<std::string> first_non_finite(const json& value, const std::string& path) {
  if (value.is_number_float() && !std::isfinite(value.get<double>())) return path;
  if (value.is_structured())
    for (const auto& [key, child] : value.items())
      if (auto found = first_non_finite(child, path + "/" + key)) return found;
  return std::nullopt;
}

constexpr std::size_t max_sweep_points = 10'000;

// nlohmann's DOM builder, told to record where parsing failed instead of throwing (so the position
// reaches the user in builds without exception support too), and to refuse deep nesting: copying or
// destroying a deeply nested document recurses, and would overflow the stack.
struct CheckedParser : nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;
  using Base::Base;
  std::size_t failed_at = 0;
  std::size_t depth = 0;
  bool too_deep = false;

  bool start_object(std::size_t elements) { return enter() && Base::start_object(elements); }
  bool start_array(std::size_t elements) { return enter() && Base::start_array(elements); }
  bool end_object() { return --depth, Base::end_object(); }
  bool end_array() { return --depth, Base::end_array(); }
  template <typename Exception>
  bool parse_error(std::size_t position, const std::string& /*token*/, const Exception& /*error*/) {
    failed_at = position;
    return false;
  }

 private:
  bool enter() {
    too_deep = ++depth > max_json_depth;
    return !too_deep;
  }
};

}  // namespace

std::optional<json> parse_json_text(std::string_view text, const std::string& what, Errors& errors) {
  json document;
  CheckedParser parser(document, /*allow_exceptions=*/false);
  if (json::sax_parse(text, &parser) && parser.failed_at == 0 && !parser.too_deep) return document;
  if (parser.too_deep)
    errors.push_back({code::json, "", what + " nests objects and arrays more than " + std::to_string(max_json_depth) +
                                          " levels deep; a scenario needs at most 4"});
  else
    errors.push_back({code::json, "", what + " is not valid JSON (at character " + std::to_string(parser.failed_at) +
                                          "): check quotes, commas, brackets and numbers there"});
  return std::nullopt;
}

namespace {

// Text of a reply. Messages quote user input, so a stray invalid UTF-8 byte is replaced, never fatal.
std::string to_text(const json& document) { return document.dump(-1, ' ', false, json::error_handler_t::replace); }

json internal_error(const std::string& what) {
  return errors_to_json({{code::internal, "", "internal error (" + what +
                                                  "); this is a bug in epochcalc, please report it with your scenario"}});
}

}  // namespace

std::string_view version() { return EPOCHCALC_VERSION; }

json result_to_json(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings) {
  json warning_list = json::array();
  for (const Warning& w : warnings) warning_list.push_back({{"code", w.code}, {"message", w.message}});
  const Comparison& c = result.comparison;
  return {{"schema", result_schema},
          {"scenario", scenario_to_json(scenario)},
          {"network",
           {{"layers", result.shape.layers},
            {"parameters", static_cast<std::int64_t>(result.shape.parameters)},
            {"batched", profile_to_json(result.batched)},
            {"batch_one", profile_to_json(result.batch_one)}}},
          {"host",
           {{"name", scenario.host.name},
            {"batched", run_to_json(result.host.batched)},
            {"batch_one", run_to_json(result.host.batch_one)}}},
          {"accelerator",
           {{"name", scenario.accelerator.name},
            {"batched", run_to_json(result.accelerator.batched)},
            {"batch_one", run_to_json(result.accelerator.batch_one)}}},
          {"comparison",
           {{"accelerator_speedup_batched", c.accelerator_speedup_batched},
            {"accelerator_speedup_batch_one", c.accelerator_speedup_batch_one},
            {"batching_speedup_host", c.batching_speedup_host},
            {"batching_speedup_accelerator", c.batching_speedup_accelerator},
            {"crossover_batch_size", c.crossover_batch_size ? json(*c.crossover_batch_size) : json(nullptr)}}},
          {"warnings", warning_list}};
}

json errors_to_json(const Errors& errors) {
  json list = json::array();
  for (const Error& e : errors) list.push_back({{"code", e.code}, {"path", e.path}, {"message", e.message}});
  return {{"schema", error_schema}, {"errors", list}};
}

// Runs `body`, turning any escaping exception into E_INTERNAL: nothing leaves the engine as a throw.
template <typename Body>
json guarded(Body body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return internal_error(e.what());
  } catch (...) {
    return internal_error("unknown exception");
  }
}

json solve_document(const json& input) {
  return guarded([&] {
    ParsedScenario parsed = parse_scenario(input);
    if (!parsed.scenario) return errors_to_json(parsed.errors);
    json out = result_to_json(*parsed.scenario, solve(*parsed.scenario), parsed.warnings);
    if (auto where = first_non_finite(out, "")) return internal_error("non-finite number at " + *where);
    return out;
  });
}

std::string solve_json(std::string_view input) {
  return to_text(guarded([&] {
           Errors errors;
           const auto doc = parse_json_text(input, "the scenario", errors);
           return doc ? solve_document(*doc) : errors_to_json(errors);
         }));
}

json sweep_document(const json& input, const json& batch_sizes) {
  return guarded([&]() -> json {
    ParsedScenario parsed = parse_scenario(input);
    if (!parsed.scenario) return errors_to_json(parsed.errors);
    const Scenario& s = *parsed.scenario;
    const auto crossover = crossover_batch_size(s);
    std::vector<std::int64_t> sizes;
    Errors errors;
    if (batch_sizes.is_null()) {
      sizes = default_sweep_batch_sizes(s, crossover);
    } else if (!batch_sizes.is_array() || batch_sizes.empty() || batch_sizes.size() > max_sweep_points) {
      errors.push_back({code::type, "/batch_sizes", "expected an array of 1 to " + std::to_string(max_sweep_points) +
                                                        " batch sizes, or null for the default grid"});
    } else {
      for (std::size_t i = 0; i < batch_sizes.size(); ++i)
        if (auto b = read_integer(batch_sizes[i], pointer("/batch_sizes", i), 1, s.dataset.training_examples, errors))
          sizes.push_back(*b);
    }
    if (!errors.empty()) return errors_to_json(errors);
    json points = json::array();
    for (const SweepPoint& p : sweep(s, sizes))
      points.push_back({{"batch_size", p.batch_size}, {"host", run_to_json(p.host)}, {"accelerator", run_to_json(p.accelerator)}});
    json out = {{"schema", "epochcalc/sweep@1"},
                {"crossover_batch_size", crossover ? json(*crossover) : json(nullptr)},
                {"points", points}};
    if (auto where = first_non_finite(out, "")) return internal_error("non-finite number at " + *where);
    return out;
  });
}

std::string sweep_json(std::string_view input, std::string_view batch_sizes) {
  return to_text(guarded([&] {
           Errors errors;
           const auto doc = parse_json_text(input, "the scenario", errors);
           const auto sizes = batch_sizes.empty() ? std::optional<json>(json(nullptr))
                                                  : parse_json_text(batch_sizes, "the batch size list", errors);
           return doc && sizes ? sweep_document(*doc, *sizes) : errors_to_json(errors);
         }));
}

std::string hardware_json() { return to_text(registry::hardware_document()); }
std::string datasets_json() { return to_text(registry::datasets_document()); }
std::string presets_json() { return to_text(registry::presets_document()); }

std::string default_scenario_json() {
  const auto* preset = registry::find_preset(registry::default_preset_id);
  return preset ? to_text(preset->scenario) : "{}";
}

}  // namespace epochcalc
