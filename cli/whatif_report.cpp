#include "whatif_report.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <vector>

#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "format.hpp"

namespace epochcalc::cli {

namespace {

using json = nlohmann::ordered_json;

// The parts of a run, in the order of the breakdown, as the documents name them.


std::string metric_text(const json& answer, double metric) {
  return answer.at("metric") == "speedup" ? format_ratio(metric) : format_time(metric);
}

std::string value_of(const json& field, double value) {
  return format_value(value, field.at("unit").get<std::string>(), field.at("integer").get<bool>());
}

// What the goal asks, in words.
std::string goal_text(const json& answer, const std::string& host, const std::string& accelerator) {
  const json& goal = answer.at("goal");
  const std::string kind = goal.at("kind");
  if (kind == "accelerator_wins") return "the " + accelerator + " is faster than the " + host;
  if (kind == "speedup_at_least")
    return "the " + accelerator + " is at least " + format_ratio(goal.at("target").get<double>()) + " faster than the " + host;
  return "the " + accelerator + "'s epoch is at most " + format_time(goal.at("target").get<double>());
}

std::string batch_ranges(const json& ranges) {
  if (ranges.empty()) return "none";
  std::string out;
  for (const json& r : ranges) {
    if (!out.empty()) out += ", ";
    const double from = r.at("from"), to = r.at("to");
    out += from == to ? format_count(from) : format_count(from) + " to " + format_count(to);
  }
  return out;
}

std::string answer_sentence(const json& field, const json& answer, const std::string& host, const std::string& accelerator) {
  const std::string label = field.at("label");
  const json& limits = answer.at("limits");
  const double low = limits.at("low"), high = limits.at("high");
  const double at_low = limits.at("metric_at_low"), at_high = limits.at("metric_at_high");
  const std::string goal = goal_text(answer, host, accelerator);
  const json& current = answer.at("current").at("value");
  // No one value now: each device pays its own (the field's "giving_way"), or none is set (no graphs).
  const bool own_values = current.is_null() && field.contains("giving_way") && !field.at("giving_way").empty();
  const std::string now = " (now " + (own_values ? std::string("each device its own")
                                      : current.is_null() ? std::string("none") : value_of(field, current.get<double>())) + ": " +
                          metric_text(answer, answer.at("current").at("metric").get<double>()) + ")";
  const std::string answer_kind = answer.at("answer");
  if (field.contains("changes_epochs") && !field.at("changes_epochs").get<bool>())
    return label + ": " + field.at("notes").at(0).get<std::string>() + " So " + goal +
           (answer_kind == "never" ? " for no value" : " whatever its value") + now + ".";
  if (answer_kind == "value" && answer.at("holds").size() > 1)  // the batch size: several ranges
    return label + ": " + goal + " at " + batch_ranges(answer.at("holds")) + now + ".";
  if (answer_kind == "value") {
    const std::string way = answer.at("holds_when") == "at_least" ? " or more" : " or less";
    return label + ": " + goal + " when it is " + value_of(field, answer.at("value").get<double>()) + way + now + ".";
  }
  const std::string range = value_of(field, low) + " to " + value_of(field, high);
  if (answer_kind == "always") return label + ": " + goal + " for any value from " + range + now + ".";
  // Never: the best the field can do, at the limit where it does it.
  const bool speedup = answer.at("metric") == "speedup";
  const bool low_best = speedup ? at_low >= at_high : at_low <= at_high;
  return label + ": never within its limits (" + range + "); at its best, " +
         value_of(field, low_best ? low : high) + ", " + (speedup ? "the speedup is " : "the epoch is ") +
         metric_text(answer, low_best ? at_low : at_high) + now + ".";
}

}  // namespace

std::string format_value(double value, const std::string& unit, bool whole) {
  if (whole) return format_count(value);
  if (unit == "s") return format_time(value);
  char buffer[64];
  if (unit.empty()) {  // a fraction
    std::snprintf(buffer, sizeof buffer, "%.4g%%", value * 100);
    return buffer;
  }
  static constexpr std::array<std::pair<double, const char*>, 13> prefixes{
      {{1e-15, "f"}, {1e-12, "p"}, {1e-9, "n"}, {1e-6, "µ"}, {1e-3, "m"}, {1, ""}, {1e3, "k"}, {1e6, "M"}, {1e9, "G"},
       {1e12, "T"}, {1e15, "P"}, {1e18, "E"}, {1e21, "Z"}}};
  auto chosen = prefixes[5];
  if (value != 0)
    for (const auto& p : prefixes)
      if (std::fabs(value) >= p.first) chosen = p;
  std::snprintf(buffer, sizeof buffer, "%.6g %s%s", value / chosen.first, chosen.second, unit.c_str());
  return buffer;
}

std::string format_field_sweep(const json& sweep) {
  const json& x = sweep.at("x");
  const bool grid = sweep.contains("y");
  std::vector<std::string> header{x.at("label").get<std::string>()};
  if (grid) header.push_back(sweep.at("y").at("label").get<std::string>());
  header.insert(header.end(), {"host epoch", "accel. epoch", "speedup", "faster"});
  std::vector<bool> right(header.size(), true);
  right[0] = false;
  if (grid) right[1] = false;
  right.back() = false;
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < sweep.at("points").get<std::size_t>(); ++i) {
    std::vector<std::string> row{value_of(x, x.at("values")[i].get<double>())};
    if (grid) row.push_back(value_of(sweep.at("y"), sweep.at("y").at("values")[i].get<double>()));
    row.insert(row.end(), {format_time(sweep.at("host").at("epoch_time_s")[i].get<double>()),
                           format_time(sweep.at("accelerator").at("epoch_time_s")[i].get<double>()),
                           format_ratio(sweep.at("speedup")[i].get<double>()), sweep.at("winner")[i].get<std::string>()});
    rows.push_back(std::move(row));
  }
  std::string out = text_table(header, rows, right);
  for (const char* axis : {"x", "y"})
    if (sweep.contains(axis))
      for (const json& note : sweep.at(axis).value("notes", json::array()))
        out += "  " + sweep.at(axis).at("label").get<std::string>() + ": " + note.get<std::string>() + "\n";
  return out;
}

