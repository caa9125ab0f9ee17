// The device's error ring as pure rules (docs/settings-health.md): what an entry holds (path only, the
// server's own message, never a secret), the cap, newest first, repeats merged.
import { describe, expect, it } from 'vitest';
import {
  addToRing,
  DEVICE_ERROR_CAP,
  MERGE_WINDOW,
  networkError,
  newestFirst,
  parseDeviceErrors,
  pathOnly,
  requestError,
  screenError,
  type DeviceError,
} from '@/domain/device-errors';

const base = { method: 'GET', statusText: 'Internal Server Error' };

describe("rule 'path only'", () => {
  it('no origin, no query string, no fragment', () => {
    expect(pathOnly('https://kiri.test/api/x?token=abc#top')).toBe('/api/x');
    expect(pathOnly('/api/conversations?since=5')).toBe('/api/conversations');
    expect(pathOnly('http://localhost:8787')).toBe('/');
    expect(pathOnly('/settings/error-logs')).toBe('/settings/error-logs');
  });
});

describe('what an entry holds', () => {
  it("a failed answer: status, method, path, and the server's own message from its error body", () => {
    const entry = requestError({
      ...base,
      at: 5,
      method: 'post',
      url: '/api/error-test/status/500?debug=1',
      status: 500,
      bodyText: '{"success":false,"error":"Error test: status 500 on request","message":"x"}',
    });
    expect(entry).toEqual({
      at: 5,
      kind: 'request',
      status: 500,
      method: 'POST',
      path: '/api/error-test/status/500',
      message: 'Error test: status 500 on request',
    });
  });

  it('an answer with no readable message falls back to the status text, then the status', () => {
    const html = requestError({
      ...base,
      at: 1,
      url: '/x',
      status: 502,
      bodyText: '<html>…</html>',
    });
    expect(html.message).toBe('Internal Server Error');
    const bare = requestError({
      ...base,
      statusText: '',
      at: 1,
      url: '/x',
      status: 504,
      bodyText: '',
    });
    expect(bare.message).toBe('HTTP 504');
  });

  it('never a secret: a message echoing one is scrubbed', () => {
    const entry = requestError({
      ...base,
      at: 1,
      url: '/api/auth/login',
      status: 400,
      bodyText: '{"error":"bad password=hunter2 from /api/x?token=abc"}',
    });
    expect(entry.message).not.toContain('hunter2');
    expect(entry.message).not.toContain('token=abc');
  });

  it('a network failure has no status; a screen error names the screen and the error', () => {
    expect(
      networkError({
        at: 2,
        method: 'get',
        url: '/api/health?x=1',
        error: new TypeError('Failed to fetch'),
      }),
    ).toEqual({
      at: 2,
      kind: 'network',
      status: null,
      method: 'GET',
      path: '/api/health',
      message: 'Failed to fetch',
    });
    expect(
      screenError({ at: 3, path: '/presence?tab=1', error: new TypeError('x is undefined') }),
    ).toEqual({
      at: 3,
      kind: 'screen',
      status: null,
      method: null,
      path: '/presence',
      message: 'TypeError: x is undefined',
    });
  });
});

function entry(i: number, overrides: Partial<DeviceError> = {}): DeviceError {
  return {
    id: `e${i}`,
    at: i,
    kind: 'request',
    status: 500,
    method: 'GET',
    path: `/api/x/${i}`,
    message: `failure ${i}`,
    count: 1,
    firstAt: i,
    ...overrides,
  };
}

describe("rule 'ring'", () => {
  it('the newest first, at most the cap: the oldest go', () => {
    let ring: DeviceError[] = [];
    for (let i = 1; i <= DEVICE_ERROR_CAP + 10; i++) ring = addToRing(ring, entry(i));
    expect(ring).toHaveLength(DEVICE_ERROR_CAP);
    expect(ring[0]!.id).toBe(`e${DEVICE_ERROR_CAP + 10}`);
    expect(ring.at(-1)!.id).toBe('e11');
  });

  it('a repeat among the newest merges: counted, moved to the top, at the new time', () => {
    let ring = [entry(1, { path: '/api/mood' })];
    ring = addToRing(ring, entry(2));
    ring = addToRing(ring, entry(3, { path: '/api/mood', message: 'failure 1' }));
    expect(ring).toHaveLength(2);
    expect(ring[0]).toMatchObject({ id: 'e1', count: 2, at: 3, firstAt: 1, path: '/api/mood' });
  });

  it('a repeat of an entry further back than the merge window takes a place of its own', () => {
    let ring = [entry(0, { path: '/api/old', message: 'same' })];
    for (let i = 1; i <= MERGE_WINDOW; i++) ring = addToRing(ring, entry(i));
    ring = addToRing(ring, entry(99, { path: '/api/old', message: 'same' }));
    expect(ring[0]).toMatchObject({ id: 'e99', count: 1 });
    expect(ring.filter((e) => e.path === '/api/old')).toHaveLength(2);
  });

  it('newest first whatever order it was read in; damaged records are left out', () => {
    expect(newestFirst([entry(1), entry(3), entry(2)]).map((e) => e.id)).toEqual([
      'e3',
      'e2',
      'e1',
    ]);
    expect(parseDeviceErrors([entry(1), { id: 2 }, null, 'x', entry(2)]).map((e) => e.id)).toEqual([
      'e2',
      'e1',
    ]);
    expect(parseDeviceErrors('nope')).toEqual([]);
  });
});
