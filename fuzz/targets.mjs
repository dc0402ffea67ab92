// The libFuzzer targets that scripts/fuzz.mjs runs and npm test schedules, one job each
// (fuzz/CMakeLists.txt builds them as epochcalc_fuzz_<name>).
export const targets = ['solve', 'quantity', 'expand', 'calibrate', 'set', 'link', 'compare', 'prepared'];
