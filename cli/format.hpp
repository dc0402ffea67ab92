// Numbers for people: auto-scaled units and thousands separators.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epochcalc::cli {

std::string format_time(double seconds);    // "274.243 ms", "7.03143 s", "1.50000 h"
std::string format_energy(double joules);   // "145.433 mJ", "12.7370 J", "2.00000 kWh"
std::string format_count(double count);     // "1,875"
std::string format_ratio(double ratio);     // "1.08x"
std::string format_percent(double fraction);  // "61.5%"

// Columns: width in characters, not bytes ("µ" is two bytes of UTF-8); pad on the right or the left.
std::size_t shown_width(const std::string& text);
// Text for a terminal: control characters (escape sequences, NUL, BEL, C1 controls) and bidirectional
// overrides from a scenario's names or values shown as U+FFFD, so a file cannot recolour or retitle
// the user's terminal or reorder what it shows. Line breaks and tabs stay.
std::string printable(std::string_view text);
std::string pad(const std::string& text, std::size_t width);
std::string rpad(const std::string& text, std::size_t width);
// A right-aligned cell `width` wide that always starts with a space, so a wider value never runs into
// the column before it.
std::string column(const std::string& text, std::size_t width);

// A text table: each column as wide as its widest cell (header included), two spaces apart, every line
// indented by two; a column of numbers right-aligned (`right`), the others left. Any label or value fits.
std::string text_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::vector<bool>& right);

}  // namespace epochcalc::cli
