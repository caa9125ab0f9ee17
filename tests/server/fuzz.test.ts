// Issue 21 (2): every endpoint of the app, read from its own route registry (app.routes), is sent hostile
// requests: without a session, with a garbage or forged cookie, as a plain user, and as the admin with
// hostile path parameters and query strings, malformed JSON, wrong types, missing and extra fields, huge
// strings, deep nesting, oversize bodies with and without a length and wrong content types. No answer
// may be a 5xx, every error is the API's JSON error format, nothing unhandled is thrown, and a refused
// request changes no file in DATA_DIR (every file hashed before and after). docs/fuzz.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../server/app';
import { ADMIN_PERMISSIONS } from '../../src/domain/permissions';
import { needOf } from '../../server/auth/area-permissions';
import { isPublicApiRoute } from '../../server/auth/guards';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { closeStores } from '../../server/store/stores';
import { removeDataDirs } from './support/harness';
import { startFuzzApp, type FuzzApp } from './support/fuzz-app';
import {
  deepNesting,
  endpointsOf,
  fillPath,
  hashTree,
  HOSTILE_PARAMS,
  hugeStrings,
  jsonSchemaOf,
  label,
  paramNamesOf,
  plausibleParam,
  sampleOf,
  treeChanges,
  wrongTypes,
  ON_PURPOSE_5XX,
  PLAUSIBLE_QUERY,
  type Endpoint,
} from './support/fuzz';

type Who = 'none' | 'garbage' | 'forged' | 'user' | 'admin';

interface FuzzCase {
  category: string;
  who: Who;
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | (() => ReadableStream<Uint8Array>);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ONE_KB_OF_TEXT = 'x'.repeat(1024);
/** A forged session: the shape of a real token, known to no session. */
const FORGED_TOKEN = 'f'.repeat(43);
const GARBAGE_COOKIES = [
  `${SESSION_COOKIE}=%%%%; ${SESSION_COOKIE}=;;;=`,
  `${SESSION_COOKIE}="\\"; drop table"; kiri_device=${'z'.repeat(8000)}`,
];
const REQUEST_TIMEOUT_MS = 20_000;
/** Each endpoint with a path parameter gets this many of HOSTILE_PARAMS, in turn, so all are sent. */
const HOSTILE_PARAMS_PER_ENDPOINT = 5;
const MALFORMED_JSON_BODIES = [
  '{"message": "unterminated',
  "{message: 'single', }",
  '\u0000\u0001{}',
  '{"a":1}{"b":2}',
  '\uFEFF{"a": NaN}',
];
const WRONG_TOP_LEVEL = ['[]', '"just a string"', 'null', '12345', 'true'];
/** A content type, or null for none, with the body sent under it (null: the route's own JSON). */
const WRONG_CONTENT_TYPES: [string | null, string | null][] = [
  ['text/plain', null],
  ['application/x-www-form-urlencoded', 'message=hi&name=x'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi\r\n--x--\r\n',
  ],
  [null, null],
  ['application/json; charset=utf-16', null],
  ['application/xml', '<message>hi</message>'],
];

/** Values for the query parameters a route reads, percent-encoded. */
const HOSTILE_QUERY_VALUES = [
  '-1',
  '1e309',
  'NaN',
  '%00',
  '%E0%A4%A',
  '9'.repeat(400),
  '2026-02-30T25%3A61%3A00Z',
  '0x10',
  '%20%20',
  'Infinity',
];

/** Headers a browser would never send: each endpoint gets one set, in turn. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'idempotency-key': 'k'.repeat(5000), 'user-agent': 'u'.repeat(5000) },
  { 'idempotency-key': '%00\u00ff', 'x-forwarded-for': '1.1.1.1, <script>, ::ffff:999.0.0.1' },
  { accept: 'application/json;q=abc, */*;q=-1', 'accept-language': 'zz-ZZ;q=2,'.repeat(300) },
  { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': '%00evil', host: 'example.invalid:99999' },
  { 'content-type': 'application/json; charset=' + 'x'.repeat(2000), 'if-none-match': '*' },
];

/** `count` items of `list` from `start` on, wrapping: endpoint after endpoint, every item is sent. */
function rotate<T>(list: readonly T[], start: number, count: number): T[] {
  return Array.from(
    { length: Math.min(count, list.length) },
    (_, i) => list[(start + i) % list.length]!,
  );
}

let fuzz: FuzzApp;
let endpoints: Endpoint[];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

const tally = { requests: 0, fiveXx: 0, badFormat: 0, writesOnReject: 0 };
/** Answers by class (2xx, 4xx…): how many cases reached a handler rather than a guard. */
const byClass = new Map<string, number>();
const failures: string[] = [];
const categoriesOf = new Map<string, Set<string>>();
/** DATA_DIR as the last case left it; cleared when anything else ran (a session check). */
let lastTree: Map<string, string> | null = null;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  fuzz = await startFuzzApp();
  // FUZZ_ONLY (a regular expression over 'METHOD /path') narrows a run while fixing one route.
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
  endpoints = endpointsOf(fuzz.app.routes).filter(
    (endpoint) => !only || only.test(label(endpoint)),
  );
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await fuzz.app.stopBackground();
  await fuzz.quiesce();
  await closeStores(fuzz.stores).catch(() => undefined);
  await removeDataDirs();
});

