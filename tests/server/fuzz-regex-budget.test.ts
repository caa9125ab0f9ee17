// Issue 21 (2), the regular-expression budget: every text field the server accepts (each body schema's
// strings, read from the route registry, and the query strings of every GET) is sent adversarial text of
// more than 10 KB, and four times as much: the answer must take about four times as long at most, never
// the sixteen times of a quadratic scan or the blow-up of a backtracking regex. Where a field has its own
// length limit, the pair is also sent within it (a quarter of the limit and the limit), so the code
// behind the door (the chat's local engine) is measured too. docs/fuzz.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStores } from '../../server/store/stores';
import { removeDataDirs } from './support/harness';
import { startFuzzApp, type FuzzApp } from './support/fuzz-app';
import {
  adversarialText,
  bodyWithField,
  ADVERSARIAL_KINDS,
  endpointsOf,
  fillPath,
  jsonSchemaOf,
  label,
  median,
  ON_PURPOSE_5XX,
  plausibleParam,
  maxLengthAt,
  textFieldsOf,
  type Endpoint,
  type FieldPath,
} from './support/fuzz';

/** The small size: more than 10 KB, as the issue asks. The large one is four times it. */
const SMALL_BYTES = 12 * 1024;
const GROWTH = 4;
/** Linear is 4×; the bound leaves room for a loaded machine (a quadratic scan is 16×). */
const MAX_RATIO = 10;
/** Below this the large request passes whatever the ratio: timer noise, not a scan. */
const FLOOR_MS = 60;
const REPEATS = 3;
/** A route that reads no query: the router's own reading of a long address is measured on it. */
const ROUTER_PROBE = 'GET /api/health';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let fuzz: FuzzApp;
let endpoints: Endpoint[];

beforeAll(async () => {
  fuzz = await startFuzzApp();
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
  endpoints = endpointsOf(fuzz.app.routes).filter(
    (endpoint) => !only || only.test(label(endpoint)),
  );
}, 60_000);

afterAll(async () => {
  await fuzz.app.stopBackground();
  await fuzz.quiesce();
  await closeStores(fuzz.stores).catch(() => undefined);
  await removeDataDirs();
});

/** Every kind of adversarial text in one string of about `bytes` bytes, each kind a run of its own. */
function mixedText(bytes: number): string {
  const share = Math.floor(bytes / ADVERSARIAL_KINDS.length);
  return ADVERSARIAL_KINDS.map((kind) => adversarialText(kind, share)).join('');
}

interface Probe {
  endpoint: string;
  what: string;
  /** The request for a text of about `bytes` bytes. */
  request: (bytes: number) => { path: string; init: RequestInit };
  sizes: number[];
}

function pathOf(endpoint: Endpoint): string {
  return fillPath(endpoint.path, (name, constraint) => plausibleParam(name, constraint));
}

function bodyProbes(endpoint: Endpoint): Probe[] {
  if (!endpoint.schema || !BODY_METHODS.has(endpoint.method)) return [];
  const schema = jsonSchemaOf(endpoint.schema);
  return textFieldsOf(schema).map((field: FieldPath) => {
    const limit = maxLengthAt(schema, field);
    const sizes = [SMALL_BYTES];
    if (limit !== null && limit >= 400 && limit < SMALL_BYTES * GROWTH) sizes.push(limit / GROWTH);
    return {
      endpoint: label(endpoint),
      what: `${label(endpoint)} body.${field.join('.') || '(whole)'}`,
      sizes,
      request: (bytes) => ({
        path: pathOf(endpoint),
        init: {
          method: endpoint.method,
          headers: { 'content-type': 'application/json', cookie: fuzz.cookieOf(fuzz.admin) },
          body: JSON.stringify(bodyWithField(schema, field, mixedText(bytes))),
        },
      }),
    };
  });
}

/**
 * The query parameters a GET reads, read from its handlers' source (endpointsOf), each given the text;
 * and one route that reads none (the router still parses the whole address).
 */
function queryProbe(endpoint: Endpoint): Probe[] {
  if (endpoint.method !== 'GET') return [];
  const names =
    endpoint.queryNames.length > 0
      ? endpoint.queryNames
      : label(endpoint) === ROUTER_PROBE
        ? ['q']
        : [];
  return names.map((name) => ({
    endpoint: label(endpoint),
    what: `${label(endpoint)} query ${name}`,
    sizes: [SMALL_BYTES],
    request: (bytes: number) => ({
      path: `${pathOf(endpoint)}?${name}=${encodeURIComponent(mixedText(bytes))}`,
      init: { headers: { cookie: fuzz.cookieOf(fuzz.admin) } },
    }),
  }));
}

async function timeOnce(probe: Probe, bytes: number): Promise<number> {
  const { path, init } = probe.request(bytes);
  const started = performance.now();
  const response = await fuzz.send(path, init);
  await response.text();
  const ms = performance.now() - started;
  if (!ON_PURPOSE_5XX[probe.endpoint]?.includes(response.status)) {
    expect(response.status, `${probe.what} at ${bytes} bytes`).toBeLessThan(500);
  }
  return ms;
}

/** Median times at `bytes` and GROWTH × `bytes`, measured in turn so a slow spell hits both. */
async function measure(probe: Probe, bytes: number, repeats: number) {
  const small: number[] = [];
  const large: number[] = [];
  await timeOnce(probe, bytes); // warm-up: the first call of a route compiles its code
  for (let i = 0; i < repeats; i += 1) {
    small.push(await timeOnce(probe, bytes));
    large.push(await timeOnce(probe, bytes * GROWTH));
  }
  return { small: median(small), large: median(large) };
}

const withinBudget = ({ small, large }: { small: number; large: number }) =>
  large <= Math.max(MAX_RATIO * small, FLOOR_MS);

describe('regular-expression budget', () => {
  it('reads every text field in linear time: 4× the text costs about 4× the time', async () => {
    const probes = endpoints.flatMap((endpoint) => [
      ...bodyProbes(endpoint),
      ...queryProbe(endpoint),
    ]);
    const over: string[] = [];
    let worst = { what: '', ratio: 0 };
    let measured = 0;
    for (const probe of probes) {
      await fuzz.ensureSessions();
      for (const bytes of probe.sizes) {
        let times = await measure(probe, bytes, REPEATS);
        // A loaded machine: measure once more, longer, before calling it a failure.
        if (!withinBudget(times)) times = await measure(probe, bytes, REPEATS * 2 + 1);
        measured += 1;
        const ratio = times.large / Math.max(times.small, 0.001);
        if (times.large > FLOOR_MS && ratio > worst.ratio) worst = { what: probe.what, ratio };
        if (!withinBudget(times)) {
          over.push(
            `${probe.what}: ${bytes} B ${times.small.toFixed(1)} ms, ${bytes * GROWTH} B ${times.large.toFixed(1)} ms`,
          );
        }
      }
    }
    console.log(
      `regex budget: ${probes.length} text fields, ${measured} size pairs (${SMALL_BYTES / 1024} KB and ` +
        `${(SMALL_BYTES * GROWTH) / 1024} KB, within-limit pairs too), over budget = ${over.length}` +
        (worst.what
          ? `, steepest above ${FLOOR_MS} ms: ${worst.what} ×${worst.ratio.toFixed(1)}`
          : ''),
    );
    expect(probes.length).toBeGreaterThan(0);
    expect(over).toEqual([]);
  }, 600_000);
});
