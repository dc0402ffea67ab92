// The built-in registries (engine/data/*.json), compiled into the engine so the command-line tool and
// the wasm module need no files at run time. Every hardware and dataset entry cites its source.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"
#include "epochcalc/model/model.hpp"

namespace epochcalc::registry {

// The kinds of device the hardware registry groups its entries by, with the words a picker shows.
struct DeviceKind {
  std::string_view id;
  std::string_view label;
};
std::span<const DeviceKind> device_kinds();

struct HardwareEntry {
  std::string id;
  std::string kind;  // a DeviceKind id
  std::string notes;
  Device device;
  // A CPU runs as a host (it dispatches and pays no kernel launch); any other kind as an accelerator.
  bool runs_as_host() const { return kind == "cpu"; }
};

struct DatasetEntry {
  std::string id;
  std::string source;
  Dataset dataset;
};

// A framework profile: the overhead inputs of one way of training (PyTorch eager, CUDA Graphs, ...),
// each cited. `values` is a scenario fragment over the profile_fields() paths only.
struct ProfileEntry {
  std::string id;
  std::string title;
  std::string description;
  nlohmann::ordered_json values;
};

struct PresetEntry {
  std::string id;
  std::string title;
  std::string description;
  nlohmann::ordered_json scenario;  // a complete scenario document
};

// A registry device's public on-demand price per hour, cited and dated (engine/data/prices.json): what
// a comparison prices a device at when the user gives none. Apart from hardware(), so that a module
// which never compares does not carry the prices.
struct ListPrice {
  std::string id;  // a hardware id
  double price_per_hour = 0;  // USD per hour
  std::string offer;   // what was priced: the provider's product or instance
  std::string source;  // where the number is published
  std::string date;    // when it was read, YYYY-MM-DD
};

const std::vector<HardwareEntry>& hardware();
const std::vector<DatasetEntry>& datasets();
const std::vector<PresetEntry>& presets();
const std::vector<ProfileEntry>& profiles();

const HardwareEntry* find_hardware(std::string_view id);
const std::vector<ListPrice>& list_prices();
const ListPrice* find_list_price(std::string_view id);  // null for "" and for a device without one
const DatasetEntry* find_dataset(std::string_view id);
const PresetEntry* find_preset(std::string_view id);
const ProfileEntry* find_profile(std::string_view id);

const std::vector<std::string>& hardware_ids();
const std::vector<std::string>& dataset_ids();
const std::vector<std::string>& preset_ids();
const std::vector<std::string>& profile_ids();

// The id of the preset a calculator opens on.
inline constexpr std::string_view default_preset_id = "mnist-cpu-vs-h100";

// The registry files as shipped, quantities still in their readable form.
const nlohmann::ordered_json& hardware_document();
const nlohmann::ordered_json& datasets_document();
const nlohmann::ordered_json& presets_document();
const nlohmann::ordered_json& profiles_document();

// Checks profiles.json beyond ids and titles: values within the scenario's own rules,
// ranges and sources. The loader skips this (the file is compiled in and cannot change); the test
// suite calls it in both builds. Empty when all is well.
Errors check_profile_documentation();
// The same checks over any document of that shape (the tests break a copy to see them fail).
Errors check_profile_documentation(const nlohmann::ordered_json& document);

}  // namespace epochcalc::registry