function pathFor(endpoint: Endpoint, param?: string): string {
  const path = fillPath(
    endpoint.path,
    (name, constraint) => param ?? plausibleParam(name, constraint),
  );
  return path + (param === undefined ? (PLAUSIBLE_QUERY[label(endpoint)] ?? '') : '');
}

/** The smallest body the route's schema takes, and one with every optional field filled too. */
function seedsOf(endpoint: Endpoint): { minimal: unknown; full: unknown } {
  if (!endpoint.schema)
    return { minimal: { message: 'fuzz probe' }, full: { message: 'fuzz probe' } };
  const schema = jsonSchemaOf(endpoint.schema);
  return { minimal: sampleOf(schema), full: sampleOf(schema, true) };
}

function jsonCase(
  endpoint: Endpoint,
  category: string,
  body: string,
  contentType = 'application/json',
): FuzzCase {
  return {
    category,
    who: 'admin',
    path: pathFor(endpoint),
    method: endpoint.method,
    headers: { 'content-type': contentType },
    body,
  };
}

/** The cases of one endpoint: every category that applies to it, once or a few times. */
function casesOf(endpoint: Endpoint, index: number, allEndpoints: Endpoint[]): FuzzCase[] {
  const { method } = endpoint;
  const pick = <T>(list: readonly T[], count: number) => rotate(list, index * count, count);
  const plain = pathFor(endpoint);
  const cases: FuzzCase[] = [
    { category: 'no cookie', who: 'none', path: plain, method },
    ...pick(GARBAGE_COOKIES, 1).map((cookie) => ({
      category: 'garbage cookie',
      who: 'garbage' as const,
      path: plain,
      method,
      headers: { cookie },
    })),
    {
      category: 'forged cookie',
      who: 'forged',
      path: plain,
      method,
      headers: { cookie: `${SESSION_COOKIE}=${FORGED_TOKEN}` },
    },
    { category: 'plain user', who: 'user', path: plain, method },
    { category: 'admin', who: 'admin', path: plain, method },
  ];
  // A method this path was not registered with: a 404 in the JSON format, not Hono's text.
  const registered = new Set(
    allEndpoints.filter((other) => other.path === endpoint.path).map((other) => other.method),
  );
  const other = ALL_METHODS.find((candidate) => !registered.has(candidate));
  if (other)
    cases.push({ category: 'unregistered method', who: 'admin', path: plain, method: other });

  if (paramNamesOf(endpoint.path).length > 0) {
    for (const value of pick(HOSTILE_PARAMS, HOSTILE_PARAMS_PER_ENDPOINT)) {
      cases.push({
        category: 'hostile path param',
        who: 'admin',
        path: pathFor(endpoint, value),
        method,
      });
    }
  }
  cases.push({
    category: 'hostile headers',
    who: 'admin',
    path: plain,
    method,
    headers: pick(HOSTILE_HEADERS, 1)[0]!,
  });
  const separator = plain.includes('?') ? '&' : '?';
  cases.push({
    category: 'hostile query',
    who: 'admin',
    path: `${plain}${separator}since=yesterday&count=-1&limit=1e309&ms=NaN&id=%00&q=%E0%A4%A&page[]=1&__proto__[x]=1`,
    method,
  });
  // The parameters the route itself reads (from its handlers' source), each repeated with a hostile value.
  for (const [i, value] of pick(HOSTILE_QUERY_VALUES, 2).entries()) {
    if (endpoint.queryNames.length === 0) break;
    cases.push({
      category: 'hostile query',
      who: 'admin',
      path: `${plain}${separator}${endpoint.queryNames.map((name) => `${name}=${value}&${name}=${i}`).join('&')}`,
      method,
    });
  }
  cases.push({
    category: 'huge query',
    who: 'admin',
    path: `${plain}${separator}q=${'%F0%9F%98%80a'.repeat(1500)}&since=${'9'.repeat(2000)}`,
    method,
  });
  if (!BODY_METHODS.has(method)) return cases;

  const { minimal, full } = seedsOf(endpoint);
  const seedText = JSON.stringify(minimal);
  const oversize = '"' + 'a'.repeat(JSON_BODY_LIMIT_BYTES + 16) + '"';
  const extraFields =
    // Written by hand: JSON.stringify would drop a __proto__ key.
    `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"unexpected":"${ONE_KB_OF_TEXT}"${
      seedText.startsWith('{') && seedText !== '{}' ? ',' + seedText.slice(1) : '}'
    }`;
  cases.push(
    jsonCase(endpoint, 'valid body', seedText),
    {
      ...jsonCase(endpoint, 'cross-site origin', seedText),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    },
    ...pick(MALFORMED_JSON_BODIES, 1).map((text) => jsonCase(endpoint, 'malformed JSON', text)),
    ...pick(WRONG_TOP_LEVEL, 1).map((text) => jsonCase(endpoint, 'wrong types', text)),
    jsonCase(endpoint, 'wrong types', JSON.stringify(wrongTypes(full))),
    jsonCase(endpoint, 'missing fields', '{}'),
    jsonCase(endpoint, 'extra fields', extraFields),
    jsonCase(endpoint, 'huge strings', JSON.stringify(hugeStrings(full, 'a'.repeat(200_000)))),
    ...pick(deepNesting(10_000), 1).map((text) => jsonCase(endpoint, 'deep nesting', text)),
    {
      ...jsonCase(endpoint, 'oversize with length', oversize),
      headers: {
        'content-type': 'application/json',
        'content-length': String(oversize.length),
      },
    },
    {
      ...jsonCase(endpoint, 'oversize without length', ''),
      body: () => streamOf(oversize),
    },
    ...pick(WRONG_CONTENT_TYPES, 2).map(([contentType, body]) =>
      contentType === null
        ? { ...jsonCase(endpoint, 'wrong content type', body ?? seedText), headers: {} }
        : jsonCase(endpoint, 'wrong content type', body ?? seedText, contentType),
    ),
  );
  return cases;
}

