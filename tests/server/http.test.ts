import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import type { Viewer } from '../../server/auth/auth-service';
import { requirePermission } from '../../server/auth/guards';
import type { AppEnv } from '../../server/http/app-env';
import { handleErrors } from '../../server/http/errors';
import { CONTENT_SECURITY_POLICY } from '../../server/http/security';
import type { StoredUser } from '../../server/store/auth-store';
import { openStores } from '../../server/store/stores';
import {
  expectError,
  FakeClock,
  makeDataDir,
  removeDataDirs,
  startTestApp,
  testConfig,
  TEST_SCRYPT_PARAMS,
  TestBrowser,
} from './support/harness';

afterEach(removeDataDirs);

const ONE_MB = 1024 * 1024;

describe('error format and bad input', () => {
  it('answers malformed JSON with 400 and writes nothing', async () => {
    const setup = await startTestApp();
    const phone = setup.browser();
    await phone.loginOk();
    const before = await setup.authFileText();
    for (const path of ['/api/users/register', '/api/auth/login']) {
      const response = await phone.request(path, {
        method: 'POST',
        body: '{"name": "Ada",',
        headers: { 'content-type': 'application/json' },
      });
      await expectError(response, 400, 'Malformed JSON');
    }
    expect(await setup.authFileText()).toBe(before);
  });

  it('answers wrong types with 400 naming the field, and writes nothing', async () => {
    const setup = await startTestApp();
    const phone = setup.browser();
    const { clientId } = await phone.loginOk();
    const before = await setup.authFileText();
    await expectError(
      await phone.post('/api/users/register', { name: ['Ada'], clientId }),
      400,
      /^name: /,
    );
    await expectError(await phone.post('/api/users/register', [1, 2]), 400, /^body: /);
    expect(await setup.authFileText()).toBe(before);
  });

  it('refuses a body over 1 MB with 413, whether or not Content-Length announces it', async () => {
    const setup = await startTestApp();
    const phone = setup.browser();
    const { clientId } = await phone.loginOk();
    const before = await setup.authFileText();
    const huge = JSON.stringify({ name: 'A'.repeat(ONE_MB), clientId });

    // No Content-Length: the body is counted as it is read.
    await expectError(
      await phone.request('/api/users/register', {
        method: 'POST',
        body: huge,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'Request body too large',
    );
    // Announced: refused before reading.
    await expectError(
      await phone.request('/api/users/register', {
        method: 'POST',
        body: huge,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(huge)),
        },
      }),
      413,
      'Request body too large',
    );
    await expectError(
      await setup.browser({ address: '203.0.113.5' }).request('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ password: 'x'.repeat(ONE_MB + 10) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    expect(await setup.authFileText()).toBe(before);
    // Just under the limit is read (and then refused by the schema, not the size).
    const justUnder = JSON.stringify({ name: 'A'.repeat(ONE_MB - 100), clientId });
    await expectError(
      await phone.request('/api/users/register', {
        method: 'POST',
        body: justUnder,
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'name: must be at most 64 characters',
    );
  });

  it('answers a body that is not JSON with 415', async () => {
    const { browser } = await startTestApp();
    await expectError(
      await browser().request('/api/auth/login', {
        method: 'POST',
        body: 'password=test-access-code',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'Content-Type must be application/json',
    );
  });

  it('answers an unknown /api path with a JSON 404 (after the session check)', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    await expectError(await phone.request('/api/nothing-here'), 404, 'Not found');
    await expectError(await phone.request('/api/auth/nothing', { method: 'POST' }), 404);
    await expectError(await browser().request('/api/nothing-here'), 401, 'Not logged in');
    // Public calls need no session (the push key's area exists since issue 10).
    const key = await browser().request('/api/notifications/public-key');
    expect(key.status).toBe(200);
    expect(await key.json()).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/) });
    expect(await (await browser().request('/api/health')).json()).toEqual({ ok: true });
  });

  it('protects every /api route by default, including areas that do not exist yet', async () => {
    const { browser } = await startTestApp();
    const anonymous = browser();
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['POST', '/api/chat'],
      ['GET', '/api/auth/device-check'],
      ['POST', '/api/auth/pair'],
      ['GET', '/api/health/'],
      ['GET', '/api/HEALTH'],
    ] as const) {
      await expectError(await anonymous.request(path, { method }), 401, 'Not logged in');
    }
  });

  it('answers an uncaught error with 500, logs it, and never leaks the stack', async () => {
    const dataDir = await makeDataDir();
    const stores = await openStores(dataDir);
    const error = vi.fn();
    const { prepareAccessCode } = await import('../../server/auth/access-code');
    await prepareAccessCode(stores.auth, 'test-access-code', TEST_SCRYPT_PARAMS);
    const app = createApp({
      config: testConfig(dataDir),
      stores,
      clock: new FakeClock().read,
      log: { info: vi.fn(), warn: vi.fn(), error },
      scryptParams: TEST_SCRYPT_PARAMS,
    });
    const phone = new TestBrowser(app);
    await phone.loginOk();
    stores.auth.update = () => Promise.reject(new Error('disk on fire at /secret/place'));
    const response = await phone.register('Ada');
    const body = await expectError(response, 500, 'Internal server error');
    expect(JSON.stringify(body)).not.toContain('disk on fire');
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toBe('POST /api/users/register failed');
  });
});

