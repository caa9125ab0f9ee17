// Issue 20 item 3, the infrastructure page's API (docs/infrastructure.md): each feature's status from the
// system it describes. Providers are probed on loopback fake servers (one answers, one refuses the key,
// one never answers, one port has nothing on it); push turns ready with a subscription; HTTPS is read
// from the request; backups from the version guard and the weekly sync; feeds from the stream's report;
// encryption from DATA_KEY and the at-rest setting. 401 without a session, 403 without 'infrastructure'.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_LOGGED_IN, PERMISSION_REQUIRED } from '../../server/auth/guards';
import { PERMISSION_IDS } from '../../server/auth/permissions';
import type {
  FeatureReport,
  InfrastructureStatus,
} from '../../server/infrastructure/infrastructure-service';
import { FakeBrowserPush } from './support/fake-push-service';
import {
  expectError,
  FakeClock,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

const DAY = 86_400_000;
const KEY = Buffer.alloc(32, 7).toString('base64');

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
  await removeDataDirs();
});

interface FakeProvider {
  baseUrl: string;
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
}

/** An OpenAI-compatible server on loopback answering `status` (or never, for null). */
async function fakeProvider(status: number | null): Promise<FakeProvider> {
  const seen: FakeProvider['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    if (status === null) return; // never answers
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'model-a' }] }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function ownerOf(setup: TestApp, https = false): Promise<TestBrowser> {
  const owner = setup.browser({ https });
  await owner.loginOk();
  await owner.register('Mei');
  return owner;
}

async function statusOf(browser: TestBrowser): Promise<InfrastructureStatus> {
  const response = await browser.request('/api/infrastructure/status');
  expect(response.status).toBe(200);
  return (await response.json()) as InfrastructureStatus;
}

async function featureOf(browser: TestBrowser, id: string): Promise<FeatureReport> {
  return (await statusOf(browser)).features.find((feature) => feature.id === id)!;
}