/** A body with no length: chunks of 64 KB, as a chunked upload arrives. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 65_536));
      offset += 65_536;
    },
  });
}

function cookieFor(who: Who): string | undefined {
  if (who === 'admin') return fuzz.cookieOf(fuzz.admin);
  if (who === 'user') return fuzz.cookieOf(fuzz.user);
  return undefined;
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${REQUEST_TIMEOUT_MS} ms`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const { success, error, message } = body as Record<string, unknown>;
  return success === false && typeof error === 'string' && error !== '' && message === error;
}

/** What a case must get, beyond no 5xx, the format and no write: the session and permission checks. */
function expectedStatus(endpoint: Endpoint, fuzzCase: FuzzCase, userPermissions: string[]) {
  if (fuzzCase.category === 'unregistered method') return null;
  const path = fuzzCase.path.split('?')[0]!;
  const isApi = path.startsWith('/api/');
  if (fuzzCase.category === 'cross-site origin' && isApi) return 403;
  if (['none', 'garbage', 'forged'].includes(fuzzCase.who)) {
    if (isApi && !isPublicApiRoute(endpoint.method, endpoint.path)) return 401;
    return null;
  }
  if (fuzzCase.who === 'user') {
    const need = needOf(endpoint.method, endpoint.path);
    if (
      need &&
      (ADMIN_PERMISSIONS as readonly string[]).includes(need) &&
      !userPermissions.includes(need)
    ) {
      return 403;
    }
  }
  return null;
}

