// The typings against the engine's field table, path by path (issue 33): every field of the schema is
// a property of ScenarioInput at its path, of the type its kind says (a quantity takes a number or a
// text with units, a choice exactly the schema's choices), and ScenarioInput has no property the schema
// does not know. Read with the TypeScript compiler's own checker, not by searching the file's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleDir = path.join(root, 'build/wasm/wasm');

const typings = path.join(root, 'wasm/epochcalc.d.ts');
const program = ts.createProgram([typings], { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const file = program.getSourceFile(typings);
const scenarioInput = checker.getTypeAtLocation(
  file.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'ScenarioInput').name);

/** The members of a union (or the type alone). @param {ts.Type} t */
const members = (t) => (t.isUnion() ? t.types : [t]);

/** The type at a schema path, without undefined and null; null where no property is there. A device
 * or a dataset is an id or an object: the path goes on into the object. @param {string} path */
function typeAt(path) {
  let type = scenarioInput;
  for (const key of path.split('/').slice(1)) {
    const objects = members(checker.getNonNullableType(type)).filter((m) => m.flags & ts.TypeFlags.Object);
    let next = null;
    for (const o of objects) {
      if (key === '-') next ??= checker.getIndexTypeOfType(o, ts.IndexKind.Number) ?? null;
      const prop = key === '-' ? null : o.getProperty(key);
      // A record keyed by precision (peak_flops) has the key as a property or an index signature.
      next ??= prop ? checker.getTypeOfSymbol(prop) : checker.getIndexTypeOfType(o, ts.IndexKind.String) ?? null;
    }
    if (!next) return null;
    type = next;
  }
  return checker.getNonNullableType(type);
}

const has = (t, flag) => members(t).some((m) => (m.flags & flag) !== 0);
const literals = (t) => members(t).filter((m) => m.isStringLiteral()).map((m) => m.value).sort();

/** What the typings must say for each kind of field. @param {any} f @param {ts.Type} t */
function problemOf(f, t) {
  const str = checker.typeToString(t);
  switch (f.kind) {
    case 'quantity': return has(t, ts.TypeFlags.Number) && has(t, ts.TypeFlags.String) ? null : `a quantity takes a number or text, not ${str}`;
    case 'integer': return has(t, ts.TypeFlags.Number) ? null : `an integer is a number, not ${str}`;
    case 'boolean': return has(t, ts.TypeFlags.BooleanLike) ? null : `a switch is a boolean, not ${str}`;
    case 'choice': return JSON.stringify(literals(t)) === JSON.stringify([...f.choices].sort()) ? null : `the choices are ${f.choices.join(', ')}, not ${str}`;
    case 'text': case 'preset': case 'profile': return has(t, ts.TypeFlags.String) ? null : `${f.kind} is a string, not ${str}`;
    case 'widths': return checker.isArrayType(t) ? null : `widths are an array, not ${str}`;
    case 'device': case 'dataset': return has(t, ts.TypeFlags.String) && members(t).some((m) => m.getProperty('base')) ? null : `${f.kind} is an id or an object with a base, not ${str}`;
    default: return `no rule for the kind ${f.kind}`;
  }
}

test('every field of the schema is a property of ScenarioInput at its path, of the type its kind says', async () => {
  const { createCalculator } = await import(path.join(moduleDir, 'epochcalc.js'));
  const calc = await createCalculator({ wasmBinary: readFileSync(path.join(moduleDir, 'epochcalc_core.wasm')) });
  const schema = calc.schema();
  const problems = [];
  for (const f of schema.fields) {
    const t = typeAt(f.path);
    if (!t) problems.push(`${f.path}: not in ScenarioInput`);
    else if (problemOf(f, t)) problems.push(`${f.path}: ${problemOf(f, t)}`);
  }
  assert.deepEqual(problems, []);

  // The other way: ScenarioInput's leaves are schema fields (or the objects that hold them, or a base id).
  const known = new Set(schema.fields.map((f) => f.path));
  const extra = [];
  const walk = (type, path, depth) => {
    for (const prop of checker.getNonNullableType(type).getProperties()) {
      const p = `${path}/${prop.name}`;
      const t = checker.getNonNullableType(checker.getTypeOfSymbol(prop));
      if (known.has(p) || prop.name === 'base') continue;
      const objects = members(t).filter((m) => (m.flags & ts.TypeFlags.Object) && !checker.isArrayType(m));
      if (objects.length && depth < 4) objects.forEach((o) => walk(o, p, depth + 1));
      else extra.push(p);
    }
  };
  walk(scenarioInput, '', 0);
  assert.deepEqual(extra, [], 'properties of ScenarioInput that no field of the schema has');
});

test('the check can fail: a wrong type is named', () => {
  const fake = { path: '/assumptions/phase', kind: 'choice', choices: ['training', 'inference', 'tuning'] };
  assert.match(problemOf(fake, typeAt('/assumptions/phase')), /the choices are training, inference, tuning/);
  assert.match(problemOf({ kind: 'boolean' }, typeAt('/dispatch')), /a switch is a boolean/);
  assert.equal(typeAt('/assumptions/no_such_field'), null);
});