describe('Origin check on state-changing API calls', () => {
  it('refuses a POST whose Origin is another host, or that the browser marks cross-site', async () => {
    const setup = await startTestApp();
    const phone = setup.browser();
    await phone.loginOk();
    const before = await setup.authFileText();
    const { clientId } = (await phone.status()).user!;
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8080' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      await expectError(
        await phone.post('/api/users/register', { name: 'Mallory', clientId }, headers),
        403,
        'Cross-site request refused',
      );
    }
    await expectError(
      await setup.browser().post(
        '/api/auth/login',
        { password: 'test-access-code' },
        {
          origin: 'https://evil.example',
        },
      ),
      403,
    );
    expect(await setup.authFileText()).toBe(before);
  });

  it('lets same-origin calls, calls without Origin, and reads through', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    expect(
      (await phone.post('/api/users/register', undefined, { origin: 'http://localhost' })).status,
    ).toBe(400);
    expect((await phone.register('Ada')).status).toBe(200);
    const read = await phone.request('/api/auth/status', {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
    expect(
      (
        await phone.post('/api/auth/logout', undefined, {
          origin: 'http://LOCALHOST:80',
          'sec-fetch-site': 'same-origin',
        })
      ).status,
    ).toBe(200);
  });

  it('compares with X-Forwarded-Host only when TRUST_PROXY is set', async () => {
    const trusted = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    const behindProxy = trusted.browser();
    const headers = { origin: 'https://kiri.example', 'x-forwarded-host': 'kiri.example' };
    expect(
      (await behindProxy.post('/api/auth/login', { password: 'test-access-code' }, headers)).status,
    ).toBe(200);
    const untrusted = await startTestApp();
    expect(
      (await untrusted.browser().post('/api/auth/login', { password: 'test-access-code' }, headers))
        .status,
    ).toBe(403);
  });
});