// The field's notes beyond the answer (each device's own value that gives way), one line each.
static std::string field_notes(const json& field) {
  std::string out;
  if (field.contains("notes"))
    for (const json& note : field.at("notes"))
      if (field.at("changes_epochs").get<bool>() || &note != &field.at("notes").front()) out += "  " + note.get<std::string>() + "\n";
  return out;
}

// The answer's edits as --set arguments that apply it exactly (docs/model.md, "One meaning"); "" when
// the answer has no value to apply.
static std::string apply_line(const json& answer) {
  if (!answer.contains("edits") || answer.at("edits").empty()) return "";
  std::string out = "  To apply it:";
  for (const json& e : answer.at("edits")) {
    const json& v = e.at("value");
    out += " --set " + dotted_path(e.at("path").get<std::string>()) + "=" + (v.is_number_integer() ? v.dump() : number_text(v.get<double>()));
  }
  return out + "\n";
}

std::string format_solve_for(const json& answer, const std::string& host, const std::string& accelerator) {
  return answer_sentence(answer.at("field"), answer, host, accelerator) + "\n" + apply_line(answer) + field_notes(answer.at("field"));
}

std::string format_break_even(const json& summary, const std::string& host, const std::string& accelerator) {
  const std::string batch = format_count(summary.at("batch_size").get<double>());
  std::string out = "At batch size " + batch + ", field by field (the others as given):\n";
  for (const json& f : summary.at("fields")) {
    out += "  " + answer_sentence(f, f.at("flip"), host, accelerator) + "\n";
    out += "  " + answer_sentence(f, f.at("twice_as_fast"), host, accelerator) + "\n";
    out += field_notes(f);
  }
  out += "Batch sizes at which overhead exceeds work: " + host + " " + batch_ranges(summary.at("overhead_exceeds_work").at("host")) +
         "; " + accelerator + " " + batch_ranges(summary.at("overhead_exceeds_work").at("accelerator")) + ".\n";
  return out;
}

std::string format_quick_whatifs(const json& list, const std::string& host, const std::string& accelerator) {
  const json& before = list.at("before");
  const auto epoch = [](const json& outcome, const char* device) { return outcome.at(device).at("epoch_time_s").get<double>(); };
  const auto change = [&](const std::string& name, const char* device, const json& after) {
    const double from = epoch(before, device), to = epoch(after, device);
    std::string text = name + " " + format_time(from) + " -> " + format_time(to);
    if (to < from) text += ", " + format_ratio(from / to) + " faster";
    else if (to > from) text += ", " + format_ratio(to / from) + " slower";
    return text;
  };
  std::string out = "Now: " + host + " " + format_time(epoch(before, "host")) + ", " + accelerator + " " +
                    format_time(epoch(before, "accelerator")) + " (" + format_ratio(before.at("speedup").get<double>()) + ").\n";
  for (const json& w : list.at("whatifs")) {
    out += "  " + w.at("label").get<std::string>();
    if (!w.at("applies").get<bool>()) {
      out += ": does not apply (" + w.at("reason").get<std::string>() + ")\n";
      continue;
    }
    const json& after = w.at("after");
    std::string edits;
    for (const json& e : w.at("edits"))
      edits += (edits.empty() ? "" : ", ") + dotted_path(e.at("path").get<std::string>()) + " = " + e.at("text").get<std::string>();
    out += " (" + edits + "): " + change(accelerator, "accelerator", after) + "; " + change(host, "host", after) + "\n";
    if (w.contains("note")) out += "    " + w.at("note").get<std::string>() + "\n";
  }
  return out;
}

