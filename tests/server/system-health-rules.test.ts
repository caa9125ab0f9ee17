// Issue 20 item 6, the rules behind the settings pages' server figures (docs/settings-health.md):
// percentiles by nearest rank, per-route aggregation over a window, the timing ring's fixed size, route
// labels by pattern, the server's error ring (cap, newest first, scrubbed), uptime and store totals.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleErrors, HttpError, type ServerFailure } from '../../server/http/errors';
import { routeLabelOf, UNMATCHED_ROUTE } from '../../server/http/route-label';
import { timeRequests } from '../../server/http/request-timing';
import { silentLogger } from '../../server/log';
import { SERVER_ERROR_CAP, ServerErrorRing } from '../../server/system-health/error-ring';
import {
  byStoreSize,
  storesTotalBytes,
  uptimeSeconds,
} from '../../server/system-health/health-rules';
import { RequestTimings } from '../../server/system-health/request-timings';
import {
  percentile,
  summarizeTimings,
  TIMING_WINDOW_MS,
  type TimingSample,
} from '../../server/system-health/timing-rules';

describe('percentile rule (nearest rank)', () => {
  it('the median of an even count is the lower middle value; of an odd count, the middle', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
  });

  it('the 95th of twenty values is the nineteenth; of one value, that value', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile(twenty, 100)).toBe(20);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([7], 0)).toBe(7);
  });

  it('a p outside 0..100 is clamped; no values is an error, not a made-up figure', () => {
    expect(percentile([1, 2, 3], 250)).toBe(3);
    expect(percentile([1, 2, 3], -5)).toBe(1);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });
});

describe('aggregation rule: per route, within the window, most-used first', () => {
  const now = 1_000_000_000;
  const sample = (route: string, ago: number, ms: number): TimingSample => ({
    route,
    at: now - ago,
    ms,
  });

  it('count, p50, p95 and max per route, to a tenth of a millisecond', () => {
    const rows = summarizeTimings(
      [
        sample('GET /a', 0, 10),
        sample('GET /a', 1000, 30),
        sample('GET /a', 2000, 20),
        sample('GET /b', 0, 5.04),
        sample('GET /a', 3000, 40.06),
      ],
      now,
    );
    expect(rows).toEqual([
      { route: 'GET /a', count: 4, p50Ms: 20, p95Ms: 40.1, maxMs: 40.1 },
      { route: 'GET /b', count: 1, p50Ms: 5, p95Ms: 5, maxMs: 5 },
    ]);
  });

  it('leaves out what ended before the window; the window edge itself counts', () => {
    const rows = summarizeTimings(
      [sample('GET /old', TIMING_WINDOW_MS + 1, 1), sample('GET /edge', TIMING_WINDOW_MS, 2)],
      now,
    );
    expect(rows.map((row) => row.route)).toEqual(['GET /edge']);
  });

  it('ties in count go by route name', () => {
    const rows = summarizeTimings([sample('GET /z', 0, 1), sample('GET /m', 0, 1)], now);
    expect(rows.map((row) => row.route)).toEqual(['GET /m', 'GET /z']);
  });
});

describe('timing ring: a fixed size, the oldest overwritten', () => {
  it('keeps the newest `capacity` samples, oldest first, and sums them per route', () => {
    const ring = new RequestTimings(3);
    for (let i = 1; i <= 5; i++) ring.record(`GET /r${i % 2}`, i, i);
    expect([...ring.samples()].map((s) => s.ms)).toEqual([3, 4, 5]);
    const summary = ring.summary(5);
    expect(summary.total).toBe(3);
    expect(summary.windowMinutes).toBe(15);
    expect(summary.routes).toEqual([
      { route: 'GET /r1', count: 2, p50Ms: 3, p95Ms: 5, maxMs: 5 },
      { route: 'GET /r0', count: 1, p50Ms: 4, p95Ms: 4, maxMs: 4 },
    ]);
  });
});

describe('route label: the method and the matched pattern, never the raw path', () => {
  function appWith() {
    const labels: string[] = [];
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      labels.push(routeLabelOf(c));
    });
    app.use('/api/*', async (_c, next) => next());
    const items = new Hono().get('/:id', (c) => c.text('ok'));
    app.route('/api/items', items);
    return { app, labels };
  }

  it('a route with an id is named by its pattern; a path no route matches is (no route)', async () => {
    const { app, labels } = appWith();
    await app.request('/api/items/0190d4c8-aaaa?token=abc');
    await app.request('/api/nothing/here');
    expect(labels).toEqual(['GET /api/items/:id', `GET ${UNMATCHED_ROUTE}`]);
  });

  it('the middleware times each request once, under its label', async () => {
    const seen: { route: string; ms: number }[] = [];
    let tick = 0;
    const app = new Hono();
    app.use(
      '/api/*',
      timeRequests(
        (route, ms) => seen.push({ route, ms }),
        () => (tick += 5),
      ),
    );
    app.get('/api/items/:id', (c) => c.text('ok'));
    await app.request('/api/items/42?x=1', { method: 'GET' });
    expect(seen).toEqual([{ route: 'GET /api/items/:id', ms: 5 }]);
  });
});

