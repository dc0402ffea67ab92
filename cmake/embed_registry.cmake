# Script mode: writes a header that holds the registry JSON files as raw string literals, so the
# command-line tool and the wasm module carry their data with them.
# Usage: cmake -DDATA_DIR=<engine/data> -DOUTPUT=<file> -P embed_registry.cmake
set(_text "// Generated from engine/data by cmake/embed_registry.cmake. Do not edit.\n#pragma once\n\nnamespace epochcalc::registry::data {\n")
foreach(_name hardware datasets presets profiles prices)
  file(READ ${DATA_DIR}/${_name}.json _json)
  string(FIND "${_json}" ")registry\"" _clash)
  if(NOT _clash EQUAL -1)
    message(FATAL_ERROR "${_name}.json contains the raw-string terminator )registry\"")
  endif()
  # Without line breaks and indentation (JSON strings cannot hold a raw line break, so this never
  # touches a value): the modules carry fewer bytes.
  string(REGEX REPLACE "\n[ ]*" "" _json "${_json}")
  # And no space after a key's colon: a quote inside a string is escaped, so "\": " is always a key's end.
  string(REGEX REPLACE "([^\\])\": " "\\1\":" _json "${_json}")
  string(APPEND _text "inline constexpr const char* ${_name}_json = R\"registry(${_json})registry\";\n")
endforeach()
string(APPEND _text "}  // namespace epochcalc::registry::data\n")
file(WRITE ${OUTPUT}.tmp "${_text}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
