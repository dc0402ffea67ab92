// The engine's folders show its layers, and no file includes a header of a layer above its own
// (scripts/check-layers.mjs). The checker is tried on made-up files first, so that it can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkLayers, engineFiles, layerOf, LAYERS } from '../../scripts/check-layers.mjs';

test('the checker finds an include of a layer above, a file outside the layers, and an Emscripten header', () => {
  const files = {
    'engine/src/scenario/parse.cpp': '#include "api/api.hpp"\n#include "epochcalc/model/model.hpp"\n#include <vector>\n',
    'engine/src/model/m.cpp': '#include "epochcalc/whatif/solve_for.hpp"\n#include <emscripten/bind.h>\n',
    'engine/src/loose.cpp': '',
    'engine/include/epochcalc/contract/doc.hpp': '#include "epochcalc/scenario/fields.hpp"\n#include "somewhere.hpp"\n',
  };
  const problems = checkLayers(Object.keys(files), (f) => files[f]);
  assert.deepEqual(problems, [
    'engine/src/scenario/parse.cpp:1: the scenario layer includes "api/api.hpp" of the api layer above it',
    'engine/src/model/m.cpp:1: the model layer includes "epochcalc/whatif/solve_for.hpp" of the whatif layer above it',
    'engine/src/model/m.cpp:2: includes emscripten/bind.h: the engine has no Emscripten header (wasm/ binds it)',
    'engine/src/loose.cpp: not in a layer\'s folder (model, scenario, whatif, contract, api)',
    'engine/include/epochcalc/contract/doc.hpp:2: includes "somewhere.hpp", which names no layer: write "epochcalc/<layer>/..." or "<layer>/..."',
  ]);
});

test('every engine file is in a layer\'s folder and includes only its layer and those below', () => {
  const files = engineFiles();
  assert.ok(files.length > 50, `only ${files.length} engine files found`);
  for (const layer of LAYERS) assert.ok(files.some((f) => layerOf(f) === layer), `no file in the ${layer} layer`);
  assert.deepEqual(checkLayers(files, (f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8')), []);
});
