#include "format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace epochcalc::cli {

namespace {

struct Scale {
  double factor;
  const char* symbol;
};

// Six significant digits with trailing zeros kept, so columns line up and precision is visible; from a
// million units up, as a power of ten, so no number is wider than a column (issue 36: 22 digits of
// hours ran two columns together).
std::string significant(double value, const char* symbol) {
  if (std::fabs(value) >= 1e6) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.5e %s", value, symbol);
    return buffer;
  }
  const int digits_before = value >= 1 ? static_cast<int>(std::floor(std::log10(value))) + 1 : 1;
  const int decimals = std::max(0, 6 - digits_before);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, symbol);
  return buffer;
}

template <std::size_t N>
std::string scaled(double value, const std::array<Scale, N>& scales) {
  if (value == 0) return significant(0, scales[N / 2].symbol);
  // The largest unit in which the value is at least 1 (or the smallest unit).
  const Scale* chosen = &scales.front();
  for (const Scale& s : scales)
    if (std::fabs(value) >= s.factor) chosen = &s;
  const double shown = value / chosen->factor;
  return significant(shown, chosen->symbol);
}

}  // namespace

std::string format_time(double seconds) {
  static constexpr std::array<Scale, 6> scales{
      {{1e-9, "ns"}, {1e-6, "µs"}, {1e-3, "ms"}, {1, "s"}, {60, "min"}, {3600, "h"}}};
  return scaled(seconds, scales);
}

std::string format_energy(double joules) {
  static constexpr std::array<Scale, 5> scales{{{1e-6, "µJ"}, {1e-3, "mJ"}, {1, "J"}, {1e3, "kJ"}, {3.6e6, "kWh"}}};
  return scaled(joules, scales);
}

std::string format_count(double count) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.0f", count);
  std::string text = digits, out;
  const std::size_t start = text[0] == '-' ? 1 : 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i > start && (text.size() - i) % 3 == 0) out += ',';
    out += text[i];
  }
  return out;
}

std::string format_ratio(double ratio) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, ratio >= 1e6 ? "%.5ex" : ratio >= 100 ? "%.0fx" : (ratio >= 10 ? "%.1fx" : "%.2fx"), ratio);
  return buffer;
}

std::string format_percent(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", fraction * 100);
  return buffer;
}

std::size_t shown_width(const std::string& text) {
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xC0) != 0x80;
  return shown;
}

std::string pad(const std::string& text, std::size_t width) {
  const std::size_t shown = shown_width(text);
  return shown >= width ? text : text + std::string(width - shown, ' ');
}

std::string rpad(const std::string& text, std::size_t width) {
  const std::size_t shown = shown_width(text);
  return shown >= width ? text : std::string(width - shown, ' ') + text;
}

std::string column(const std::string& text, std::size_t width) { return " " + rpad(text, width - 1); }

std::string text_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::vector<bool>& right) {
  std::vector<std::size_t> widths(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = shown_width(header[c]);
    for (const auto& row : rows) widths[c] = std::max(widths[c], shown_width(row[c]));
  }
  const auto line = [&](const std::vector<std::string>& cells) {
    std::string out = " ";
    for (std::size_t c = 0; c < cells.size(); ++c) {
      out += ' ';
      const bool last = c + 1 == cells.size();
      out += right[c] ? rpad(cells[c], widths[c]) : last ? cells[c] : pad(cells[c], widths[c]);
      if (!last) out += ' ';
    }
    return out + "\n";
  };
  std::string out = line(header);
  for (const auto& row : rows) out += line(row);
  return out;
}

std::string printable(std::string_view text) {
  static const std::string replacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    const auto third = i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0;
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
      out += replacement;
    } else if (c == 0xC2 && next >= 0x80 && next <= 0x9F) {  // C1 controls
      out += replacement;
      ++i;
    } else if (c == 0xE2 && next == 0x80 && third >= 0xAA && third <= 0xAE) {  // U+202A..U+202E
      out += replacement;
      i += 2;
    } else if (c == 0xE2 && next == 0x81 && third >= 0xA6 && third <= 0xA9) {  // U+2066..U+2069
      out += replacement;
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace epochcalc::cli
