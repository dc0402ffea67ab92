// A prepared scenario: read, validated and solved once, then edited one field at a time. What the page's
// edit loop, the elements, the module's calc.prepare() and Python's epochcalc.Scenario hold instead of
// sending the whole document on every call.
//
// An edit means exactly what the same edit of the document means (set_field, edit.hpp): the handle keeps
// the document and its edits, and result() is solve_checked() of that document. A number of the field
// table (an integer or a quantity, not a count of widths nor an id) is read by the parser's own reader
// and written straight into the typed scenario, which is solved again (about 0.2 µs): the document gets
// the edit only when something asks for it. Every other edit goes through the document and is read
// again whole. A refused edit changes nothing and returns the parser's errors at the field's path.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/api/api_json.hpp"

namespace epochcalc {

class PreparedScenario {
 public:
  // Reads and solves `document`. errors() is empty when it solved; otherwise it says why (what
  // solve_checked says), and nothing else may be called.
  explicit PreparedScenario(const nlohmann::ordered_json& document);

  const Errors& errors() const { return solved_.errors; }

  // One edit at `path` (a JSON pointer or a dotted path): a number in SI units, or text typed as the
  // page and --set take it ("2 us"; "" removes an optional field). Empty when applied; otherwise the
  // errors, and the scenario is as it was.
  Errors set(std::string_view path, double value);
  Errors set(std::string_view path, std::string_view text);

  // The numbers of the current state (result_view.hpp), valid until the next set.
  std::span<const double> view() const { return view_; }

  // The document with every edit in it.
  const nlohmann::ordered_json& document();
  // The edited document solved as solve_checked solves it (warnings, sources and notes included): its
  // result document comes from today's writers. Computed when first asked after an edit.
  const Solved& solved();

 private:
  // An edit the document does not have yet (its pointer and the text set_field takes): at most one per
  // field, so the list stays as short as the field table.
  struct Pending {
    std::string pointer;
    std::string text;
  };
  Errors set_number(const std::string& pointer, const nlohmann::ordered_json& value, std::string text);
  Errors set_in_document(std::string_view path, std::string_view text);
  void flush();
  void adopt(Solved solved);

  nlohmann::ordered_json document_;
  std::vector<Pending> pending_;
  Scenario scenario_;
  Result result_;
  std::vector<double> view_;
  Solved solved_;  // of document_ with pending_ applied, while fresh
  bool fresh_ = false;
};

}  // namespace epochcalc
