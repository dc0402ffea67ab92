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

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/scenario/fields.hpp"

namespace epochcalc {

class PreparedScenario {
 public:
  // Reads and solves `document`. errors() is empty when it solved; otherwise it says why (what
  // solve_checked says), and nothing else may be called.
  explicit PreparedScenario(nlohmann::ordered_json document);

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
  // A path as the caller names it, resolved once: its pointer, and where its number lives in the typed
  // scenario when an edit of it can skip the document.
  struct Target {
    std::string path;
    std::string pointer;
    std::optional<NumberField> field;
  };
  static constexpr std::size_t max_targets = 64;
  // An edit the document does not have yet: a number, or the text set_field takes. At most one per
  // target, so the list stays as short as the field table.
  struct Pending {
    std::size_t target;
    bool number;
    double value;
    std::string text;
  };
  const Target& target(std::string_view path);
  Errors set_number(const Target& target, const nlohmann::ordered_json& value, Pending edit);
  Errors set_in_document(std::string_view path, std::string_view text);
  // An edit refused once written: the typed scenario is read again from the document, which does not
  // have it yet (rare, so the common edit copies nothing to undo).
  Errors refuse(Error error);
  void flush();
  void adopt(Solved solved);

  nlohmann::ordered_json document_;
  std::vector<Target> targets_;
  std::vector<Pending> pending_;
  std::vector<double> view_;
  // The typed scenario and its result, edited in place by set(); its warnings and sources are those of
  // document_ with pending_ applied while fresh_ (solved() works them out again).
  Solved solved_;
  bool fresh_ = false;
};

// The bindings' face of a prepared scenario: text in; out the module's reply tape (reply_tape.hpp, as
// api.hpp's other replies) or JSON text (Python).
// The scenario as JSON text prepared, or null with the errors that stop it (solve_json's).
std::unique_ptr<PreparedScenario> prepare_text(std::string_view text, Errors& errors);
// The result document of the current state (solve_json's, what the module's calc.solve returns) and
// an error reply, as tapes.
std::string result_reply(PreparedScenario& prepared);
std::string errors_reply(const Errors& errors);
// The same result document as JSON text (solve_json's).
std::string result_text(PreparedScenario& prepared);
// The edited document as JSON text.
std::string document_text(PreparedScenario& prepared);
// The result view's names as a JSON array, in slot order, and its version: {"version", "names"}.
std::string result_view_json();

}  // namespace epochcalc
