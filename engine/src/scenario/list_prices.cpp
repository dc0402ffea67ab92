// The registry devices' cited list prices (engine/data/prices.json), loaded once, on the first
// comparison. A file of its own, apart from the hardware registry: a module that never compares
// devices does not carry it. Malformed data is a bug in the shipped file, as in registry.cpp.
#include <stdexcept>

#include "epochcalc/scenario/registry.hpp"
#include "registry_data.hpp"  // generated from engine/data by CMake
#include "scenario/json_read.hpp"

namespace epochcalc::registry {

namespace {

ListPrice read_price(const json& item, const std::string& path, Errors& errors) {
  ListPrice price;
  if (!check_object(item, path, {"id", "price_per_hour", "offer", "source", "date"}, errors)) return price;
  for (auto [key, into] : {std::pair{"id", &price.id}, {"offer", &price.offer}, {"source", &price.source}, {"date", &price.date}})
    if (const json* v = field(item, key, path, errors, true))
      if (auto text = read_string(*v, pointer(path, key), errors)) *into = *text;
  if (const json* v = field(item, "price_per_hour", path, errors, true))
    if (auto q = read_quantity(*v, pointer(path, "price_per_hour"), rule::price_per_hour, errors)) price.price_per_hour = *q;
  if (!find_hardware(price.id)) errors.push_back({code::internal, pointer(path, "id"), "no hardware entry " + price.id});
  return price;
}

const ListPrice* find_list_price_in(const std::vector<ListPrice>& list, std::string_view id) {
  for (const ListPrice& p : list)
    if (p.id == id) return &p;
  return nullptr;
}

}  // namespace

const std::vector<ListPrice>& list_prices() {
  static const std::vector<ListPrice> prices = [] {
    const json document = parse_own_text(data::prices_json);
    Errors errors;
    std::vector<ListPrice> list;
    if (!document.contains("prices") || !document.at("prices").is_array()) errors.push_back({code::internal, "/prices", "expected an array"});
    else
      for (std::size_t i = 0; i < document.at("prices").size(); ++i) {
        list.push_back(read_price(document.at("prices")[i], pointer("/prices", i), errors));
        if (find_list_price_in(list, list.back().id) != &list.back())
          errors.push_back({code::internal, pointer("/prices", i), "a second price for " + list.back().id});
      }
    if (!errors.empty()) {
      std::string text = "invalid registry data in engine/data/prices.json:";
      for (const Error& e : errors) text += " [" + e.code + "] " + e.path + ": " + e.message + ";";
      throw std::logic_error(text);
    }
    return list;
  }();
  return prices;
}

const ListPrice* find_list_price(std::string_view id) {
  return id.empty() ? nullptr : find_list_price_in(list_prices(), id);
}

}  // namespace epochcalc::registry
