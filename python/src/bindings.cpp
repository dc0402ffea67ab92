// The engine for Python (pybind11): text in, text out, over the engine's own JSON API, exactly what the
// CLI and the wasm module call. python/epochcalc/__init__.py turns dicts into JSON text and the replies
// into Python data; no rule is decided here or there.
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "epochcalc/api/api.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/link.hpp"
#include "epochcalc/api/whatif_json.hpp"

namespace py = pybind11;
using json = nlohmann::ordered_json;

namespace {

// A document call on JSON text: the text read as the CLI reads it (an E_JSON error document when it is
// not JSON), the answer written as compact JSON text. The GIL is released while the engine runs.
template <typename Call>
std::string on_text(const std::string& text, const std::string& what, Call call) {
  py::gil_scoped_release release;
  epochcalc::Errors errors;
  const auto document = epochcalc::parse_json_text(text, what, errors);
  const json reply = document ? call(*document) : epochcalc::errors_to_json(errors);
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

PYBIND11_MODULE(_epochcalc, m) {
  m.doc() = "The epochcalc engine (C++), over JSON text. Use the epochcalc package, not this module.";
  m.def("version", [] { return std::string(epochcalc::version()); });
  // The result as the engine's own writer writes it (the text --json prints, not via a JSON tree).
  m.def("solve", [](const std::string& s) {
    py::gil_scoped_release release;
    return epochcalc::solve_json(s);
  });
  m.def("expand", [](const std::string& s) {
    py::gil_scoped_release release;
    return epochcalc::expand_json(s);
  });
  m.def("set_field", [](const std::string& s, const std::string& path, const std::string& text) {
    py::gil_scoped_release release;
    return epochcalc::set_field_json(s, path, text);
  });
  m.def("sweep_field", [](const std::string& s, const std::vector<std::string>& sweeps) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::field_sweep_document(d, sweeps); });
  });
  m.def("solve_for", [](const std::string& s, const std::string& field, const std::string& goal) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::solve_for_document(d, field, goal); });
  });
  m.def("break_even", [](const std::string& s) { return on_text(s, "the scenario", [](const json& d) { return epochcalc::break_even_document(d); }); });
  m.def("compare", [](const std::string& s, const std::string& devices) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::compare_document(d, devices); });
  });
  m.def("explain", [](const std::string& s, const std::string& field) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::explain_document(d, field); });
  });
  m.def("csv", [](const std::string& s, const std::string& what, const std::vector<std::string>& args, const std::string& units) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::csv_document(d, what, args, units); });
  });
  m.def("calibrate", [](const std::string& s) {
    py::gil_scoped_release release;
    return epochcalc::calibrate_json(s);
  });
  // The page's address parameters for a document (link.hpp): [(key, value), ...]; an E_JSON error
  // document's text when the text is not JSON.
  m.def("write_link", [](const std::string& s) -> py::object {
    epochcalc::Errors errors;
    const auto document = epochcalc::parse_json_text(s, "the scenario", errors);
    if (!document) return py::str(epochcalc::errors_to_json(errors).dump());
    std::vector<std::pair<std::string, std::string>> params;
    for (const epochcalc::LinkParam& p : epochcalc::write_link(*document)) params.emplace_back(p.key, p.value);
    return py::cast(params);
  });
  m.def("schema", [] { return epochcalc::schema_json(); });
  m.def("hardware", [] { return epochcalc::hardware_json(); });
  m.def("datasets", [] { return epochcalc::datasets_json(); });
  m.def("presets", [] { return epochcalc::presets_json(); });
  m.def("profiles", [] { return epochcalc::profiles_json(); });
  m.def("default_scenario", [] { return epochcalc::default_scenario_json(); });
}
