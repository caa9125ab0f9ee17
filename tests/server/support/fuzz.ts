// The endpoint fuzz's pieces (docs/fuzz.md): the endpoints read from the app's own route registry, their
// body schemas (server/http/validate.ts bodySchemaOf), a sample body made from each schema, the text
// fields in it, hostile path parameters, adversarial text, and a hash of every file in DATA_DIR.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { bodySchemaOf } from '../../../server/http/validate';

/** One endpoint: a method and a registered pattern, with the body schema its jsonBody checks, if any. */
export interface Endpoint {
  method: string;
  path: string;
  schema: z.ZodType | null;
  /** The query parameters its handlers read (`c.req.query('name')` in their source). */
  queryNames: string[];
}

export interface RegisteredRoute {
  method: string;
  path: string;
  handler: unknown;
}

/**
 * Every endpoint of the app, from Hono's `app.routes`. Middleware (`.use`) registers under 'ALL' and
 * answers nothing by itself, so it is left out; a route's several handlers (guards, jsonBody, the
 * handler) are one endpoint.
 */
export function endpointsOf(routes: readonly RegisteredRoute[]): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const endpoint = byKey.get(key) ?? {
      method: route.method,
      path: route.path,
      schema: null,
      queryNames: [],
    };
    endpoint.schema ??= bodySchemaOf(route.handler) ?? null;
    for (const name of queryNamesIn(route.handler)) {
      if (!endpoint.queryNames.includes(name)) endpoint.queryNames.push(name);
    }
    byKey.set(key, endpoint);
  }
  return [...byKey.values()];
}

const QUERY_READ = /req\.query\(\s*["'`]([\w-]+)["'`]\s*\)/g;

/** Handlers are written inline in their route file (the house style): their source names what they read. */
function queryNamesIn(handler: unknown): string[] {
  if (typeof handler !== 'function') return [];
  return [...Function.prototype.toString.call(handler).matchAll(QUERY_READ)].map((m) => m[1]!);
}

export const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/**
 * Answers of 500 or more that are the route's purpose. The error-test page asks for real failures on
 * demand (routes/error-test.ts); its /network call closes the socket, and under app.request, which has
 * none, it says so with a 501. Nothing else may answer 5xx.
 */
export const ON_PURPOSE_5XX: Record<string, number[]> = {
  'GET /api/error-test/network': [501],
};

/**
 * A query a route needs for its ordinary answer to come at once: the error-test page's slow answer waits
 * 10 s by default (its purpose); with ms=0 its plausible case is quick and its hostile ones still run.
 */
export const PLAUSIBLE_QUERY: Record<string, string> = {
  'GET /api/error-test/slow': '?ms=0',
};

/** `:name` or `:name{regex}` in a Hono pattern. */
const PARAM = /:([A-Za-z_]\w*)(\{[^}]*\})?/g;

export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1]!);
}

/** A value that looks like what the route expects (never one that exists here: a fuzz deletes nothing). */
export function plausibleParam(name: string, constraint: string | undefined): string {
  if (constraint?.includes('[0-9]')) return '404';
  const lower = name.toLowerCase();
  if (lower.includes('count')) return '5';
  if (lower.includes('file')) return 'fuzz-notes.txt';
  if (lower === 'status') return '404';
  return '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
}

/**
 * Hostile values, already percent-encoded for the URL: traversal (plain and encoded), a long value,
 * numbers out of range, NUL, broken percent-encoding, markup, quotes, prototype names, emoji.
 */
export const HOSTILE_PARAMS: readonly string[] = [
  '..%2F..%2Fauth.json',
  '%2e%2e',
  'a'.repeat(5000),
  '-1',
  '1e309',
  '99999999999999999999999',
  '%00',
  '%E0%A4%A',
  '%',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "'%20OR%201%3D1%20--",
  '__proto__',
  'constructor',
  '%F0%9F%98%80'.repeat(50),
];

export function fillPath(path: string, value: (name: string, constraint?: string) => string) {
  return path.replace(PARAM, (_all, name: string, constraint?: string) => value(name, constraint));
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

/** The JSON Schema of a body's input side; refinements and transforms are invisible in it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  email: 'fuzz@example.com',
  uri: 'https://example.com/fuzz',
  url: 'https://example.com/fuzz',
  'date-time': '2026-01-15T08:00:00.000Z',
  date: '2026-01-15',
};

function sampleString(schema: JsonSchema): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  const base = 'fuzz probe';
  const min = schema.minLength ?? 0;
  const text = base.length >= min ? base : base.padEnd(min, 'x');
  return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let value = schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
  if (value < 0 && (schema.maximum ?? 1) >= 0) value = 0;
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

/**
 * A body that follows the schema as far as JSON Schema tells (a refinement may still refuse it): its
 * required fields only, the smallest body a client may send; with `all`, its optional ones too.
 */
export function sampleOf(schema: JsonSchema, all = false): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant, all);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, all) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (all || required.has(key)) out[key] = sampleOf(value, all);
      }
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleOf(item, all));
      const count = Math.min(Math.max(schema.minItems ?? 0, all ? 1 : 0), schema.maxItems ?? 1);
      return Array.from({ length: count }, () =>
        schema.items ? sampleOf(schema.items, all) : null,
      );
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'fuzz probe';
  }
}

export type FieldPath = (string | number)[];

/** Where the schema takes free text: every string that is not one fixed value (enum, const). */
export function textFieldsOf(schema: JsonSchema, path: FieldPath = []): FieldPath[] {
  if ('const' in schema || schema.enum) return [];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return textFieldsOf(variant, path);
  if (schema.allOf) return schema.allOf.flatMap((part) => textFieldsOf(part, path));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return [path];
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      textFieldsOf(value, [...path, key]),
    );
  }
  if (type === 'array' && schema.items && (schema.maxItems ?? 1) > 0) {
    return textFieldsOf(schema.items, [...path, 0]);
  }
  return [];
}

