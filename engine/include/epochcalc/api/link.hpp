// Links people write by hand: a scenario as URL parameters, one per field, each value read exactly as
// `epochcalc --set PATH=VALUE` reads it (edit.hpp):
//   ?preset=mnist-cpu-vs-h100&network.batch_size=64&dispatch=20%20us&accelerator=a100-sxm-80gb
// `scenario=<JSON>` carries what parameters cannot express; the page's older `#scenario=<JSON>` and
// `#preset=ID&scenario=<JSON>` links are the same two parameters. The page splits the address into
// (key, value) pairs and these functions decide everything else. Rules (docs/model.md, "Links"):
//  - the scenario JSON is read first, then `preset`, then `profile` (so a field the link gives wins
//    over the profile wherever it stands), then every other parameter in the link's order;
//  - a link without a preset starts from the default preset, whatever its form ("preset": null in
//    its JSON names none: a complete scenario);
//  - a parameter that names no field, or is given twice ("dispatch" and "/dispatch" are one field), is a
//    note: the rest of the link still applies; past 500 parameters the rest are not read (a note);
//  - a value the engine refuses stays in the document, where solving it reports it at its field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"

namespace epochcalc {

struct LinkParam {
  std::string key;
  std::string value;
};

struct LinkReading {
  // The scenario document; null when the link's scenario JSON is not JSON or not an object (a note
  // says why, and solving its text reports where).
  nlohmann::ordered_json document;
  // Parameters not applied, each with what to do about it (E_UNKNOWN_FIELD, E_DUPLICATE_KEY, E_ARGS).
  Errors notes;
};

// `total`: how many parameters the link has where only its first ones are given (0: as many as given).
LinkReading read_link(const std::vector<LinkParam>& params, std::size_t total = 0);

// The parameters that read back as `document` (read_link gives it again, numbers written as the text
// of the same number): one per field where a parameter can say it, the rest as `scenario` JSON.
std::vector<LinkParam> write_link(const nlohmann::ordered_json& document);

}  // namespace epochcalc
