// Writes web/kit/api_types.d.ts: TypeScript types of api/openapi.yaml's schemas (one type a
// schema, its name), and Requests / Responses, each POST path's request body and its 200
// answer, so that the page's JSDoc (`@typedef {import("./api_types").…}`) is checked against
// the contract by tsc --checkJs: a field the contract does not have in a request the page
// builds fails the check (run.sh runs this before tsc).  The file is generated, not kept
// (.gitignore), and not embedded in grundyd (Makefile).
//
//   node tests/browser/api_types.mjs [api/openapi.yaml] [web/kit/api_types.d.ts]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const src = process.argv[2] || path.join(ROOT, 'api/openapi.yaml');
const out = process.argv[3] || path.join(ROOT, 'web/kit/api_types.d.ts');
const doc = yaml.load(fs.readFileSync(src, 'utf8'));
const refName = (ref) => ref.replace(/^#\/components\/schemas\//, '');
// The schema a $ref points at (a JSON pointer into the document).
const resolve = (ref) => ref.slice(2).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
  .reduce((at, k) => at[k], doc);
const lit = (v) => JSON.stringify(v);
const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : lit(k));

// A schema as a type.  Objects are closed unless additionalProperties says otherwise (a
// literal with another field is an error, as the daemon's 400 is).
function type(s) {
  if (s === true || s === undefined || s === null) return 'unknown';
  if (s === false) return 'never';
  if (s.$ref) return /^#\/components\/schemas\/[^/]+$/.test(s.$ref) ? refName(s.$ref) : type(resolve(s.$ref));
  // unevaluatedProperties: false over allOf (a request over its family's fields): one closed object
  if (s.unevaluatedProperties === false && Array.isArray(s.allOf) && !s.oneOf && !s.anyOf) {
    const merged = { type: 'object', properties: { ...(s.properties || {}) }, required: [...(s.required || [])], additionalProperties: false };
    const stack = [...s.allOf];
    while (stack.length) {
      const part = stack.pop(), at = part.$ref ? resolve(part.$ref) : part;
      if (at.oneOf || at.anyOf) return s.allOf.map((x) => wrap(type(x))).join(' & ');
      Object.assign(merged.properties, at.properties || {});
      merged.required.push(...(at.required || []));
      if (Array.isArray(at.allOf)) stack.push(...at.allOf);
    }
    return object(merged);
  }
  if ('const' in s) return lit(s.const);
  if (Array.isArray(s.enum)) return s.enum.map(lit).join(' | ');
  const parts = [];
  if (Array.isArray(s.type)) parts.push(s.type.map((t) => type({ ...s, type: t, oneOf: undefined, anyOf: undefined, allOf: undefined })).join(' | '));
  else if (s.type === 'object' || s.properties || s.additionalProperties !== undefined) parts.push(object(s));
  else if (s.type === 'array') parts.push(`${wrap(type(s.items))}[]`);
  else if (s.type === 'integer' || s.type === 'number') parts.push('number');
  else if (s.type === 'string' || s.type === 'boolean' || s.type === 'null') parts.push(s.type);
  for (const k of ['oneOf', 'anyOf']) if (Array.isArray(s[k])) parts.push(`(${s[k].map((x) => wrap(type(x))).join(' | ')})`);
  if (Array.isArray(s.allOf)) parts.push(...s.allOf.map((x) => wrap(type(x))));
  return parts.length ? parts.join(' & ') : 'unknown';
}
const wrap = (t) => (/[|&]/.test(t) ? `(${t})` : t);
function object(s) {
  const req = new Set(s.required || []);
  const fields = Object.entries(s.properties || {}).map(([k, v]) => `${key(k)}${req.has(k) ? '' : '?'}: ${type(v)}`);
  const extra = s.additionalProperties;
  if (extra === false || (extra === undefined && s.unevaluatedProperties === false)) return `{ ${fields.join('; ')} }`;
  if (extra !== undefined && extra !== true && !fields.length) return `{ [k: string]: ${type(extra)} }`;
  return `{ ${fields.concat(['[k: string]: unknown']).join('; ')} }`;
}

const lines = ['// Generated from api/openapi.yaml by tests/browser/api_types.mjs: do not edit.', ''];
for (const [name, s] of Object.entries(doc.components.schemas)) lines.push(`export type ${name} = ${type(s)};`);
const map = (pick) => Object.entries(doc.paths).map(([p, ops]) => [p, ops.post && pick(ops.post)])
  .filter(([, s]) => s).map(([p, s]) => `  ${lit(p)}: ${type(s)};`);
const json = (c) => c && c['application/json'] && c['application/json'].schema;
lines.push('', '/** Each POST path\'s request body. */', 'export interface Requests {',
  ...map((op) => op.requestBody && json(op.requestBody.content)), '}');
lines.push('', '/** Each POST path\'s answer (200). */', 'export interface Responses {',
  ...map((op) => op.responses && op.responses['200'] && json(op.responses['200'].content)), '}');
const limits = doc.paths['/v1/limits'] && doc.paths['/v1/limits'].get;
const ls = limits && limits.responses['200'] && json(limits.responses['200'].content);
lines.push('', '/** GET /v1/limits. */', `export type Limits = ${ls ? type(ls) : 'unknown'};`, '');
fs.writeFileSync(out, lines.join('\n'));
console.log(`api_types: ${Object.keys(doc.components.schemas).length} schemas -> ${path.relative(ROOT, out)}`);
