// Editing a scenario document one field at a time: the CLI's --set and the page's inputs share it, so
// a typed value means the same thing everywhere.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/scenario/fields.hpp"

namespace epochcalc {

// Sets the field at `path` (a JSON pointer "/network/batch_size" or a dotted path "network.batch_size")
// of `document` to the value typed as `text`, read by the field's kind (schema.hpp):
//  - text fields and ids keep the text as a string; choices too;
//  - integers become a JSON number when the text is a plain number, else stay text for the parser to
//    report; quantities keep the text ("20 us", or "2e-5", which the parser reads in SI units);
//  - booleans take true or false; widths and other structured values take JSON text;
//  - an empty text on an optional field removes it (null over a preset, which deletes the preset's);
//  - a path the schema does not know takes the text as JSON, else as a string (the parser then reports
//    the unknown field with a suggestion).
// Editing inside a registry id turns it into {"base": id, ...}. Over a preset, a device, dataset or
// array that the document does not hold yet is first copied from the preset, so the edit keeps the
// rest of it. Setting "profile" removes the document's own values of the fields a profile sets, so the
// profile's apply; clearing it writes the profile's values out first, so no number changes.
// Returns false, with an E_ARGS error, for a malformed path (or E_UNKNOWN_ID clearing an unknown profile,
// E_DUPLICATE_KEY for typed JSON that gives a key twice).
bool set_field(nlohmann::ordered_json& document, std::string_view path, std::string_view text, Errors& errors);

// The JSON pointer of the field that set_field edits at `path`, read as set_field reads it (a pointer with
// its "~1" and "~0", or a dotted path whose parts are keys as they stand: "network/widths" is one key).
std::string edit_pointer(std::string_view path);

// The JSON value that text typed for a number field (kind integer or quantity) becomes, by the rules
// above: what set_field writes, and what a prepared scenario's set reads (prepared.hpp).
nlohmann::ordered_json typed_number(const FieldSpec& spec, std::string_view text);

// A number as the text an edit gives set_field: the shortest that reads back as the same double,
// written as JavaScript's String(number) writes it ("1", "0.001", "2e-7", "1e+21"), so a document reads
// the same however its number was set (the page, the module, Python, a prepared scenario).
std::string number_text(double value);

}  // namespace epochcalc