describe('GET /api/infrastructure/status', () => {
  it('lists the six server features in order, each with a status, a reason and when it was checked', async () => {
    const clock = new FakeClock();
    const setup = await startTestApp({ clock });
    const owner = await ownerOf(setup);
    const status = await statusOf(owner);
    expect(status.features.map((feature) => feature.id)).toEqual([
      'push',
      'providers',
      'https',
      'backups',
      'feeds',
      'encryption',
    ]);
    for (const feature of status.features) {
      expect(['ready', 'pending', 'disabled']).toContain(feature.status);
      expect(feature.reason.length).toBeGreaterThan(0);
      expect(feature.checkedAt).toBe(new Date(clock.now).toISOString());
    }
  });

  it('providers: none configured is disabled, the local engine answers', async () => {
    const owner = await ownerOf(await startTestApp());
    const providers = await featureOf(owner, 'providers');
    expect(providers.status).toBe('disabled');
    expect(providers.reason).toContain("Kiri's local engine answers every message");
    expect(providers.details).toEqual([]);
  });

  it('providers: each configured one probed on loopback, reachable or not, the key sent and never shown', async () => {
    const up = await fakeProvider(200);
    const refusing = await fakeProvider(401);
    const silent = await fakeProvider(null);
    const port = await closedPort();
    const secret = 'sk-probe-secret-key-123456';
    const setup = await startTestApp({
      env: {
        LLM_PROVIDERS: JSON.stringify([
          { name: 'refusing', baseUrl: refusing.baseUrl, model: 'm', apiKey: secret },
          { name: 'silent', baseUrl: silent.baseUrl, model: 'm' },
          { name: 'nothing', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' },
          { name: 'local-llm', baseUrl: up.baseUrl, model: 'm', apiKey: secret },
        ]),
      },
      infrastructureProbe: { timeoutMs: 300 },
    });
    const owner = await ownerOf(setup);
    const response = await owner.request('/api/infrastructure/status');
    const text = await response.text();
    expect(text).not.toContain(secret);
    const providers = (JSON.parse(text) as InfrastructureStatus).features.find(
      (feature) => feature.id === 'providers',
    )!;
    expect(providers.status).toBe('ready');
    expect(providers.reason).toBe(
      '1 of 4 configured providers reachable; the first to answer in the chain is local-llm, the local engine last.',
    );
    const byName = Object.fromEntries(providers.details.map((d) => [d.name, d]));
    expect(byName['local-llm']).toMatchObject({ status: 'ready' });
    expect(byName['local-llm']!.reason).toMatch(/^Answered in \d+ ms\.$/);
    expect(byName.refusing).toMatchObject({
      status: 'pending',
      reason: 'Refused the API key (HTTP 401).',
    });
    expect(byName.silent).toMatchObject({ status: 'pending', reason: 'No answer within 300 ms.' });
    expect(byName.nothing).toMatchObject({
      status: 'pending',
      reason: 'Could not connect: ECONNREFUSED.',
    });
    expect(up.seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/v1/models',
        headers: expect.objectContaining({ authorization: `Bearer ${secret}` }),
      }),
    ]);
    expect(silent.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('providers: none reachable is pending', async () => {
    const refusing = await fakeProvider(500);
    const setup = await startTestApp({
      env: {
        LLM_PROVIDERS: JSON.stringify([{ name: 'p', baseUrl: refusing.baseUrl, model: 'm' }]),
      },
    });
    const providers = await featureOf(await ownerOf(setup), 'providers');
    expect(providers.status).toBe('pending');
    expect(providers.details).toEqual([
      { name: 'p', status: 'pending', reason: 'Answered HTTP 500.' },
    ]);
  });

  it('push: keys but no subscription is pending; a subscription makes it ready', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    expect((await featureOf(owner, 'push')).status).toBe('pending');
    const device = new FakeBrowserPush('https://web.push.apple.com/QAbc-probe');
    const subscribed = await owner.post('/api/notifications/subscribe', device.subscription);
    expect(subscribed.status).toBe(200);
    const push = await featureOf(owner, 'push');
    expect(push.status).toBe('ready');
    expect(push.reason).toContain('1 subscription (1 on your devices)');
  });

  it('HTTPS: as the request arrived', async () => {
    const setup = await startTestApp();
    const plain = await ownerOf(setup);
    const overHttp = await featureOf(plain, 'https');
    expect(overHttp.status).toBe('disabled');
    expect(overHttp.reason).toContain('plain HTTP on a loopback address');
    const secure = setup.browser({ https: true });
    plain.cloneCookiesInto(secure);
    expect(await featureOf(secure, 'https')).toMatchObject({
      status: 'ready',
      reason: 'This request arrived over HTTPS.',
    });
  });

  it('backups: none yet is pending; a snapshot makes it ready; 9 days on pending; the weekly sync stopped, disabled', async () => {
    const clock = new FakeClock();
    const setup = await startTestApp({ clock });
    const owner = await ownerOf(setup);
    const none = await featureOf(owner, 'backups');
    expect(none.status).toBe('pending');
    expect(none.reason).toMatch(/^No snapshot yet; the weekly sync takes one at its next run/);

    await setup.app.services.versionGuard.snapshot('probe', 'weekly-sync');
    expect((await featureOf(owner, 'backups')).status).toBe('ready');

    clock.advance(9 * DAY);
    await owner.loginOk();
    const old = await featureOf(owner, 'backups');
    expect(old.status).toBe('pending');
    expect(old.reason).toContain('the newest snapshot was taken 9 days ago');

    expect((await owner.post('/api/weekly-sync/stop')).status).toBe(200);
    expect((await featureOf(owner, 'backups')).status).toBe('disabled');
  });

  it("feeds: none configured is disabled; configured ones follow the stream's last report", async () => {
    const clock = new FakeClock();
    const setup = await startTestApp({ clock });
    const owner = await ownerOf(setup);
    expect((await featureOf(owner, 'feeds')).status).toBe('disabled');

    const url = 'https://news.example.com/rss.xml';
    await setup.stores.consciousness.update((data) => {
      data.config.feeds = [{ url, kind: 'news' }];
    });
    expect(await featureOf(owner, 'feeds')).toMatchObject({
      status: 'pending',
      reason: '1 feed not fetched yet.',
    });

    await setup.stores.consciousness.update((data) => {
      data.lastRun = {
        at: clock.now,
        trigger: 'manual',
        added: 2,
        sources: [{ id: `feed:${url}`, type: 'news', outcome: 'added', added: 2, reason: null }],
      };
    });
    const read = await featureOf(owner, 'feeds');
    expect(read.status).toBe('ready');
    expect(read.details).toEqual([
      { name: 'news.example.com/rss.xml (news)', status: 'ready', reason: 'Read: 2 new items.' },
    ]);
  });

  it('encryption at rest: no DATA_KEY, a key but off, then on', async () => {
    const plain = await ownerOf(await startTestApp());
    expect((await featureOf(plain, 'encryption')).reason).toContain('DATA_KEY is not set');

    const setup = await startTestApp({ env: { DATA_KEY: KEY } });
    const owner = await ownerOf(setup);
    const off = await featureOf(owner, 'encryption');
    expect(off.status).toBe('disabled');
    expect(off.reason).toContain('DATA_KEY is set, but encryption at rest is off');
    const on = await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: true });
    expect(on.status).toBe(200);
    expect((await featureOf(owner, 'encryption')).status).toBe('ready');
  });
});

describe('who may ask', () => {
  it('401 without a session; 403 for a user with every permission but infrastructure', async () => {
    const setup = await startTestApp();
    await ownerOf(setup);
    await expectError(
      await setup.browser().request('/api/infrastructure/status'),
      401,
      NOT_LOGGED_IN,
    );
    const guest = setup.browser({ address: '203.0.113.40' });
    const id = (await guest.loginOk()).user.id;
    await setup.stores.auth.update((data) => {
      data.users.find((user) => user.id === id)!.permissions = PERMISSION_IDS.filter(
        (permission) => permission !== 'infrastructure',
      );
    });
    await expectError(await guest.request('/api/infrastructure/status'), 403, PERMISSION_REQUIRED);
    await setup.stores.auth.update((data) => {
      data.users.find((user) => user.id === id)!.permissions = ['infrastructure'];
    });
    expect((await guest.request('/api/infrastructure/status')).status).toBe(200);
  });
});