async function runCase(endpoint: Endpoint, fuzzCase: FuzzCase, userPermissions: string[]) {
  const headers: Record<string, string> = { ...fuzzCase.headers };
  const cookie = cookieFor(fuzzCase.who);
  if (cookie) headers.cookie = cookie;
  const what = `${label(endpoint)} [${fuzzCase.category}] ${fuzzCase.method} ${fuzzCase.path.slice(0, 120)}`;

  await fuzz.quiesce();
  const before = lastTree ?? (await hashTree(fuzz.dataDir));
  const body = typeof fuzzCase.body === 'function' ? fuzzCase.body() : fuzzCase.body;
  const response = await withTimeout(
    fuzz.send(fuzzCase.path, {
      method: fuzzCase.method,
      headers,
      body: fuzzCase.method === 'GET' ? undefined : body,
      ...(typeof fuzzCase.body === 'function' ? { duplex: 'half' as const } : {}),
    }),
    what,
  );
  const text = await response.text();
  await fuzz.quiesce();
  tally.requests += 1;
  const status = response.status;
  const onPurpose = ON_PURPOSE_5XX[label(endpoint)]?.includes(status) ?? false;
  const statusClass = onPurpose ? `${status} on purpose` : `${Math.floor(status / 100)}xx`;
  byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);

  if (status >= 500 && !onPurpose) {
    tally.fiveXx += 1;
    failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
  }
  if (status >= 400) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: counted below.
    }
    const json = (response.headers.get('content-type') ?? '').includes('application/json');
    if (!json || !isErrorBody(parsed)) {
      tally.badFormat += 1;
      failures.push(`${what}: ${status} not the JSON error format: ${text.slice(0, 200)}`);
    }
  }
  const after = await hashTree(fuzz.dataDir);
  lastTree = after;
  if (status >= 400 && status < 500) {
    const changes = treeChanges(before, after);
    if (changes.length > 0) {
      tally.writesOnReject += 1;
      failures.push(`${what}: ${status} yet wrote ${changes.join(', ')}`);
    }
  }
  const expected = expectedStatus(endpoint, fuzzCase, userPermissions);
  if (expected !== null && status !== expected) {
    failures.push(`${what}: expected ${expected}, got ${status} ${text.slice(0, 120)}`);
  }
  if (process.env.FUZZ_DEBUG && fuzzCase.category === 'valid body') {
    console.log(`valid body ${what}: ${status} ${text.slice(0, 100)}`);
  }
  const seen = categoriesOf.get(label(endpoint)) ?? new Set<string>();
  seen.add(fuzzCase.category);
  categoriesOf.set(label(endpoint), seen);
}

describe('endpoint fuzz', () => {
  it('lists the endpoints from the route registry, body schemas included', () => {
    const labels = endpointsOf(fuzz.app.routes).map(label);
    // A sample of what the registry must hold; the fuzz below walks all of it.
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/chat',
        'GET /api/health',
        'POST /api/auth/login',
        'GET /compiled-memory.md',
      ]),
    );
    if (!process.env.FUZZ_ONLY) expect(endpoints.length).toBeGreaterThan(150);
    expect(
      endpointsOf(fuzz.app.routes).find((endpoint) => label(endpoint) === 'POST /api/chat')?.schema,
    ).toBeTruthy();
  });

  it('answers every case of every endpoint without a 5xx, in the error format, writing nothing when it refuses', async () => {
    const started = performance.now();
    for (const [index, endpoint] of endpoints.entries()) {
      await fuzz.ensureSessions();
      const userPermissions = (await fuzz.user.status()).permissions ?? [];
      lastTree = null;
      for (const fuzzCase of casesOf(endpoint, index, endpoints)) {
        await runCase(endpoint, fuzzCase, userPermissions);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `endpoint fuzz: ${endpoints.length} endpoints × their cases = ${tally.requests} requests in ${seconds} s; ` +
        `5xx = ${tally.fiveXx}, bad error format = ${tally.badFormat}, writes on reject = ${tally.writesOnReject}, ` +
        `unhandled = ${unhandled.length}; answers: ${[...byClass]
          .sort()
          .map(([statusClass, count]) => `${statusClass} ${count}`)
          .join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
    // No __proto__ in a body reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('gave every endpoint every category that applies to it', () => {
    for (const endpoint of endpoints) {
      const seen = categoriesOf.get(label(endpoint)) ?? new Set();
      const needed = [
        'hostile headers',
        'no cookie',
        'garbage cookie',
        'forged cookie',
        'plain user',
        'admin',
        'hostile query',
        'huge query',
      ];
      if (paramNamesOf(endpoint.path).length > 0) needed.push('hostile path param');
      if (BODY_METHODS.has(endpoint.method)) {
        needed.push(
          'valid body',
          'cross-site origin',
          'malformed JSON',
          'wrong types',
          'missing fields',
          'extra fields',
          'huge strings',
          'deep nesting',
          'oversize with length',
          'oversize without length',
          'wrong content type',
        );
      }
      expect({ endpoint: label(endpoint), seen: [...seen].sort() }).toEqual({
        endpoint: label(endpoint),
        seen: expect.arrayContaining(needed),
      });
    }
  });
});