describe('handleErrors tells the error ring of every answer of 500 or more', () => {
  function appWith(failures: ServerFailure[]) {
    const app = new Hono();
    app.onError(handleErrors(silentLogger, (failure) => failures.push(failure)));
    app.get('/x/:id/own', () => {
      throw new HttpError(503, 'Maintenance');
    });
    app.get('/x/:id/bad', () => {
      throw new HttpError(400, 'Bad input');
    });
    app.get('/x/:id/bug', () => {
      throw new TypeError('Cannot read properties of undefined\n    at handler (x.ts:1:1)');
    });
    return app;
  }

  it("a handler's own 5xx and an unexpected exception (its first line, no stack); never a 4xx", async () => {
    const failures: ServerFailure[] = [];
    const app = appWith(failures);
    expect((await app.request('/x/1/own')).status).toBe(503);
    expect((await app.request('/x/2/bad')).status).toBe(400);
    expect((await app.request('/x/3/bug')).status).toBe(500);
    expect(failures).toEqual([
      { status: 503, route: 'GET /x/:id/own', message: 'Maintenance' },
      {
        status: 500,
        route: 'GET /x/:id/bug',
        message: 'TypeError: Cannot read properties of undefined',
      },
    ]);
  });
});

describe('server error ring', () => {
  it('keeps the newest SERVER_ERROR_CAP, newest first, each with its time', () => {
    let now = Date.UTC(2026, 0, 15);
    const ring = new ServerErrorRing(() => now);
    for (let i = 1; i <= SERVER_ERROR_CAP + 5; i++) {
      now += 1000;
      ring.recordResponse({ status: 500, route: 'GET /x', message: `failure ${i}` });
    }
    const recent = ring.recent();
    expect(recent).toHaveLength(SERVER_ERROR_CAP);
    expect(recent[0]).toMatchObject({
      id: SERVER_ERROR_CAP + 5,
      message: `failure ${SERVER_ERROR_CAP + 5}`,
    });
    expect(recent.at(-1)).toMatchObject({ id: 6, message: 'failure 6' });
    expect(recent[0]!.at).toBe(new Date(now).toISOString());
  });

  it('no secret: query strings removed, secret-named values redacted, long messages cut', () => {
    const ring = new ServerErrorRing(() => 0);
    ring.recordLog('push failed', new Error('403 at https://push.example/send?auth=abc&p256dh=x'));
    ring.recordLog('login: Authorization: Bearer eyJhbGciOi password=hunter2');
    ring.recordLog('x'.repeat(1000));
    const [long, auth, push] = ring.recent();
    expect(push!.message).toBe(
      'push failed: Error: 403 at https://push.example/send?[query removed]',
    );
    expect(auth!.message).toBe('login: Authorization: [redacted] [redacted] password=[redacted]');
    expect(long!.message.length).toBeLessThanOrEqual(300);
  });

  it('the wrapped logger keeps error lines only, and still writes every line to the log it wraps', () => {
    const written: string[] = [];
    const ring = new ServerErrorRing(() => 0);
    const log = ring.wrap({
      info: (m) => written.push(`info ${m}`),
      warn: (m) => written.push(`warn ${m}`),
      error: (m) => written.push(`error ${m}`),
    });
    log.info('started');
    log.warn('slow');
    log.error('broke', new RangeError('out of range'));
    expect(written).toEqual(['info started', 'warn slow', 'error broke']);
    expect(ring.recent().map((entry) => entry.message)).toEqual([
      'broke: RangeError: out of range',
    ]);
  });
});

describe('health rules', () => {
  it('uptime: whole seconds by the clock, never negative', () => {
    expect(uptimeSeconds(1000, 1000)).toBe(0);
    expect(uptimeSeconds(1000, 62_999)).toBe(61);
    expect(uptimeSeconds(5000, 1000)).toBe(0);
  });

  it('stores total: every file and journal that exists; largest first', () => {
    const stores = [
      { name: 'a', file: 'a.json', bytes: 10, journalBytes: null },
      { name: 'b', file: 'b.json', bytes: 5, journalBytes: 20 },
      { name: 'c', file: 'c.json', bytes: null, journalBytes: null },
    ];
    expect(storesTotalBytes(stores)).toBe(35);
    expect(byStoreSize(stores).map((store) => store.name)).toEqual(['b', 'a', 'c']);
  });
});