describe('client address behind a proxy', () => {
  it('throttles by the right-most X-Forwarded-For entry with TRUST_PROXY, and ignores it without', async () => {
    const trusted = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    const proxy = trusted.browser({ address: '127.0.0.1' });
    for (let i = 0; i < 5; i += 1) {
      // The left part is the client's to choose: rotating it must not escape the throttle.
      await proxy.post(
        '/api/auth/login',
        { password: 'wrong' },
        { 'x-forwarded-for': `10.0.0.${i}, 198.51.100.7` },
      );
    }
    expect(
      (
        await proxy.post(
          '/api/auth/login',
          { password: 'test-access-code' },
          { 'x-forwarded-for': '198.51.100.7' },
        )
      ).status,
    ).toBe(429);
    expect(
      (
        await proxy.post(
          '/api/auth/login',
          { password: 'test-access-code' },
          { 'x-forwarded-for': '198.51.100.8' },
        )
      ).status,
    ).toBe(200);

    const direct = await startTestApp();
    const client = direct.browser({ address: '198.51.100.7' });
    for (let i = 0; i < 5; i += 1) {
      await client.post(
        '/api/auth/login',
        { password: 'wrong' },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
    }
    expect((await client.login()).status).toBe(429);
  });

  it('takes HTTPS from X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const trusted = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    const viaProxy = await trusted
      .browser()
      .post('/api/auth/login', { password: 'test-access-code' }, { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers.getSetCookie().every((c) => c.includes('; Secure'))).toBe(true);
    const untrusted = await startTestApp();
    const spoofed = await untrusted
      .browser()
      .post('/api/auth/login', { password: 'test-access-code' }, { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers.getSetCookie().some((c) => c.includes('Secure'))).toBe(false);
  });
});

describe('security headers', () => {
  it('are on API answers, errors included, and API answers are never cached', async () => {
    const { browser } = await startTestApp();
    for (const response of [
      await browser().request('/api/health'),
      await browser().request('/api/users/check-registration'),
      await browser().login('wrong'),
    ]) {
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('permissions-policy')).toBe('camera=(self), microphone=(self)');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const overHttps = await browser({ https: true }).request('/api/health');
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('CSP carries every directive the built app needs', () => {
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    }
  });
});

describe('requirePermission', () => {
  function appFor(user: Partial<StoredUser>, isAdmin = false) {
    const app = new Hono<AppEnv>();
    app.onError(handleErrors({ info() {}, warn() {}, error() {} }));
    app.use(async (c, next) => {
      const viewer = {
        sessionHash: 'x',
        isAdmin,
        isOwnerDevice: false,
        user: { role: 'user', permissions: [], ...user } as StoredUser,
      } satisfies Viewer;
      c.set('viewer', viewer);
      await next();
    });
    return app.get('/memory', requirePermission('memory_threading'), (c) => c.json({ ok: true }));
  }

  it('lets through users holding the permission, and admins', async () => {
    expect((await appFor({ permissions: ['memory_threading'] }).request('/memory')).status).toBe(
      200,
    );
    expect((await appFor({ role: 'admin' }, true).request('/memory')).status).toBe(200);
    await expectError(
      await appFor({ permissions: ['chat'] }).request('/memory'),
      403,
      'You do not have access to this feature',
    );
  });
});

describe('static files', () => {
  async function appWithBuild() {
    const staticDir = join(await makeDataDir(), 'dist');
    await mkdir(join(staticDir, 'assets'), { recursive: true });
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Kiri</title>');
    await writeFile(join(staticDir, 'sw.js'), 'self.skipWaiting()');
    await writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"Kiri"}');
    await writeFile(join(staticDir, 'robots.txt'), 'User-agent: *');
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    return startTestApp({ env: { SERVE_STATIC: 'true', STATIC_DIR: staticDir } });
  }

  it('serves index.html, sw.js and the manifest with no-cache, hashed assets as immutable', async () => {
    const { browser } = await appWithBuild();
    const b = browser();
    const cases: Array<[string, string, string]> = [
      ['/', 'no-cache', 'text/html'],
      ['/index.html', 'no-cache', 'text/html'],
      ['/sw.js', 'no-cache', 'text/javascript'],
      ['/manifest.webmanifest', 'no-cache', 'application/manifest+json'],
      ['/robots.txt', 'no-cache', 'text/plain'],
      ['/assets/index-AbC123.js', 'public, max-age=31536000, immutable', 'text/javascript'],
    ];
    for (const [path, cacheControl, type] of cases) {
      const response = await b.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(cacheControl);
      expect(response.headers.get('content-type'), path).toContain(type);
      expect(response.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers app routes with index.html, but never /api paths or missing hashed assets', async () => {
    const { browser } = await appWithBuild();
    const b = browser();
    for (const path of ['/console', '/settings/personality', '/no/such/page']) {
      const response = await b.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>Kiri</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const missingAsset = await b.request('/assets/index-Old999.js');
    await expectError(missingAsset, 404, 'Not found');
    expect(missingAsset.headers.get('cache-control')).not.toContain('immutable');
    await b.loginOk();
    await expectError(await b.request('/api/no-such-thing'), 404, 'Not found');
    await expectError(await b.request('/console', { method: 'POST' }), 404);
  });

  it('never serves a file outside STATIC_DIR', async () => {
    const setup = await appWithBuild();
    await writeFile(join(setup.config.staticDir, '..', 'secret.txt'), 'the secret');
    const b = setup.browser();
    for (const path of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await b.request(path);
      expect(await response.text(), path).not.toContain('the secret');
    }
  });

  it('serves nothing but the API when SERVE_STATIC is false', async () => {
    const { browser } = await startTestApp({ env: { SERVE_STATIC: 'false' } });
    await expectError(await browser().request('/'), 404, 'Not found');
  });
});
