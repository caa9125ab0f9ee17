// /api/error-test (the error-test page's real failures): admin-only, each allowed status in the API's one
// error format, a slow answer, and a connection closed with no answer on a real socket.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEST_STATUSES, SLOW_MAX_MS, errorTestMessage } from '../../server/routes/error-test';
import {
  ANDROID_UA,
  IPHONE_UA,
  expectError,
  removeDataDirs,
  startTestApp,
} from './support/harness';

afterEach(removeDataDirs);

async function ownerAndUser() {
  const setup = await startTestApp();
  const owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  const user = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  await user.loginOk();
  return { setup, owner, user };
}

describe('/api/error-test is for admins only', () => {
  it('401 without a session, 403 for a plain user, on every path', async () => {
    const { setup, user } = await ownerAndUser();
    for (const path of [
      '/api/error-test/status/404',
      '/api/error-test/slow?ms=0',
      '/api/error-test/network',
    ]) {
      await expectError(await setup.browser().request(path), 401, 'Not logged in');
      await expectError(await user.request(path), 403, 'Admin access required');
    }
  });
});

describe('GET /api/error-test/status/:status', () => {
  it('answers each allowed status in the error format, with a message naming the test', async () => {
    const { owner } = await ownerAndUser();
    for (const status of ERROR_TEST_STATUSES) {
      const response = await owner.request(`/api/error-test/status/${status}`);
      await expectError(response, status, errorTestMessage(status));
      expect(response.headers.get('cache-control')).toContain('no-store');
    }
  });

  it('the 429 says when to try again', async () => {
    const { owner } = await ownerAndUser();
    const response = await owner.request('/api/error-test/status/429');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('a status outside the list is 404, never a 2xx or a 3xx', async () => {
    const { owner } = await ownerAndUser();
    for (const path of [
      '/status/200',
      '/status/302',
      '/status/418',
      '/status/999',
      '/status/abc',
    ]) {
      await expectError(await owner.request(`/api/error-test${path}`), 404, 'Not found');
    }
  });

  it("the message holds none of the classification's trigger words but its status", () => {
    for (const status of ERROR_TEST_STATUSES) {
      const words = errorTestMessage(status).toLowerCase();
      for (const word of [
        'network',
        'fetch',
        'connection',
        'timeout',
        'server error',
        'unauthorized',
        'authentication',
        'login',
        'token',
        'validation',
        'bad request',
        'not found',
      ]) {
        expect(words).not.toContain(word);
      }
    }
  });
});

describe('GET /api/error-test/slow', () => {
  it('answers after the time asked for, within the cap', async () => {
    const { owner } = await ownerAndUser();
    const started = performance.now();
    const response = await owner.request('/api/error-test/slow?ms=60');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, waitedMs: 60 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    await expectError(
      await owner.request(`/api/error-test/slow?ms=${SLOW_MAX_MS + 1}`),
      400,
      `ms: at most ${SLOW_MAX_MS}`,
    );
  });
});

describe('GET /api/error-test/network', () => {
  it('closes a real connection with no answer; the server keeps serving', async () => {
    const { setup, owner } = await ownerAndUser();
    const server = serve({ fetch: setup.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      await expect(
        fetch(`${base}/api/error-test/network`, { headers: { cookie } }),
      ).rejects.toThrow('fetch failed');
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('without a socket to close (app.request) it says so', async () => {
    const { owner } = await ownerAndUser();
    await expectError(
      await owner.request('/api/error-test/network'),
      501,
      'No connection to close here',
    );
  });
});
