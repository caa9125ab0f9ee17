// The device's error ring in IndexedDB (docs/settings-health.md): the request helper records each failed
// request (path only, the server's message, never the body, the cookie or the access code), the error
// screen records what it showed; the ring keeps the newest 200, newest first; Clear empties it.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { DEVICE_ERROR_CAP } from '@/domain/device-errors';
import { apiRequest } from '@/lib/api';
import {
  keepUntilRecorded,
  readWaitingErrors,
  reportDeviceError,
  WAITING_ERRORS_KEY,
} from '@/lib/device-error-report';
import {
  clearDeviceErrors,
  readDeviceErrors,
  recordDeviceError,
  recordWaitingErrors,
  subscribeDeviceErrors,
} from '@/lib/device-error-log';

beforeEach(async () => {
  localStorage.removeItem(WAITING_ERRORS_KEY);
  await clearDeviceErrors();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(body: string, status: number, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText })),
  );
}

async function recorded(count: number) {
  await vi.waitFor(async () => expect(await readDeviceErrors()).toHaveLength(count));
  return readDeviceErrors();
}

describe('the request helper records what failed', () => {
  it("a failed answer: its status, method, path and the server's message; never the body sent", async () => {
    answer('{"success":false,"error":"Invalid access code","message":"Invalid access code"}', 401);
    await apiRequest('POST', '/api/auth/login?next=%2F', { password: 'my-access-code' }).catch(
      () => null,
    );
    const [entry] = await recorded(1);
    expect(entry).toMatchObject({
      kind: 'request',
      status: 401,
      method: 'POST',
      path: '/api/auth/login',
      message: 'Invalid access code',
      count: 1,
    });
    const stored = JSON.stringify(await readDeviceErrors());
    expect(stored).not.toContain('my-access-code');
    expect(stored).not.toContain('next=');
    expect(stored).not.toMatch(/cookie/i);
  });

  it('a request with no answer is a network entry; an abort and an expected 401 are not errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      }),
    );
    await apiRequest('GET', '/api/a').catch(() => null);
    answer('', 401);
    await apiRequest('GET', '/api/b', undefined, { on401: 'returnNull' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await apiRequest('GET', '/api/health').catch(() => null);
    const [entry] = await recorded(1);
    expect(entry).toMatchObject({
      kind: 'network',
      status: null,
      method: 'GET',
      path: '/api/health',
    });
    expect(entry!.message).toBe('Network request failed: Failed to fetch');
  });

  it('a request cut off as the page goes away (pagehide) is no error; shown again, failures count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    window.dispatchEvent(new Event('pagehide'));
    await expect(apiRequest('GET', '/api/kiri/state')).rejects.toThrow('Failed to fetch');
    // Back from the back/forward cache: the page is in use again.
    window.dispatchEvent(new Event('pageshow'));
    await apiRequest('GET', '/api/health').catch(() => null);
    const entries = await recorded(1);
    expect(entries.map((entry) => entry.path)).toEqual(['/api/health']);
    expect(readWaitingErrors()).toEqual([]);
  });

  it('a 429 is recorded and still handed back to the caller', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer('{"error":"Too many attempts"}', 429, 'Too Many Requests');
    const res = await apiRequest('GET', '/api/x');
    expect(res.status).toBe(429);
    // The caller reads the body: the helper left it unread.
    expect(await res.json()).toEqual({ error: 'Too many attempts' });
    const [entry] = await recorded(1);
    expect(entry).toMatchObject({ status: 429, message: 'Too Many Requests' });
  });
});

describe('the error screen records what it showed', () => {
  it('the screen, the error name and message (no component stack)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new TypeError("Cannot read properties of undefined (reading 'mood')");
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    const [entry] = await recorded(1);
    expect(entry).toMatchObject({
      kind: 'screen',
      status: null,
      method: null,
      path: location.pathname,
      message: "TypeError: Cannot read properties of undefined (reading 'mood')",
    });
    expect(entry!.message).not.toContain('Broken');
  });
});

