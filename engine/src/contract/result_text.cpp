#include "contract/result_text.hpp"
#include "scenario/json_read.hpp"

#include "epochcalc/scenario/in_force.hpp"

#include "epochcalc/contract/documents.hpp"
#include "epochcalc/contract/scenario_document.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "contract/reply_tape.hpp"

namespace epochcalc::detail {

namespace {

template <typename Out>
void write_device(Out& out, const Device& d) {
  out.begin_object().key("name").string(d.name).key("peak_flops").begin_object();
  for (const auto& [precision, rate] : d.peak_flops) out.key(precision).number(rate);
  out.end_object();
  // The device's numbers, one row each in the field table; an optional one not given is null.
  for (const FieldSpec* f : device_number_fields()) {
    const double value = f->number.device_get(d, "");
    out.key(std::string_view(f->path).substr(std::string_view("/host/").size()));
    f->required || (f->write == WriteRule::null_when_no_price ? has_price(value) : value > 0) ? out.number(value) : out.null();
  }
  out.key("source");
  d.source.empty() ? out.null() : out.string(d.source);
  out.end_object();
}

template <typename Out>
void write_counts(Out& out, const EpochCounts& p) {
  out.begin_object()
      .key("batch_size").integer(p.batch_size)
      .key("steps_per_epoch").integer(p.steps_per_epoch)
      .key("flops").number(p.flops)
      .key("bytes").number(p.bytes)
      .key("launched_ops").integer(static_cast<std::int64_t>(p.launched_ops))
      .end_object();
}

// `priced`: the device has a price, so its cost is a number; otherwise null (no cost shown).
template <typename Out>
void write_run(Out& out, const Run& r, bool priced) {
  out.begin_object()
      .key("dispatches").integer(static_cast<std::int64_t>(r.dispatches))
      .key("launches").integer(static_cast<std::int64_t>(r.launches))
      .key("epoch_time_s").number(r.epoch_time_s)
      .key("compute_time_s").number(r.compute_time_s)
      .key("memory_time_s").number(r.memory_time_s)
      .key("work_time_s").number(r.work_time_s)
      .key("dispatch_time_s").number(r.dispatch_time_s)
      .key("launch_time_s").number(r.launch_time_s)
      .key("step_time_s").number(r.step_time_s)
      .key("overhead_time_s").number(r.overhead_time_s)
      .key("transfer_time_s").number(r.transfer_time_s)
      .key("overhead_fraction").number(r.overhead_fraction)
      .key("arithmetic_energy_j").number(r.arithmetic_energy_j)
      .key("data_movement_energy_j").number(r.data_movement_energy_j)
      .key("idle_energy_j").number(r.idle_energy_j)
      .key("energy_j").number(r.energy_j)
      .key("cost_usd");
  priced ? out.number(r.cost_usd) : out.null();
  out.end_object();
}

// Each value a device gives itself (own_overhead_fields), as the name the document uses and the row:
// what the scenario writes back and the result lists as "own".
template <typename Each>
void for_own_values(const Scenario& s, bool is_accelerator, Each each) {
  for (const FieldSpec* f : own_overhead_fields(is_accelerator))
    if (f->number.given(s, f->number.slot)) each(std::string_view(f->path).substr(f->path.rfind('/') + 1), *f);
}

// A device's own overhead values, as written (docs/model.md, "Overheads per device").
template <typename Out>
void write_own_overheads(Out& out, const Scenario& s, bool is_accelerator) {
  const DeviceOverheads& own = is_accelerator ? s.accelerator_overheads : s.host_overheads;
  out.begin_object();
  if (!own.profile.empty()) out.key("profile").string(own.profile);
  for_own_values(s, is_accelerator, [&](std::string_view key, const FieldSpec& f) {
    const double value = f.number.get(s, f.number.slot);  // the device's own, since it gives one
    out.key(key);
    f.kind == FieldKind::integer ? out.integer(static_cast<std::int64_t>(value)) : out.number(value);
  });
  out.end_object();
}

// Where each value the device pays comes from (docs/model.md, "The value in force"): the field that
// supplies it and that field's layer, with the preset's or profile's id.
template <typename Out>
void write_sources(Out& out, const Scenario& s, bool is_accelerator) {
  out.key("sources").begin_object();
  for (std::size_t i = 0; i < overhead_slot_count; ++i) {
    const ValueInForce v = value_in_force(s, is_accelerator, static_cast<OverheadSlot>(i));
    if (!v.paid) continue;
    out.key(overhead_fields()[i].key).begin_object().key("path").string(v.path).key("from").string(layer_name(v.source.layer));
    if (!v.source.id.empty()) out.key("id").string(v.source.id);
    out.end_object();
  }
  out.end_object();
}

// What the device pays with, its own value or the scenario's, and which of them are its own: what the
// page shows beside each device and its formulas use.
template <typename Out>
void write_paid_overheads(Out& out, const Scenario& s, bool is_accelerator) {
  const PaidOverheads o = paid_overheads(s, is_accelerator);
  const DeviceOverheads& own = is_accelerator ? s.accelerator_overheads : s.host_overheads;
  const double layers = s.widths.empty() ? 0.0 : static_cast<double>(s.widths.size() - 1);
  out.begin_object().key("profile");
  const std::string& profile = own.profile.empty() ? s.profile : own.profile;
  profile.empty() ? out.null() : out.string(profile);
  out.key("dispatch").number(o.dispatch)
      .key("launch").number(o.launch)
      .key("step_overhead").number(o.step_overhead)
      .key("ops_per_layer").integer(o.ops_per_layer)
      .key("extra_ops_per_step").integer(o.extra_ops_per_step)
      .key("ops_per_step").integer(static_cast<std::int64_t>(layers * o.ops_per_layer + o.extra_ops_per_step))
      .key("launches_per_step");
  o.launches_per_step > 0 ? out.integer(o.launches_per_step) : out.null();
  out.key("own").begin_array();
  if (!own.profile.empty()) out.string(std::string_view("profile"));
  for_own_values(s, is_accelerator, [&](std::string_view key, const FieldSpec&) { out.string(key); });
  out.end_array();
write_sources(out, s, is_accelerator);
  out.end_object();
}

template <typename Out>
void write_device_result(Out& out, const Scenario& s, bool is_accelerator, const DeviceResult& d) {
  const Device& device = is_accelerator ? s.accelerator : s.host;
  const bool priced = has_price(device.price_per_hour);
  out.begin_object().key("name").string(device.name).key("overheads");
  write_paid_overheads(out, s, is_accelerator);
  out.key("batched");
  write_run(out, d.batched, priced);
  out.key("batch_one");
  write_run(out, d.batch_one, priced);
  out.end_object();
}

}  // namespace

template <typename Out>
void write_scenario(Out& out, const Scenario& s) {
  out.begin_object().key("name").string(s.name).key("network").begin_object().key("widths").begin_array();
  for (std::int64_t w : s.widths) out.integer(w);
  out.end_array()
      .key("batch_size").integer(s.batch_size)
      .key("dataset").begin_object()
      .key("name").string(s.dataset.name)
      .key("training_examples").integer(s.dataset.training_examples)
      .end_object()
      .end_object();
  out.key("host");
  write_device(out, s.host);
  out.key("accelerator");
  write_device(out, s.accelerator);
  out.key("profile");
  s.profile.empty() ? out.null() : out.string(s.profile);
  out.key("precision").string(s.precision);
  // The top-level quantities, one row each in the field table.
  for (const FieldSpec* f : top_number_fields()) out.key(std::string_view(f->path).substr(1)).number(f->number.get(s, 0));
  // The assumptions, field by field as the table says to write each one.
  out.key("assumptions").begin_object();
  static const Scenario defaults;
  for (const FieldSpec* f : assumption_fields()) {
    const double v = f->number.get(s, 0);
    if (f->write == WriteRule::when_not_default && v == f->number.get(defaults, 0)) continue;
    out.key(std::string_view(f->path).substr(f->path.rfind('/') + 1));
    if (f->write == WriteRule::null_when_zero && v == 0) out.null();
    else if (f->kind == FieldKind::choice) out.string((*f->choices)[static_cast<std::size_t>(v)]);
    else if (f->kind == FieldKind::boolean) out.boolean(v != 0);
    else if (f->kind == FieldKind::integer) out.integer(static_cast<std::int64_t>(v));
    else out.number(v);
  }
  out.end_object();
  // Each device's own overheads, only when a device has any: a scenario without them reads as before.
  if (!s.host_overheads.empty() || !s.accelerator_overheads.empty()) {
    out.key("overheads").begin_object();
    if (!s.host_overheads.empty()) {
      out.key("host");
      write_own_overheads(out, s, false);
    }
    if (!s.accelerator_overheads.empty()) {
      out.key("accelerator");
      write_own_overheads(out, s, true);
    }
    out.end_object();
  }
  // Other devices' terms, only when the scenario gives any.
  if (!s.compared.empty()) {
    out.key("compared").begin_object();
    for (const auto& [id, terms] : s.compared) {
      out.key(id).begin_object();
      if (has_price(terms.price_per_hour)) out.key("price_per_hour").number(terms.price_per_hour);
      if (terms.idle_power > 0) out.key("idle_power").number(terms.idle_power);
      out.end_object();
    }
    out.end_object();
  }
  out.end_object();
}

template <typename Out>
void write_ranges(Out& out, const std::vector<BatchRange>& ranges) {
  out.begin_array();
  for (const BatchRange& r : ranges) out.begin_object().key("from").integer(r.from).key("to").integer(r.to).end_object();
  out.end_array();
}

template <typename Out>
void write_sweep_fields(Out& out, const Result& result, std::size_t points) {
  const Comparison& c = result.comparison;
  out.key("schema").string(sweep_schema).key("accelerator_wins");
  write_ranges(out, c.accelerator_wins);
  out.key("crossover_batch_size");
  c.crossover_batch_size ? out.integer(*c.crossover_batch_size) : out.null();
  out.key("points").integer(static_cast<std::int64_t>(points));
}

template <typename Out>
void write_sweep_header(Out& out, const Result& result, std::size_t points) {
  out.begin_object();
  write_sweep_fields(out, result, points);
  out.end_object();
}

template <typename Out>
void write_result(Out& out, const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings) {
  out.begin_object().key("schema").string("epochcalc/result@1").key("scenario");
  write_scenario(out, scenario);
  out.key("network").begin_object()
      .key("layers").integer(result.shape.layers)
      .key("parameters").integer(static_cast<std::int64_t>(result.shape.parameters))
      .key("batched");
  write_counts(out, result.batched);
  out.key("batch_one");
  write_counts(out, result.batch_one);
  out.end_object().key("host");
  write_device_result(out, scenario, false, result.host);
  out.key("accelerator");
  write_device_result(out, scenario, true, result.accelerator);
  const Comparison& c = result.comparison;
  out.key("comparison").begin_object()
      .key("accelerator_speedup_batched").number(c.accelerator_speedup_batched)
      .key("accelerator_speedup_batch_one").number(c.accelerator_speedup_batch_one)
      .key("batching_speedup_host").number(c.batching_speedup_host)
      .key("batching_speedup_accelerator").number(c.batching_speedup_accelerator)
      .key("accelerator_wins");
  write_ranges(out, c.accelerator_wins);
  out.key("crossover_batch_size");
  c.crossover_batch_size ? out.integer(*c.crossover_batch_size) : out.null();
  out.end_object().key("warnings").begin_array();
  for (const Warning& w : warnings) out.begin_object().key("code").string(w.code).key("path").string(w.path).key("message").string(w.message).end_object();
  out.end_array().end_object();
}

[[gnu::noinline]] std::string result_text(const Scenario& scenario, const Result& result, const std::vector<Warning>& warnings) {
  JsonText out;
  write_result(out, scenario, result, warnings);
  return out.take();
}

// Both writers, from the one set of functions above.
#define EPOCHCALC_WRITERS(Out)                                                                                  \
  template void write_scenario(Out&, const Scenario&);                                                        \
  template void write_ranges(Out&, const std::vector<BatchRange>&);                                           \
  template void write_sweep_fields(Out&, const Result&, std::size_t);                                         \
  template void write_sweep_header(Out&, const Result&, std::size_t);                                         \
  template void write_result(Out&, const Scenario&, const Result&, const std::vector<Warning>&);
EPOCHCALC_WRITERS(JsonText)
EPOCHCALC_WRITERS(Tape)
#undef EPOCHCALC_WRITERS

}  // namespace epochcalc::detail

namespace epochcalc {

nlohmann::ordered_json scenario_to_json(const Scenario& s) {
  detail::JsonText out;
  detail::write_scenario(out, s);
  return parse_own_text(out.take());
}

}  // namespace epochcalc