/** The schema of the value at `path`, following the first variant of a union as sampleOf does. */
function schemaAt(schema: JsonSchema, path: FieldPath): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const key of path) {
    if (!node) return undefined;
    node = node.anyOf?.[0] ?? node.oneOf?.[0] ?? node;
    node = typeof key === 'number' ? node.items : node.properties?.[key];
  }
  return node && (node.anyOf?.[0] ?? node.oneOf?.[0] ?? node);
}

export function maxLengthAt(schema: JsonSchema, path: FieldPath): number | null {
  return schemaAt(schema, path)?.maxLength ?? null;
}

/**
 * The smallest body with the field at `path` set to `value`: the objects and arrays on the way that the
 * minimal sample left out are filled with their own minimal samples.
 */
export function bodyWithField(schema: JsonSchema, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const root = structuredClone(sampleOf(schema)) as Record<string | number, unknown>;
  let cursor = root;
  for (const [depth, key] of path.slice(0, -1).entries()) {
    const next = cursor[key];
    if (next === null || typeof next !== 'object') {
      const sub = schemaAt(schema, path.slice(0, depth + 1));
      const isArray = typeof path[depth + 1] === 'number';
      cursor[key] = isArray ? [sub?.items ? sampleOf(sub.items) : {}] : sub ? sampleOf(sub) : {};
    } else if (Array.isArray(next) && next.length === 0) {
      const sub = schemaAt(schema, path.slice(0, depth + 1));
      next.push(sub?.items ? sampleOf(sub.items) : {});
    }
    cursor = cursor[key] as Record<string | number, unknown>;
  }
  cursor[path.at(-1)!] = value;
  return root;
}

/** The same type mistake for every field: a string where a number is, and the other way round. */
export function wrongTypes(sample: unknown): unknown {
  if (Array.isArray(sample)) return { notAnArray: sample.map(wrongTypes) };
  if (sample === null) return 0;
  switch (typeof sample) {
    case 'string':
      return 12345;
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'object':
      return Object.fromEntries(
        Object.entries(sample as object).map(([key, value]) => [key, wrongTypes(value)]),
      );
    default:
      return null;
  }
}

/** Every field filled with a long string, nested values included. */
export function hugeStrings(sample: unknown, text: string): unknown {
  if (Array.isArray(sample)) return sample.map((item) => hugeStrings(item, text));
  if (sample !== null && typeof sample === 'object') {
    return Object.fromEntries(
      Object.entries(sample).map(([key, value]) => [key, hugeStrings(value, text)]),
    );
  }
  return text;
}

/**
 * Adversarial text of about `bytes` bytes, against the usual catastrophic patterns: a long run with a
 * failing end ('aaaa…!'), a run of spaces, nested brackets, repeated emoji and newlines, a long run of
 * one word with separators, and runs of empty and blank lines ending in U+2028 (which `.` stops at).
 */
export function adversarialText(kind: AdversarialKind, bytes: number): string {
  switch (kind) {
    case 'run':
      return 'a'.repeat(bytes) + '!';
    case 'spaces':
      return 'x' + ' '.repeat(bytes) + 'x\u0000';
    case 'brackets': {
      const depth = Math.floor(bytes / 2);
      return '('.repeat(depth) + ')'.repeat(depth - 1);
    }
    case 'emoji':
      return '😀\n'.repeat(Math.floor(bytes / 5)) + '\r';
    case 'words':
      return 'hey kiri, '.repeat(Math.floor(bytes / 10)) + '…?';
    case 'newlines':
      return ' \n'.repeat(Math.floor(bytes / 4)) + '\n'.repeat(Math.floor(bytes / 2)) + '\u2028';
  }
}

export const ADVERSARIAL_KINDS = [
  'run',
  'spaces',
  'brackets',
  'emoji',
  'words',
  'newlines',
] as const;
export type AdversarialKind = (typeof ADVERSARIAL_KINDS)[number];

/** Deep nesting, 10,000 levels: arrays and objects. */
export function deepNesting(levels: number): string[] {
  return [
    '['.repeat(levels) + ']'.repeat(levels),
    '{"a":'.repeat(levels) + '1' + '}'.repeat(levels),
  ];
}

/** The stat fields that change whenever a file's content is written or replaced (rename: a new inode). */
function statKey(stats: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/** Content hashes by path, kept with the stat they were taken at: a file not touched since is not read. */
const hashCache = new Map<string, { key: string; hash: string }>();

/**
 * Every file under `dir`, by relative path, with the SHA-256 of its content. A file whose inode, size,
 * mtime and ctime (nanoseconds) are those of its last hash keeps that hash: any write changes one of them.
 */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const full = join(entry.parentPath, entry.name);
        try {
          const key = statKey(await stat(full, { bigint: true }));
          const cached = hashCache.get(full);
          let hash = cached?.key === key ? cached.hash : null;
          if (hash === null) {
            hash = createHash('sha256')
              .update(await readFile(full))
              .digest('hex');
            hashCache.set(full, { key, hash });
          }
          hashes.set(relative(dir, full), hash);
        } catch {
          // Gone between the listing and the read (a temp file renamed): not a file of the tree.
        }
      }),
  );
  return hashes;
}

/** What differs between two trees: added, removed and changed paths. */
export function treeChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [path, hash] of after) {
    if (!before.has(path)) changes.push(`+${path}`);
    else if (before.get(path) !== hash) changes.push(`~${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`-${path}`);
  return changes;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
