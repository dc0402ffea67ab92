// The engine for Python (pybind11): text in, text out, over the engine's own JSON API, exactly what the
// CLI and the wasm module call. python/epochcalc/__init__.py turns dicts into JSON text and the replies
// into Python data; no rule is decided here or there.
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "epochcalc/api/api.hpp"
#include "epochcalc/contract/csv.hpp"
#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/link.hpp"
#include "epochcalc/api/prepared.hpp"
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

// A what-if's argument as data: `call` with it, or the error document when its text is not JSON.
template <typename Call>
json with_data(const std::string& text, const std::string& what, Call call) {
  epochcalc::Errors errors;
  const auto data = epochcalc::parse_json_text(text, what, errors);
  return data ? call(*data) : epochcalc::errors_to_json(errors);
}

// A reply tape handed to Python without a copy: its bytes, writable, through the buffer protocol, so
// numpy's arrays over its series are views that keep it alive.
struct ReplyBuffer {
  std::string bytes;
};

// An edit's answer: "" when applied, else the error document's text.
std::string edited(const epochcalc::Errors& errors) {
  return errors.empty() ? std::string() : epochcalc::errors_to_json(errors).dump(-1, ' ', false, json::error_handler_t::replace);
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
  // The what-ifs' arguments (the sweeps, the devices) arrive as JSON data, which the engine reads.
  m.def("sweep_field", [](const std::string& s, const std::string& sweeps) {
    return on_text(s, "the scenario", [&](const json& d) {
      return with_data(sweeps, "the sweeps", [&](const json& data) { return epochcalc::field_sweep_data(d, data); });
    });
  });
  // The same sweep as the module's reply (a tape, reply_tape.hpp: series as raw doubles, no JSON text),
  // which epochcalc/_tape.py reads into numpy arrays; the words it names keys by are reply_words().
  // `columns[i]`, where given, is sweep i's values as float64 (a numpy array), set as its "values" list
  // here rather than written and read again as JSON text; a value that is not finite goes as null, which
  // the engine refuses where it stands, as it refuses any value that is not a number.
  m.def("sweep_field_tape", [](const std::string& s, const std::string& sweeps, const py::list& columns) {
    std::vector<std::vector<double>> given;
    for (const py::handle column : columns) {
      if (column.is_none()) {
        given.emplace_back();
        continue;
      }
      const py::buffer_info info = py::cast<py::buffer>(column).request();
      if (info.format != py::format_descriptor<double>::format() || info.ndim != 1 || info.strides[0] != sizeof(double))
        throw py::type_error("a sweep's values column is a contiguous float64 array");
      const auto* data = static_cast<const double*>(info.ptr);
      given.emplace_back(data, data + info.shape[0]);
    }
    std::string tape;
    {
      py::gil_scoped_release release;
      epochcalc::Errors errors;
      const auto document = epochcalc::parse_json_text(s, "the scenario", errors);
      auto data = document ? epochcalc::parse_json_text(sweeps, "the sweeps", errors) : std::nullopt;
      for (std::size_t i = 0; data && data->is_array() && i < given.size() && i < data->size(); ++i) {
        if (given[i].empty() || !(*data)[i].is_object()) continue;
        json values = json::array();
        for (const double v : given[i]) values.push_back(std::isfinite(v) ? json(v) : json(nullptr));
        (*data)[i]["values"] = std::move(values);
      }
      tape = data ? epochcalc::field_sweep_reply(*document, *data) : epochcalc::document_reply(epochcalc::errors_to_json(errors));
    }
    return ReplyBuffer{std::move(tape)};
  });
  m.def("reply_words", [] { return epochcalc::reply_words_json(); });
  m.def("unit_of_key", [](const std::string& key) { return epochcalc::unit_of_key(key); });
  py::class_<ReplyBuffer>(m, "ReplyBuffer", py::buffer_protocol()).def_buffer([](ReplyBuffer& r) {
    return py::buffer_info(r.bytes.data(), 1, py::format_descriptor<std::uint8_t>::format(), static_cast<py::ssize_t>(r.bytes.size()));
  });
  m.def("solve_for", [](const std::string& s, const std::string& field, const std::string& goal) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::solve_for_document(d, field, goal); });
  });
  m.def("break_even", [](const std::string& s) { return on_text(s, "the scenario", [](const json& d) { return epochcalc::break_even_document(d); }); });
  m.def("compare", [](const std::string& s, const std::string& devices, const std::string& across) {
    return on_text(s, "the scenario", [&](const json& d) {
      return with_data(devices, "the devices", [&](const json& data) {
        if (across.empty()) return epochcalc::compare_document(d, data);
        return with_data(across, "the batch sizes to compare across", [&](const json& a) { return epochcalc::compare_document(d, data, a); });
      });
    });
  });
  m.def("explain", [](const std::string& s, const std::string& field) {
    return on_text(s, "the scenario", [&](const json& d) { return epochcalc::explain_document(d, field); });
  });
  m.def("csv", [](const std::string& s, const std::string& what, const std::string& request, const std::string& units) {
    return on_text(s, "the scenario", [&](const json& d) {
      return with_data(request, "the CSV's request", [&](const json& data) { return epochcalc::csv_data(d, what, data, units); });
    });
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
  // A prepared scenario (epochcalc/api/prepared.hpp): epochcalc.Scenario holds one. Its numbers are a
  // read-only buffer of doubles over the engine's own (view()): no copy, valid as long as the object.
  py::class_<epochcalc::PreparedScenario>(m, "Prepared")
      .def("set_number", [](epochcalc::PreparedScenario& p, std::string_view path, double value) { return edited(p.set(path, value)); })
      .def("set_text", [](epochcalc::PreparedScenario& p, std::string_view path, std::string_view text) { return edited(p.set(path, text)); })
      .def("view", [](py::object self) {
        const auto view = self.cast<epochcalc::PreparedScenario&>().view();
        // Read-only to Python (the last argument): the cast only meets from_buffer's signature.
        return py::memoryview::from_buffer(const_cast<double*>(view.data()), {static_cast<py::ssize_t>(view.size())}, {static_cast<py::ssize_t>(sizeof(double))}, true);
      }, py::keep_alive<0, 1>())
      .def("result", [](epochcalc::PreparedScenario& p) { return epochcalc::result_text(p); })
      .def("document", [](epochcalc::PreparedScenario& p) { return epochcalc::document_text(p); });
  // The scenario's text prepared, or the error document's text.
  m.def("prepare", [](const std::string& text) -> py::object {
    epochcalc::Errors errors;
    auto prepared = epochcalc::prepare_text(text, errors);
    if (!prepared) return py::str(edited(errors));
    return py::cast(std::move(prepared));
  });
  m.def("result_view", [] { return epochcalc::result_view_json(); });
  m.def("schema", [] { return epochcalc::schema_json(); });
  m.def("hardware", [] { return epochcalc::hardware_json(); });
  m.def("datasets", [] { return epochcalc::datasets_json(); });
  m.def("presets", [] { return epochcalc::presets_json(); });
  m.def("profiles", [] { return epochcalc::profiles_json(); });
  m.def("default_scenario", [] { return epochcalc::default_scenario_json(); });
}
