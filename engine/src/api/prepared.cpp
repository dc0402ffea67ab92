#include "epochcalc/api/prepared.hpp"

#include <charconv>
#include <cmath>

#include "epochcalc/contract/result_view.hpp"
#include "epochcalc/scenario/edit.hpp"
#include "epochcalc/scenario/fields.hpp"
#include "contract/reply.hpp"
#include "scenario/json_read.hpp"
#include "scenario/trim.hpp"

namespace epochcalc {

namespace {

using json = nlohmann::ordered_json;

// A number as text that reads back as the same double (the shortest that does).
std::string exact_text(double value) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

// Whether an edit at this row can skip the document: a number of the field table that the typed
// scenario holds. Not a compared device's terms (kept by id), and not a width past the list's end
// (which adds a layer): number_field() says so.
bool typed_number(const FieldSpec* spec) {
  return spec && (spec->kind == FieldKind::integer || spec->kind == FieldKind::quantity) &&
         (spec->number.get || spec->number.device_get);
}

}  // namespace

PreparedScenario::PreparedScenario(const json& document) : document_(document) {
  adopt(solve_checked(document_));
}

void PreparedScenario::adopt(Solved solved) {
  solved_ = std::move(solved);
  fresh_ = true;
  if (!solved_.result) return;
  scenario_ = *solved_.scenario;
  result_ = *solved_.result;
  view_.resize(result_view_size());
  write_result_view(scenario_, result_, view_);
}

Errors PreparedScenario::set(std::string_view path, double value) {
  if (!solved_.errors.empty() && fresh_ && !solved_.result) return solved_.errors;
  const std::string where = pointer_of(path);
  // NaN and infinity are no JSON number: the reader refuses them as the text a document would hold.
  if (!std::isfinite(value)) return set(path, std::string_view(std::isnan(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity"));
  const FieldSpec* spec = find_field(where);
  std::string text = exact_text(value);
  if (!typed_number(spec) || !number_field(scenario_, where)) return set_in_document(path, text);
  // A whole number is an integer in JSON, as the document's edit would write it (set_field: typed_value).
  const bool whole = value == std::floor(value) && std::fabs(value) < 9.0e18;
  const json number = whole && spec->kind == FieldKind::integer ? json(static_cast<std::int64_t>(value)) : json(value);
  return set_number(where, number, std::move(text));
}

Errors PreparedScenario::set(std::string_view path, std::string_view text) {
  if (!solved_.errors.empty() && fresh_ && !solved_.result) return solved_.errors;
  const std::string where = pointer_of(path);
  const FieldSpec* spec = find_field(where);
  // Emptied, a field goes back to the preset's value or its default: only the document knows which.
  if (!typed_number(spec) || detail::trim(text).empty() || !number_field(scenario_, where)) return set_in_document(path, text);
  Errors errors;
  const json value = typed_value(spec, text, where, errors);
  if (!errors.empty()) return errors;
  return set_number(where, value, std::string(text));
}

Errors PreparedScenario::set_number(const std::string& pointer, const json& value, std::string text) {
  const std::optional<NumberField> field = number_field(scenario_, pointer);
  const FieldSpec& spec = *field->spec;
  Errors errors;
  double number = 0;
  if (spec.kind == FieldKind::integer) {
    const auto n = read_integer(value, pointer, spec.integer, errors);
    if (!n) return errors;
    number = static_cast<double>(*n);
  } else {
    const auto q = read_quantity(value, pointer, spec.quantity, errors);
    if (!q) return errors;
    number = *q;
  }
  // What is undone if the edit is refused after it is written: the number, or for a device's own
  // overhead that device's own values (the field may not have been given before).
  const bool own = spec.number.given != nullptr;
  DeviceOverheads& role_own = pointer.starts_with("/overheads/accelerator/") ? scenario_.accelerator_overheads : scenario_.host_overheads;
  const std::optional<DeviceOverheads> own_before = own ? std::optional(role_own) : std::nullopt;
  const double before = field->get(scenario_);
  const auto undo = [&] {
    if (own_before) role_own = *own_before;
    else field->write(scenario_, before);
  };
  field->write(scenario_, number);
  // The one rule between two fields a number can break (scenario_json.hpp), checked as parse_scenario does.
  if (auto no_step = batch_leaves_no_step(scenario_)) {
    undo();
    return {std::move(*no_step)};
  }
  // solve_checked's own check for a result that is not finite.
  const Result result = solve(scenario_);
  if (auto where = first_non_finite(result)) {
    undo();
    return {detail::internal_error_value("non-finite number in " + *where)};
  }
  result_ = result;
  write_result_view(scenario_, result_, view_);
  fresh_ = false;
  for (Pending& p : pending_)
    if (p.pointer == pointer) {
      p.text = std::move(text);
      return {};
    }
  pending_.push_back({pointer, std::move(text)});
  return {};
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
  return {};
}

void PreparedScenario::flush() {
  for (const Pending& p : pending_) {
    Errors errors;
    set_field(document_, p.pointer, p.text, errors);  // read by the same rules already: cannot fail
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

}  // namespace epochcalc
