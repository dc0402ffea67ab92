// snprintf for the first visit's module: the JSON library formats only hexadecimal code units with it
// ("<U+%.4X>" in a parse error, "\u%04x" escaping a control character). The C library's snprintf
// brings all of printf, floating point included: about 2.5 KB gzip of the 135 KB first visit
// (bench/REPORT.md). This one writes unsigned integers in hex or decimal, with a zero-padded width or
// a precision; anything else writes nothing and returns -1, which tests/node/module.test.mjs would see
// (it checks both messages through the module). Linked into epochcalc_core only.
#include <cstdarg>
#include <cstddef>

extern "C" int snprintf(char* out, std::size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::size_t n = 0;
  const auto put = [&](char c) {
    if (n + 1 < size) out[n] = c;
    ++n;
  };
  for (const char* f = format; *f; ++f) {
    if (*f != '%') {
      put(*f);
      continue;
    }
    ++f;
    if (*f == '.') ++f;  // a precision is a zero-padded width for integers
    unsigned width = 0;
    while (*f >= '0' && *f <= '9') width = width * 10 + static_cast<unsigned>(*f++ - '0');
    const bool upper = *f == 'X';
    const unsigned base = *f == 'x' || *f == 'X' ? 16 : *f == 'u' ? 10 : 0;
    if (base == 0) {
      va_end(args);
      if (size > 0) out[0] = '\0';
      return -1;
    }
    unsigned value = va_arg(args, unsigned);
    char digits[16];
    unsigned count = 0;
    do {
      const unsigned d = value % base;
      digits[count++] = static_cast<char>(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
      value /= base;
    } while (value != 0);
    for (unsigned i = count; i < width; ++i) put('0');
    while (count > 0) put(digits[--count]);
  }
  va_end(args);
  if (size > 0) out[n < size ? n : size - 1] = '\0';
  return static_cast<int>(n);
}
