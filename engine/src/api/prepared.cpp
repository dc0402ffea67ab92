#include "epochcalc/api/prepared.hpp"

#include <cmath>

#include "epochcalc/contract/result_view.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "contract/reply.hpp"
#include "contract/reply_tape.hpp"
#include "contract/result_text.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"

namespace epochcalc {

using json = nlohmann::ordered_json;

PreparedScenario::PreparedScenario(json document) : document_(std::move(document)) {
  adopt(solve_checked(document_));
}

void PreparedScenario::adopt(Solved solved) {
  solved_ = std::move(solved);
  fresh_ = true;
  if (!solved_.result) return;
  view_.resize(result_view_size());
  write_result_view(*solved_.scenario, *solved_.result, view_);
}

const PreparedScenario::Target& PreparedScenario::target(std::string_view path) {
  for (const Target& t : targets_)
    if (t.path == path) return t;
  // Bounded: a caller that names ever new paths (widths of ever new indices) starts the list again.
  if (targets_.size() >= max_targets) {
    flush();
    targets_.clear();
  }
  // The pointer as set_field reads the path. An edit can skip the document where number_field() finds a
  // number the typed scenario holds: not a compared device's terms (kept by id), nor a width past the
  // list's end (which adds a layer).
  std::string pointer = edit_pointer(path);
  std::optional<NumberField> field = number_field(*solved_.scenario, pointer);
  return targets_.emplace_back(Target{std::string(path), std::move(pointer), field});
}

Errors PreparedScenario::set(std::string_view path, double value) {
  if (!solved_.result && fresh_) return solved_.errors;
  // NaN and infinity are no JSON number: the reader refuses them as the text a document would hold.
  if (!std::isfinite(value)) return set(path, std::string_view(std::isnan(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity"));
  const Target& t = target(path);
  if (!t.field) return set_in_document(path, number_text(value));
  // A whole number is an integer in JSON, as the document's edit would write it (set_field: typed_number).
  const bool whole = value == std::floor(value) && std::fabs(value) < 9.0e18;
  const json number = whole && t.field->spec->kind == FieldKind::integer ? json(static_cast<std::int64_t>(value)) : json(value);
  return set_number(t, number, Pending{static_cast<std::size_t>(&t - targets_.data()), true, value, {}});
}

Errors PreparedScenario::set(std::string_view path, std::string_view text) {
  if (!solved_.result && fresh_) return solved_.errors;
  const Target& t = target(path);
  // Emptied, a field goes back to the preset's value or its default: only the document knows which.
  if (!t.field || detail::trim(text).empty()) return set_in_document(path, text);
  return set_number(t, typed_number(*t.field->spec, text), Pending{static_cast<std::size_t>(&t - targets_.data()), false, 0, std::string(text)});
}

Errors PreparedScenario::set_number(const Target& t, const json& value, Pending edit) {
  Scenario& scenario = *solved_.scenario;
  const NumberField& field = *t.field;
  const FieldSpec& spec = *field.spec;
  Errors errors;
  double number = 0;
  if (spec.kind == FieldKind::integer) {
    const auto n = read_integer(value, t.pointer, spec.integer, errors);
    if (!n) return errors;
    number = static_cast<double>(*n);
  } else {
    const auto q = read_quantity(value, t.pointer, spec.quantity, errors);
    if (!q) return errors;
    number = *q;
  }
  field.write(scenario, number);
  // Refused once written (the one rule between two fields a number can break, as parse_scenario checks
  // it; a result that is not finite, as solve_checked checks it): the scenario is read again from the
  // document, which does not have this edit yet. Rare, so the common edit copies nothing to undo.
  if (auto no_step = batch_leaves_no_step(scenario)) return refuse(std::move(*no_step));
  Result result = solve(scenario);
  if (auto where = first_non_finite(result)) return refuse(detail::internal_error_value("non-finite number in " + *where));
  *solved_.result = std::move(result);
  write_result_view(scenario, *solved_.result, view_);
  // The typed scenario and its result are the edited document's now; its warnings and sources are
  // worked out again when asked (solved()).
  fresh_ = false;
  // One pending edit per field: the last one is what the document gets.
  for (Pending& p : pending_)
    if (p.target == edit.target) {
      p = std::move(edit);
      return {};
    }
  pending_.push_back(std::move(edit));
  return {};
}

Errors PreparedScenario::refuse(Error error) {
  flush();
  adopt(solve_checked(document_));
  return {std::move(error)};
}

Errors PreparedScenario::set_in_document(std::string_view path, std::string_view text) {
  flush();
  json edited = document_;
  Errors errors;
  if (!set_field(edited, path, text, errors)) return errors;
  Solved solved = solve_checked(edited);
  if (!solved.result) return solved.errors;
  document_ = std::move(edited);
  adopt(std::move(solved));
  targets_.clear();  // the widths may have changed: each path is resolved again
  return {};
}

void PreparedScenario::flush() {
  for (const Pending& p : pending_) {
    Errors errors;
    // Read by the same rules already: cannot fail.
    set_field(document_, targets_[p.target].pointer, p.number ? number_text(p.value) : p.text, errors);
  }
  pending_.clear();
}

const json& PreparedScenario::document() {
  flush();
  return document_;
}

const Solved& PreparedScenario::solved() {
  if (!fresh_) {
    flush();
    solved_ = solve_checked(document_);
    fresh_ = true;
  }
  return solved_;
}

std::unique_ptr<PreparedScenario> prepare_text(std::string_view text, Errors& errors) {
  auto document = parse_json_text(text, "the scenario", errors);
  if (!document) return nullptr;
  auto prepared = std::make_unique<PreparedScenario>(std::move(*document));
  if (!prepared->errors().empty()) {
    errors = prepared->errors();
    return nullptr;
  }
  return prepared;
}

std::string result_reply(PreparedScenario& prepared) {
  const Solved& s = prepared.solved();
  if (!s.result) return detail::error_reply(s.errors);
  detail::Tape out;
  detail::write_result(out, *s.scenario, *s.result, s.warnings);
  return out.take();
}

std::string errors_reply(const Errors& errors) { return detail::error_reply(errors); }

std::string result_text(PreparedScenario& prepared) {
  const Solved& s = prepared.solved();
  if (!s.result) return detail::to_text(errors_to_json(s.errors));
  return detail::result_text(*s.scenario, *s.result, s.warnings);
}

std::string document_text(PreparedScenario& prepared) { return detail::to_text(prepared.document()); }

std::string result_view_json() {
  // Written out by hand: the names are plain ASCII, and the first visit's module carries no JSON builder
  // for them.
  std::string text = "{\"version\":\"" + std::string(result_view_version) + "\",\"names\":[";
  for (const std::string& name : result_view_names()) text += (text.back() == '[' ? "\"" : ",\"") + name + "\"";
  return text + "]}";
}

}  // namespace epochcalc
