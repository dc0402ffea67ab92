// Private to the engine. EPOCHCALC_FOR_SIZE marks a function that runs once per call or reply, or only on
// bad input, never once per number: the first visit's module builds it for size (clang's minsize, which
// Emscripten's compiler has), while the hot code around it stays optimised for speed. Other compilers
// build it as the rest.
#pragma once

#if defined(__clang__)
#define EPOCHCALC_FOR_SIZE [[clang::minsize]]
#else
#define EPOCHCALC_FOR_SIZE
#endif