std::string format_explain(const json& explained, const std::string& host, const std::string& accelerator) {
  const json& field = explained.at("field");
  std::string out = field.at("label").get<std::string>() + " (" + dotted_path(field.at("path").get<std::string>()) + ")\n";
  for (const auto& [role, name] : {std::pair{"host", host}, std::pair{"accelerator", accelerator}}) {
    const json& d = explained.at(role);
    out += "  " + name + ": ";
    if (!d.at("paid").get<bool>()) out += "pays none\n";
    else if (d.contains("text")) out += d.at("text").get<std::string>() + ", set by " + dotted_path(d.at("path").get<std::string>()) + "\n";
    else out += value_of(field, d.at("value").get<double>()) + "\n";
  }
  for (const json& note : field.at("notes")) out += "  " + note.get<std::string>() + "\n";
  for (const json& w : explained.at("warnings")) out += "  warning " + w.at("code").get<std::string>() + ": " + w.at("message").get<std::string>() + "\n";
  return out;
}

std::string format_compare(const json& comparison) {
  const std::string batch = format_count(comparison.at("batch_size").get<double>());
  // Costs per epoch, or per 1,000 epochs where an epoch costs under a cent: four figures tell devices apart.
  bool cents = true;
  for (const json& d : comparison.at("devices"))
    if (d.contains("batched") && !d.at("batched").at("cost_usd").is_null() && d.at("batched").at("cost_usd").get<double>() >= 0.01) cents = false;
  const double per = cents ? 1000 : 1;
  std::string out = "  " + pad("device", 24) + pad("runs as", 13) + column("epoch @" + batch, 14) + column("epoch @1", 14) +
                    column("overhead", 10) + column("energy", 14) + column("USD/hour", 11) + column(cents ? "USD/1,000 epochs" : "USD/epoch", 18) + "\n";
  std::string listed;  // the list prices used, with their sources
  for (const json& d : comparison.at("devices")) {
    const std::string yours = d.at("yours").is_null() ? "" : " (yours)";
    out += "  " + pad(d.at("id").get<std::string>() + yours, 24) + pad(d.at("runs_as").get<std::string>(), 13);
    if (!d.at("has_precision").get<bool>()) {
      out += "  no peak at " + comparison.at("precision").get<std::string>() + "\n";
      continue;
    }
    const json& b = d.at("batched");
    out += column(format_time(b.at("epoch_time_s").get<double>()), 14) +
           column(format_time(d.at("batch_one").at("epoch_time_s").get<double>()), 14) +
           column(format_percent(b.at("overhead_fraction").get<double>()), 10) + column(format_energy(b.at("energy_j").get<double>()), 14);
    char price[32] = "-";
    char cost[32] = "-";
    if (const json& p = d.at("price"); !p.is_null()) {
      const bool list = p.at("from") == "list";
      std::snprintf(price, sizeof price, "%.4g%s", p.at("usd_per_hour").get<double>(), list ? "*" : "");
      if (list) listed += "  * " + d.at("id").get<std::string>() + ": " + p.at("offer").get<std::string>() + ", read " + p.at("date").get<std::string>() + "\n";
      std::snprintf(cost, sizeof cost, "%.4g", b.at("cost_usd").get<double>() * per);
    }
    out += column(price, 11) + column(cost, 18) + "\n";
  }
  if (!listed.empty()) out += "List prices (override with id@price/h):\n" + listed;
  for (const char* which : {"fastest_text", "cheapest_text"})
    if (!comparison.at(which).is_null()) out += comparison.at(which).get<std::string>() + "\n";
  // With --sweep network.batch_size=...: each device's epoch at each batch size, a column each.
  if (comparison.contains("across")) {
    const json& across = comparison.at("across");
    out += "\nEpochs across batch sizes:\n  " + column("batch", 9);
    std::vector<std::size_t> widths;
    for (const json& d : across.at("devices")) {
      widths.push_back(std::max<std::size_t>(13, d.at("id").get<std::string>().size() + 2));
      out += column(d.at("id").get<std::string>(), widths.back());
    }
    out += "\n";
    for (std::size_t k = 0; k < across.at("batch_size").size(); ++k) {
      out += "  " + column(format_count(across.at("batch_size")[k].get<double>()), 9);
      for (std::size_t i = 0; i < widths.size(); ++i)
        out += column(format_time(across.at("devices")[i].at("epoch_time_s")[k].get<double>()), widths[i]);
      out += "\n";
    }
  }
  return out;
}

}  // namespace epochcalc::cli
