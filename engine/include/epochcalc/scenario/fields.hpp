// Every scenario field the engine reads, with its kind, limits, words for people and where its number
// lives in the typed scenario: the single table (src/scenario/fields.cpp) behind the schema document
// (schema.hpp), the field editor (edit.hpp), the page's controls, and sweeps and solve-for over any
// numeric field. The parser enforces the same rule objects (limits.hpp). No JSON here.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "epochcalc/scenario/limits.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc {

enum class FieldKind {
  text,      // a free string (names, sources)
  choice,    // one of a fixed list (precision, phase, overlap)
  integer,   // a whole number (IntegerRule)
  quantity,  // a number in SI units or "number unit" (QuantityRule)
  boolean,
  widths,    // the array of layer widths; its items are integers
  device,    // a hardware id, {"base": id, ...overrides} or a full device object
  dataset,   // a dataset id, {"base": id, ...overrides} or a full dataset object
  preset,    // a preset id
  profile,   // a framework profile id
};

// Where a numeric field's number (kind integer or quantity) lives in a validated Scenario, in SI units,
// whole numbers as doubles: what a sweep or a solve-for changes. Either a field of the scenario (get,
// set; `item` is the width's index for "/network/widths/-", the row's `slot` elsewhere) or a field of the device in
// `role` (device_get, device_set; at `precision` for the peaks). Plain pointers: the table is data.
struct NumberAccess {
  double (*get)(const Scenario&, std::size_t item) = nullptr;
  void (*set)(Scenario&, std::size_t item, double value) = nullptr;
  // Whether the scenario gives the value itself; null = always. A device's own overhead reads the
  // scenario's value when it has none (overheads.host.dispatch).
  bool (*given)(const Scenario&, std::size_t slot) = nullptr;
  // Which number of a row family get, set and given reach (a device's own overheads share one
  // accessor); the `item` a NumberField passes for every row but the widths.
  std::size_t slot = 0;
  double (*device_get)(const Device&, std::string_view precision) = nullptr;
  void (*device_set)(Device&, std::string_view precision, double value) = nullptr;
  Device Scenario::*role = nullptr;
  std::string precision;
  // For a scenario-wide overhead ("/dispatch"), its OverheadSlot (in_force.hpp), which each device may
  // give its own value of; -1 for every other row. Worked out once, with the table.
  int wide_slot = -1;
};

// How the normalized scenario writes a field of its own (an assumption): always; null when it is 0
// (graph launches: none); or only when it is not the default (the input-gradient switch, so that every
// scenario without it reads as before).
// A device's price: null when not given (no_price), and 0 is a price.
enum class WriteRule { always, null_when_zero, when_not_default, null_when_no_price };

struct FieldSpec {
  std::string path;  // JSON pointer; "/network/widths/-" stands for every width
  FieldKind kind;
  std::string label;  // the words the page shows, and messages quote
  std::string hint;
  bool required = false;
  QuantityRule quantity{Dimension::time, {}};  // for kind quantity
  IntegerRule integer{0, 0};                   // for kind integer
  // For kinds integer and quantity the number; for a choice its index in `choices`, for a switch 0 or 1
  // (so every assumption is read, written and defaulted through one accessor).
  NumberAccess number{};
  const std::vector<std::string>* choices = nullptr;  // for kind choice
  WriteRule write = WriteRule::always;
  // What the field can be asked. monotone: both epochs are monotone in it (docs/model.md, "Solve for a
  // field"), so solve-for and the break-even summary take it. timeless: why no epoch depends on it (it
  // prices energy or the epoch, or is there for reference), or null.
  bool monotone = false;
  const char* timeless = nullptr;
};

std::span<const FieldSpec> field_specs();
// The keys one level under `parent` ("" for the top, "/host" for a device, "/network"), in table
// order: the object's known keys as the parser checks them.
std::vector<std::string> child_keys(std::string_view parent);
// A device's own numbers, one row each (not the peaks, which go by precision), as rows under "/host":
// read, written and checked field by field. An optional one is 0 when not given.
std::span<const FieldSpec* const> device_number_fields();
// The rows under "/assumptions", in table order: read, written and defaulted field by field.
std::span<const FieldSpec* const> assumption_fields();
// The choices of a choice row as text (precision, phase, overlap), in the model's order.
const std::vector<std::string>& phase_names();
const std::vector<std::string>& overlap_names();
// The scenario's own quantities at the top level (dispatch, launch, the energy prices), one row each:
// read and written field by field.
std::span<const FieldSpec* const> top_number_fields();

// A device's own overhead numbers (/overheads/host/dispatch, ...; not its profile), one row each in
// table order: what a scenario writes back and a result lists as the device's "own".
std::span<const FieldSpec* const> own_overhead_fields(bool is_accelerator);

// The lowest and highest value a numeric field takes (an exclusive minimum's next double up).
std::pair<double, double> field_limits(const FieldSpec& field);

// A device or a dataset: an id, {"base": id, ...overrides} or a full object.
inline bool is_entity_field(const FieldSpec* spec) {
  return spec && (spec->kind == FieldKind::device || spec->kind == FieldKind::dataset);
}

// The first row whose last name is `name` ("launches_per_step" finds "/assumptions/launches_per_step"),
// or null: what a message suggests for a field written under the wrong parent.
const FieldSpec* field_with_last_name(std::string_view name);
// A JSON pointer written with dots, as --set and --sweep take it ("assumptions.launches_per_step"), and
// back: a dotted path (or a pointer, as it is) as a pointer. Field names need no escaping.
std::string dotted_path(std::string_view pointer);
std::string pointer_of(std::string_view path);

// The label with its device's in front for a device's field ("Accelerator: Memory bandwidth"), as the
// page groups them; the label alone elsewhere.
std::string full_label(const FieldSpec& field);
// The spec for a JSON pointer into a scenario ("/network/widths/3" finds the widths item), or null.
const FieldSpec* find_field(std::string_view pointer);

// The number a JSON pointer names in a scenario, bound to that pointer: its row, and its value read and
// written in SI units. Null for a pointer that names no numeric field, or a width past the scenario's.
// get reads the field's own value (a scenario-wide overhead's, even where each device pays its own:
// in_force.hpp says what is paid). set is a what-if's: setting a scenario-wide overhead also removes
// each device's own value of it, so every device pays the value set (docs/model.md, "The value in force").
struct NumberField {
  const FieldSpec* spec;
  std::size_t item = 0;
  double get(const Scenario& scenario) const;
  void set(Scenario& scenario, double value) const;
  // What an edit of the document at this pointer does: the value written where the field's number
  // lives, each device's own values left as they are (a prepared scenario's set, prepared.hpp).
  void write(Scenario& scenario, double value) const;
};
std::optional<NumberField> number_field(const Scenario& scenario, std::string_view pointer);

}  // namespace epochcalc