describe('the ring', () => {
  it('keeps the newest 200, newest first', async () => {
    for (let i = 1; i <= DEVICE_ERROR_CAP + 3; i++) {
      await recordDeviceError({
        at: i,
        kind: 'request',
        status: 500,
        method: 'GET',
        path: `/api/x/${i}`,
        message: `failure ${i}`,
      });
    }
    const ring = await readDeviceErrors();
    expect(ring).toHaveLength(DEVICE_ERROR_CAP);
    expect(ring[0]!.message).toBe(`failure ${DEVICE_ERROR_CAP + 3}`);
    expect(ring.at(-1)!.message).toBe('failure 4');
  });

  it('records made at once all land (one transaction each); Clear empties it and tells the page', async () => {
    const heard = vi.fn();
    const stop = subscribeDeviceErrors(heard);
    await Promise.all(
      [1, 2, 3].map((i) =>
        recordDeviceError({
          at: i,
          kind: 'network',
          status: null,
          method: 'GET',
          path: `/api/${i}`,
          message: 'Failed to fetch',
        }),
      ),
    );
    expect(await readDeviceErrors()).toHaveLength(3);
    await clearDeviceErrors();
    expect(await readDeviceErrors()).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(4);
    stop();
  });
});

describe('an error met just before the page goes away', () => {
  const forced500 = {
    kind: 'request',
    at: 1_000,
    method: 'GET',
    url: 'http://127.0.0.1:3000/api/error-test/status/500?code=my-access-code#top',
    status: 500,
    statusText: 'Internal Server Error',
    bodyText: '{"success":false,"error":"Error test: status 500 on request"}',
  } as const;

  it('is written down at once, before any import or IndexedDB write: path only, no query string', () => {
    void reportDeviceError(forced500);
    const [waiting] = readWaitingErrors();
    expect(waiting!.fact).toMatchObject({ kind: 'request', url: '/api/error-test/status/500' });
    expect(localStorage.getItem(WAITING_ERRORS_KEY)).not.toContain('my-access-code');
  });

  it('is recorded by the next page that reads the ring, once, and no longer waits', async () => {
    // What a page that went away at once left behind: the fact written down, its IndexedDB write lost.
    keepUntilRecorded(forced500);
    const ring = await readDeviceErrors();
    expect(ring).toHaveLength(1);
    expect(ring[0]).toMatchObject({
      kind: 'request',
      status: 500,
      path: '/api/error-test/status/500',
      message: 'Error test: status 500 on request',
      count: 1,
    });
    expect(readWaitingErrors()).toEqual([]);
    expect(await readDeviceErrors()).toHaveLength(1);
  });

  it("a screen's error keeps its name and message while it waits", async () => {
    keepUntilRecorded({
      kind: 'screen',
      at: 2_000,
      path: '/settings/mood?x=1',
      error: new TypeError("Cannot read properties of undefined (reading 'mood')"),
    });
    keepUntilRecorded({
      kind: 'network',
      at: 3_000,
      method: 'get',
      url: '/api/a',
      error: 'offline',
    });
    const ring = await readDeviceErrors();
    expect(ring.map(({ kind, path, message }) => ({ kind, path, message }))).toEqual([
      { kind: 'network', path: '/api/a', message: 'offline' },
      {
        kind: 'screen',
        path: '/settings/mood',
        message: "TypeError: Cannot read properties of undefined (reading 'mood')",
      },
    ]);
  });

  it('two tabs recording the same waiting fact at once: it lands once, counted once', async () => {
    keepUntilRecorded(forced500);
    vi.resetModules();
    const otherTab = await import('@/lib/device-error-log');
    await Promise.all([recordWaitingErrors(), otherTab.recordWaitingErrors()]);
    const ring = await readDeviceErrors();
    expect(ring).toHaveLength(1);
    expect(ring[0]!.count).toBe(1);
  });

  it('a fact recorded before and cleared is not recorded again from a stale copy', async () => {
    const waiting = keepUntilRecorded(forced500);
    expect(await readDeviceErrors()).toHaveLength(1);
    await clearDeviceErrors();
    localStorage.setItem(WAITING_ERRORS_KEY, JSON.stringify([waiting]));
    expect(await readDeviceErrors()).toEqual([]);
  });
});
