// The what-ifs as documents, for the CLI's --json and --csv and the module: sweep any numeric field
// (one or two), solve for a field, the break-even summary, and devices side by side. Values are typed
// as a user writes them ("1 us", "64"), read with the field's units and checked against its limits;
// the scenario is validated once per call. Each returns its document or an epochcalc/error@1 one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/whatif/field_sweep.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/whatif/solve_for.hpp"

namespace epochcalc {

inline constexpr std::string_view field_sweep_schema = "epochcalc/field-sweep@1";
inline constexpr std::string_view solve_for_schema = "epochcalc/solve-for@1";
inline constexpr std::string_view break_even_schema = "epochcalc/break-even@1";
inline constexpr std::string_view compare_schema = "epochcalc/compare@1";
inline constexpr std::string_view quick_whatifs_schema = "epochcalc/quick-whatifs@1";
inline constexpr std::string_view explain_schema = "epochcalc/explain@1";

// Points a field sweep computes at most, one sweep or a grid (the page's map is 200 × 200 = 40,000). A
// million answered in the module in 0.6 s, but the command line's CSV of them took 16 s and 2.5 GB (issue
// 36: every call within the limits answers within a second).
inline constexpr std::size_t max_field_sweep_points = 50'000;

// A numeric field named as a JSON pointer or a dotted path ("dispatch", "network.batch_size"), bound
// in the scenario; an unknown name suggests the full path whose last name matches. `where` is the
// pointer errors are reported at.
std::optional<NumberField> field_named(const Scenario& scenario, std::string_view name, const std::string& where,
                                       Errors& errors);
// A value for a numeric field, in SI units and within its limits: a number in SI units, or text with
// its unit ("20 us", "2e-5", "64").
std::optional<double> read_field_datum(const FieldSpec& field, const nlohmann::ordered_json& value, const std::string& where,
                                       Errors& errors);
// "flip" (the winner changes), "speedup=K" ("K x" too), "epoch=TIME" ("30 ms").
std::optional<Goal> read_goal(std::string_view text, const std::string& where, Errors& errors);

// A field sweep read and checked: the scenario validated once, each field bound, its values in SI.
struct FieldSweepRequest {
  Scenario scenario;
  std::vector<NumberField> fields;
  std::vector<std::vector<double>> values;
  std::vector<std::string> paths;  // each field's JSON pointer
};
// The request, or nullopt with `error_document` set. The sweeps are as below.
std::optional<FieldSweepRequest> read_field_sweep_data(const nlohmann::ordered_json& scenario, const nlohmann::ordered_json& sweeps,
                                                  nlohmann::ordered_json& error_document);
FieldSweep run_field_sweep(const FieldSweepRequest& request);
// The document's schema, points and fields, without the values and series (the module sends those as
// typed arrays).
nlohmann::ordered_json field_sweep_header(const FieldSweepRequest& request, std::size_t points);

// Sweeps as data (what the module and Python send): a JSON array of one sweep, or two for a grid
// (row-major), each {"field", "from", "to", "points"?, "log"?} (N points, 50 when left out, evenly or
// log-spaced; whole numbers for an integer field) or {"field", "values": [...]}; every value a number in
// SI units or text with its unit ("1 us"), read with the field's units and limits and refused where it
// stands (/sweeps/0/from, /sweeps/1/values/3). The command line's --sweep PATH=FROM:TO[:N][:log] is its
// own syntax, read into this data there (cli/whatif_args.hpp).
nlohmann::ordered_json field_sweep_data(const nlohmann::ordered_json& scenario, const nlohmann::ordered_json& sweeps);
// The module's reply for field_sweep_data (a tape, reply_tape.hpp): the same document with every
// series, the values swept included, as a Float64Array, and the faster device at each point by name
// ("winner"); or the error document.
std::string field_sweep_reply(const nlohmann::ordered_json& scenario, const nlohmann::ordered_json& sweeps);
nlohmann::ordered_json solve_for_document(const nlohmann::ordered_json& scenario, std::string_view field,
                                          std::string_view goal);
// For each field solve-for accepts that changes this scenario's epochs: where the winner flips and
// where the accelerator is twice as fast, and the values a chart across it shows (default_sweep_range); and the batch sizes at which each device's overhead
// exceeds its work.
nlohmann::ordered_json break_even_document(const nlohmann::ordered_json& scenario);
// `devices`, as data: "accelerators" (every accelerator in the registry, with the scenario's host
// first), "all" (every registry device), or an array whose items are ids ("host" and "accelerator" name
// the scenario's own) or {"id", "price"?, "idle_power"?} (a price per hour and an idle power read as
// those fields are: a number is USD/h or W). The command line's --compare l4@0.80/h@72W,h100-sxm is its
// own syntax, read into this data there (cli/whatif_args.hpp).
// `across`, when not null: a sweep of the batch size as field sweeps take it ([{"field":
// "network.batch_size", "from", "to", "points"?, "log"?}] or {"values"}); the reply then adds "across":
// {"batch_size": [...], "devices": [{"id", "epoch_time_s": [...], "cost_usd": [...] or null}]}, every
// device that runs at the scenario's precision at every point.
nlohmann::ordered_json compare_document(const nlohmann::ordered_json& scenario, const nlohmann::ordered_json& devices,
                                        const nlohmann::ordered_json& across = nullptr);
// The one-click what-ifs (quick_whatifs.hpp), each with its edit applied to the document as the page
// applies it and solved: {"before": {host, accelerator, speedup}, "whatifs": [{id, label, applies,
// edits: [{path, text}], note?, after: {host, accelerator, speedup}} or {id, label, applies: false, reason}]}.
nlohmann::ordered_json quick_whatifs_document(const nlohmann::ordered_json& scenario);
// One field's value in force on each device (docs/model.md, "The value in force"): {"field": {path,
// label, ..., notes}, "host": {paid, value, path, from, id?}, "accelerator": {...}, "warnings": [the
// W_SHADOWED warning at this field, if any]}. Any overhead field, scenario-wide ("dispatch") or a
// device's own ("overheads.host.dispatch"); for another numeric field, its value on both.
nlohmann::ordered_json explain_document(const nlohmann::ordered_json& scenario, std::string_view field);
// The scenario as CSV (contract/csv.hpp), whatever asks for it (the module, Python, the page's
// downloads): `what` is "result", "sweep" (with `request` the sweeps, as field_sweep_data takes them) or
// "compare" (the devices, as compare_document takes them; null: "accelerators"); `units` "si" or
// "human". Returns {"schema": "epochcalc/csv@1", "csv": text}, or the error document.
nlohmann::ordered_json csv_data(const nlohmann::ordered_json& scenario, std::string_view what,
                                const nlohmann::ordered_json& request, std::string_view units);

}  // namespace epochcalc
