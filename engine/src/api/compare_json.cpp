// Devices side by side as a document (compare_document in whatif_json.hpp): the devices named, each
// with the price and idle power it is compared at and where they came from, the runs, and the exact
// fastest and cheapest envelopes over batch sizes with the same ranges in words.
#include <algorithm>
#include <string>
#include <vector>

#include "api/document_parts.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/whatif_json.hpp"
#include "epochcalc/model/compare.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/scenario/registry.hpp"
#include "scenario/json_read.hpp"

namespace epochcalc {

namespace {

using detail::trimmed;

// One device to compare, with where its price came from.
struct Entry {
  Contender contender;
  std::string kind;        // a registry kind, or "host" / "accelerator" for the scenario's own
  std::string yours;       // "host", "accelerator" or "": the scenario's own device in this row
  std::string terms_path;  // where the scenario keeps this row's price and idle power: "/host", "/compared/l4"
  const registry::ListPrice* list_price = nullptr;  // the cited price it is compared at, when none was given
};
Entry entry_of(Contender contender, std::string kind, std::string yours) {
  Entry e;
  e.contender = std::move(contender);
  e.kind = std::move(kind);
  e.yours = std::move(yours);
  return e;
}

// Prices and idle powers, the first given wins: the list's "@" terms, then the scenario's (its own
// devices', or /compared/<id>), then the device's cited list price. A device without any has no cost.
void settle_terms(Entry& e, const Scenario& s, std::optional<double> price, std::optional<double> idle) {
  Device& d = e.contender.device;
  if (!e.yours.empty()) {
    e.terms_path = "/" + e.yours;
  } else {
    e.terms_path = "/compared/" + e.contender.label;
    if (const auto it = s.compared.find(e.contender.label); it != s.compared.end()) {
      if (has_price(it->second.price_per_hour)) d.price_per_hour = it->second.price_per_hour;
      if (it->second.idle_power > 0) d.idle_power = it->second.idle_power;
    }
  }
  if (price) d.price_per_hour = *price;
  if (idle) d.idle_power = *idle;
  if (!has_price(d.price_per_hour) && (e.list_price = registry::find_list_price(d.registry_id))) d.price_per_hour = e.list_price->price_per_hour;
}

Entry registry_entry(const registry::HardwareEntry& h, const Scenario& s) {
  // The scenario's own devices stand in for the registry entries they are (or are based on), edits and
  // all, each in the role its kind gives it.
  if (!h.runs_as_host() && h.id == s.accelerator.registry_id)
    return entry_of({h.id, s.accelerator, false}, h.kind, "accelerator");
  if (h.runs_as_host() && h.id == s.host.registry_id) return entry_of({h.id, s.host, true}, h.kind, "host");
  return entry_of({h.id, h.device, h.runs_as_host()}, h.kind, "");
}

// The device an id names (a registry id, or the scenario's "host" or "accelerator"), with its terms
// settled; an unknown id is refused with the closest id.
std::optional<Entry> entry_for(const std::string& id, std::optional<double> price, std::optional<double> idle,
                               const std::string& path, const Scenario& s, Errors& errors) {
  Entry e;
  if (const registry::HardwareEntry* h = registry::find_hardware(id)) {
    e = registry_entry(*h, s);
  } else if (id == "host" || id == "accelerator") {
    const bool host = id == "host";
    e = entry_of({id, host ? s.host : s.accelerator, host}, id, id);
  } else if (id == "all" || id == "accelerators") {
    // Not a device: the name of a whole list (issue 47: it suggested itself).
    errors.push_back({code::unknown_id, path, "\"" + id + "\" names a whole list of devices: give it alone, instead of a list"});
    return std::nullopt;
  } else if (const std::size_t at = id.find('@'); at != std::string::npos) {
    // The command line's id@price (issue 46: Python took it): as data, the terms have keys.
    errors.push_back({code::unknown_id, path, "unknown device \"" + id + "\": a price or an idle power goes in a key of its own, e.g. {\"id\": \"" +
                                                  id.substr(0, at) + "\", \"price\": \"" + id.substr(at + 1, id.find('@', at + 1) - at - 1) + "\"}"});
    return std::nullopt;
  } else {
    std::string message = "unknown device \"" + id + "\"";
    std::vector<std::string> known = registry::hardware_ids();
    known.insert(known.end(), {"host", "accelerator"});
    if (auto m = closest_match(id, known)) message += "; did you mean \"" + *m + "\"?";
    else message += "; see --list-hardware";
    errors.push_back({code::unknown_id, path, message});
    return std::nullopt;
  }
  settle_terms(e, s, price, idle);
  return e;
}

// Reads one device of a list given as data: an id, or {"id", "price"?, "idle_power"?}.
std::optional<Entry> read_entry(const json& item, std::size_t i, const Scenario& s, Errors& errors) {
  const std::string path = "/devices/" + std::to_string(i);
  if (item.is_string()) return entry_for(item.get<std::string>(), std::nullopt, std::nullopt, path, s, errors);
  static const std::vector<std::string> keys{"id", "price", "idle_power"};
  if (!item.is_object()) {
    errors.push_back({code::type, path, "expected a device: a registry id, or {\"id\", \"price\", \"idle_power\"}, got " + json_type_name(item)});
    return std::nullopt;
  }
  if (!check_object(item, path, keys, errors)) return std::nullopt;
  const std::size_t before = errors.size();
  std::optional<std::string> id;
  if (const json* v = field(item, "id", path, errors, true)) id = read_string(*v, path + "/id", errors);
  std::optional<double> price, idle;
  if (const json* v = field(item, "price", path, errors, false); v && !v->is_null())
    price = read_quantity(*v, path + "/price", rule::price_per_hour, errors);
  if (const json* v = field(item, "idle_power", path, errors, false); v && !v->is_null())
    idle = read_quantity(*v, path + "/idle_power", rule::idle_power, errors);
  if (errors.size() != before) return std::nullopt;
  return entry_for(*id, price, idle, path, s, errors);
}


// "L4 for batch 1–69, H100 from 70": an envelope's ranges in words, each device by its name.
std::string envelope_text(const std::vector<EnvelopeRange>& ranges, const std::vector<Entry>& entries, std::int64_t n) {
  std::string out;
  for (const EnvelopeRange& r : ranges) {
    if (!out.empty()) out += ", ";
    out += entries[r.index].contender.device.name;
    if (ranges.size() == 1) out += " at every batch size";
    else if (r.to == n && r.from > 1) out += " from " + format_number(static_cast<double>(r.from));
    else if (r.from == r.to) out += " for batch " + format_number(static_cast<double>(r.from));
    else out += " for batch " + format_number(static_cast<double>(r.from)) + "–" + format_number(static_cast<double>(r.to));
  }
  return out;
}

}  // namespace

json compare_document(const json& document, const json& devices, const json& across) {
  json error_document;
  const auto scenario = detail::scenario_of(document, error_document);
  if (!scenario) return error_document;
  const Scenario& s = *scenario;
  Errors errors;
  std::vector<Entry> entries;
  const std::string list = devices.is_string() ? trimmed(devices.get_ref<const std::string&>()) : std::string();
  const auto too_many = [&](std::size_t count) {
    errors.push_back({code::range, "/devices", "give at most " + std::to_string(max_compare_devices) + " devices to compare; got " +
                                                   std::to_string(count) + " (\"all\" names every registry device)"});
  };
  if (list == "accelerators" || list == "all") {
    if (list == "accelerators") entries.push_back(entry_of({"host", s.host, true}, "host", "host"));
    for (const registry::HardwareEntry& h : registry::hardware())
      if (list == "all" || !h.runs_as_host()) entries.push_back(registry_entry(h, s));
    // An accelerator typed in full (or a CPU in the accelerator slot) is no entry of the list: it joins as itself.
    if (std::none_of(entries.begin(), entries.end(), [](const Entry& e) { return e.yours == "accelerator"; }))
      entries.push_back(entry_of({"accelerator", s.accelerator, false}, "accelerator", "accelerator"));
    for (Entry& e : entries) settle_terms(e, s, std::nullopt, std::nullopt);
  } else if (devices.is_array() && !devices.empty()) {
    if (devices.size() > max_compare_devices) return errors_to_json((too_many(devices.size()), errors));
    for (std::size_t i = 0; i < devices.size(); ++i)
      if (auto e = read_entry(devices[i], i, s, errors)) entries.push_back(std::move(*e));
  } else {
    std::string got = devices.is_array() ? std::string("an empty list") : json_type_name(devices);
    if (devices.is_string()) {
      got = "\"" + list + "\"";
      if (auto m = closest_match(list, {"accelerators", "all"})) got += "; did you mean \"" + *m + "\"?";
    }
    errors.push_back({devices.is_string() ? code::unknown_id : code::type, "/devices",
                      "expected the devices to compare: \"accelerators\", \"all\", or a list of ids and "
                      "{\"id\", \"price\", \"idle_power\"}, got " + got});
  }
  if (!errors.empty()) return errors_to_json(errors);
  // The batch sizes to compare across, read before any work, as a field sweep reads them (its rules,
  // limits and messages), of the batch size only.
  std::optional<FieldSweepRequest> request;
  std::vector<std::int64_t> batches;
  if (!across.is_null()) {
    json refused;
    request = read_field_sweep_data(document, across, refused);
    if (!request) return refused;
    if (request->paths.size() != 1 || request->paths[0] != "/network/batch_size")
      return errors_to_json({{code::args, "/across", "devices are compared across the batch size: sweep network.batch_size, and one field only"}});
    for (const double b : request->values[0]) batches.push_back(static_cast<std::int64_t>(b));
  }
  // A device listed more than once (one L4 at two prices) is named by its place in the list, every
  // time, so no answer leaves it open which one is meant (hostile input round three, L2).
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string id = entries[i].contender.label;
    std::size_t same = 0;
    for (const Entry& e : entries) same += e.contender.label == id || e.contender.label.starts_with(id + "#");
    if (same < 2) continue;
    for (std::size_t j = i; j < entries.size(); ++j)
      if (entries[j].contender.label == id) {
        entries[j].contender.label = id + "#" + std::to_string(j + 1);
        entries[j].contender.device.name += " (device " + std::to_string(j + 1) + ")";
      }
  }
  std::vector<Contender> contenders;
  for (const Entry& e : entries) contenders.push_back(e.contender);
  const DeviceComparison comparison = compare_devices(s, contenders);
  json rows = json::array();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const Device& d = e.contender.device;
    const ContenderResult& r = comparison.results[i];
    json price = nullptr;
    if (has_price(d.price_per_hour)) {
      price = {{"usd_per_hour", d.price_per_hour}, {"from", e.list_price ? "list" : "given"}};
      if (e.list_price) {
        price["offer"] = e.list_price->offer;
        price["source"] = e.list_price->source;
        price["date"] = e.list_price->date;
      }
    }
    json row = {{"id", e.contender.label}, {"name", d.name}, {"kind", e.kind},
                {"runs_as", e.contender.runs_as_host ? "host" : "accelerator"},
                {"yours", e.yours.empty() ? json(nullptr) : json(e.yours)}, {"price", std::move(price)},
                {"price_path", e.terms_path + "/price_per_hour"}, {"idle_power_w", d.idle_power > 0 ? json(d.idle_power) : json(nullptr)},
                {"idle_power_path", e.terms_path + "/idle_power"},
                {"has_precision", r.has_precision}};
    if (r.has_precision) {
      row["batched"] = detail::run_json(r.runs.batched, has_price(d.price_per_hour));
      row["batch_one"] = detail::run_json(r.runs.batch_one, has_price(d.price_per_hour));
    }
    rows.push_back(std::move(row));
  }
  const auto envelope = [&](const std::vector<EnvelopeRange>& ranges) {
    json out = json::array();
    for (const EnvelopeRange& r : ranges) out.push_back({{"from", r.from}, {"to", r.to}, {"device", entries[r.index].contender.label}});
    return out;
  };
  const std::int64_t n = s.dataset.training_examples;
  json across_json = nullptr;
  if (request) {
    json columns = json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (!comparison.results[i].has_precision) continue;
      const bool priced = has_price(entries[i].contender.device.price_per_hour);
      json epochs = json::array(), costs = json::array();
      for (const Run& r : contender_runs(s, entries[i].contender, batches)) {
        epochs.push_back(r.epoch_time_s);
        costs.push_back(r.cost_usd);
      }
      columns.push_back({{"id", entries[i].contender.label}, {"epoch_time_s", std::move(epochs)},
                         {"cost_usd", priced ? std::move(costs) : json(nullptr)}});
    }
    across_json = {{"batch_size", batches}, {"devices", std::move(columns)}};
  }
  json reply = {{"schema", compare_schema},
          {"batch_size", s.batch_size},
          {"precision", s.precision},
          {"devices", std::move(rows)},
          {"fastest", envelope(comparison.fastest)},
          {"cheapest", envelope(comparison.cheapest)},
          {"fastest_text", comparison.fastest.empty() ? json(nullptr) : json("Fastest: " + envelope_text(comparison.fastest, entries, n) + ".")},
          {"cheapest_text", comparison.cheapest.empty() ? json(nullptr) : json("Cheapest: " + envelope_text(comparison.cheapest, entries, n) + ".")}};
  if (!across_json.is_null()) reply["across"] = std::move(across_json);
  return reply;
}

}  // namespace epochcalc
