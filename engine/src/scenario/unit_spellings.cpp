#include "scenario/unit_spellings.hpp"

namespace epochcalc::detail {

namespace {

// Other spellings of the unit table's symbols, as pint and MLSys·im print them (after their spaces are
// taken out), each ";alias=symbol": read as the symbol, never listed as one. One string: the module is
// weighed on every first visit, and text packs smaller than a table.
constexpr std::string_view aliases =
    ";second=s;seconds=s;millisecond=ms;milliseconds=ms;microsecond=us;microseconds=us;nanosecond=ns;nanoseconds=ns"
    ";FLOPs/s=FLOP/s;GFLOPs/s=GFLOP/s;TFLOPs/s=TFLOP/s;PFLOPs/s=PFLOP/s;teraFLOP/second=TFLOP/s;teraflop/second=TFLOP/s"
    ";gigabyte/second=GB/s;terabyte/second=TB/s;picojoule/byte=pJ/B;picojoule/flop=pJ/flop;";

}  // namespace

std::string canonical_unit(std::string_view text) {
  std::string key = ";";
  for (char c : text)
    if (c != ' ') key += c;
  key += '=';
  if (const std::size_t at = aliases.find(key); at != std::string_view::npos) {
    const std::size_t from = at + key.size();
    return std::string(aliases.substr(from, aliases.find(';', from) - from));
  }
  return key.size() == text.size() + 2 ? std::string() : key.substr(1, key.size() - 2);
}

}  // namespace epochcalc::detail
