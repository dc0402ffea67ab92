// The wasm module's reply format: a JSON document written as a tape of tokens that wasm/epochcalc.js
// turns into objects without parsing any text. The writer has the JsonText interface, so the result,
// the scenario and the sweep are written by the same functions (result_text.cpp) in both forms, and the
// object the module returns is the one JSON.parse would make of the text (--json). Private.
//
// Layout of take(), little-endian, a 16-byte header then three areas, zero-padded to a multiple of 8:
//   u32 numbers, u32 tokens, u32 text bytes, u32 1 if the text is ASCII else 0 |
//   f64 x numbers | u32 x tokens | UTF-8 text of the strings
// A token is `op | argument << 4`. Keys and strings found in reply_words() travel as their index in
// that list (the module reads it once); others as text, whose argument is its length in UTF-16 units,
// so the reader decodes the whole text area once and slices it.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "epochcalc/model/errors.hpp"

namespace epochcalc::detail {

enum class TapeOp : std::uint32_t {
  begin_object = 0,
  begin_array = 1,
  end = 2,
  key_word = 3,
  key_text = 4,
  number = 5,
  null = 6,
  true_value = 7,
  false_value = 8,
  string_word = 9,
  string_text = 10,
  series = 11,  // argument: how many of the next numbers form one Float64Array
};

// Every key of the result, scenario, sweep and update documents, and values that recur in them. Order
// is the contract between this file and the reader (it fetches the list, so any order works).
inline constexpr std::string_view reply_words[] = {
    "schema", "scenario", "name", "network", "widths", "batch_size", "dataset", "training_examples", "host",
    "accelerator", "peak_flops", "memory_bandwidth", "memory_capacity", "tdp", "source", "profile", "precision",
    "dispatch", "launch", "dram_energy_per_byte", "flop_energy", "assumptions", "phase", "ops_per_layer",
    "extra_ops_per_step", "overlap", "drop_last", "host_efficiency", "accelerator_efficiency", "launches_per_step",
    "layers", "parameters", "batched", "batch_one", "steps_per_epoch", "flops", "bytes", "launched_ops",
    "dispatches", "launches", "epoch_time_s", "compute_time_s", "memory_time_s", "work_time_s", "dispatch_time_s",
    "launch_time_s", "overhead_time_s", "overhead_fraction", "arithmetic_energy_j", "data_movement_energy_j",
    "energy_j", "comparison", "accelerator_speedup_batched", "accelerator_speedup_batch_one",
    "batching_speedup_host", "batching_speedup_accelerator", "accelerator_wins", "crossover_batch_size", "from",
    "to", "warnings", "code", "message", "errors", "path", "result", "sweep", "points", "expanded", "base",
    "preset", "idle_power", "price_per_hour", "idle_energy_j", "cost_usd", "notes", "params",
    "step_overhead", "step_time_s", "transfer_time_s", "overheads", "own", "ops_per_step", "host_link_bandwidth",
    "host_link_latency", "first_layer_input_gradient", "sources", "id", "default", "compared",
    // values
    "epochcalc/result@1", "epochcalc/sweep@2", "epochcalc/error@1", "epochcalc/evaluation@1",
    "epochcalc/expanded@1", "epochcalc/edited@1", "epochcalc/update@1", "epochcalc/link@1", "epochcalc/link-params@1", "training", "inference", "none",
    "roofline", "fp32", "tf32", "fp16", "bf16", "fp8", "int8", "W_OVERHEAD_ENERGY", "W_DROP_LAST",
    "W_BATCH_EXCEEDS_DATASET"};

inline constexpr std::size_t longest_word = [] {
  std::size_t n = 0;
  for (std::string_view w : reply_words) n = w.size() > n ? w.size() : n;
  return n;
}();

// The list as JSON text (an array of strings): the module reads it once.
std::string reply_words_json();

// A word of the list named by a string literal, found while compiling: a literal that is not in the
// list does not compile, so the writers' keys always travel as indices.
struct Word {
  std::uint32_t index;
  template <std::size_t N>
  consteval Word(const char (&text)[N]) : index(find({text, N - 1})) {}  // NOLINT: converts on purpose

 private:
  static consteval std::uint32_t find(std::string_view text) {
    for (std::size_t i = 0; i < std::size(reply_words); ++i)
      if (reply_words[i] == text) return static_cast<std::uint32_t>(i);
    throw "a literal key or string of the reply writers is missing from reply_words";
  }
};

class Tape {
 public:
  Tape() {
    numbers_.reserve(256);
    tokens_.reserve(512);
    text_.reserve(1024);
  }

  Tape& begin_object() { return op(TapeOp::begin_object, 0); }
  Tape& end_object() { return op(TapeOp::end, 0); }
  Tape& begin_array() { return op(TapeOp::begin_array, 0); }
  Tape& end_array() { return op(TapeOp::end, 0); }
  // A literal key is a Word (its index found while compiling); any other text is looked up.
  Tape& key(Word name) { return op(TapeOp::key_word, name.index); }
  template <typename Text>
    requires std::same_as<Text, std::string> || std::same_as<Text, std::string_view>
  Tape& key(const Text& name) { return word_or_text(name, TapeOp::key_word, TapeOp::key_text); }
  Tape& number(double value) { return op_number(value); }
  Tape& integer(std::int64_t value) { return number(static_cast<double>(value)); }
  Tape& boolean(bool value) { return op(value ? TapeOp::true_value : TapeOp::false_value, 0); }
  Tape& null() { return op(TapeOp::null, 0); }
  Tape& string(Word value) { return op(TapeOp::string_word, value.index); }
  template <typename Text>
    requires std::same_as<Text, std::string> || std::same_as<Text, std::string_view>
  Tape& string(const Text& value) { return word_or_text(value, TapeOp::string_word, TapeOp::string_text); }
  // A Float64Array in JavaScript (a JSON array of numbers in the text form).
  Tape& series(std::span<const double> values) {
    numbers_.insert(numbers_.end(), values.begin(), values.end());
    return op(TapeOp::series, static_cast<std::uint32_t>(values.size()));
  }
  // Room for this many more numbers: a reply of long series (a sweep) grows its buffer once, not by
  // doubling (each doubling of a large buffer is fresh pages, costly on a small machine).
  Tape& reserve_numbers(std::size_t more) {
    numbers_.reserve(numbers_.size() + more);
    return *this;
  }
  // Any document, as JSON.parse would read its dump().
  Tape& document(const nlohmann::ordered_json& value);

  std::string take() const;

 private:
  std::vector<double> numbers_;
  std::vector<std::uint32_t> tokens_;
  std::string text_;
  bool ascii_ = true;

  // Out of line: the writers make hundreds of calls, and one call each keeps the module small.
  [[gnu::noinline]] Tape& op(TapeOp code, std::uint32_t argument);
  [[gnu::noinline]] Tape& op_number(double value);
  Tape& word_or_text(std::string_view value, TapeOp word, TapeOp text);
};

// A list of errors as an array of {code, path, message}, and errors_to_json's document as a reply.
void write_errors(Tape& out, const Errors& errors);
std::string error_reply(const Errors& errors);

}  // namespace epochcalc::detail
