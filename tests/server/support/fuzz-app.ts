// The app the endpoint fuzz drives (docs/fuzz.md): createApp on a temp DATA_DIR with every background
// timer stopped and every outside fetch refused, so any write in DATA_DIR comes from a request; an owner
// (admin) and a plain user logged in; and a raw request helper that sends exactly the headers and body
// a case gives (no cookie jar, no JSON helper).
import { prepareAccessCode } from '../../../server/auth/access-code';
import { SESSION_COOKIE } from '../../../server/auth/cookies';
import { createApp, type KiriApp } from '../../../server/app';
import { silentLogger } from '../../../server/log';
import { flushStores, openStores, type Stores } from '../../../server/store/stores';
import {
  ANDROID_UA,
  FakeClock,
  IPHONE_UA,
  makeDataDir,
  TEST_SCRYPT_PARAMS,
  testConfig,
  TestBrowser,
} from './harness';

const NEVER_TIMEOUT = { setTimeout: () => null, clearTimeout: () => {} };
const NEVER_INTERVAL = { setInterval: () => null, clearInterval: () => {} };
const refusedFetch = () => Promise.reject(new Error('fuzz: no network'));

export interface FuzzApp {
  app: KiriApp;
  stores: Stores;
  dataDir: string;
  admin: TestBrowser;
  user: TestBrowser;
  /** The session cookie header of each, as a browser sends it. */
  cookieOf(browser: TestBrowser): string;
  /** Logs either back in if a case logged it out (POST /api/auth/logout is fuzzed too). */
  ensureSessions(): Promise<void>;
  /** Waits for the work a request may leave running (queued writes, a sync run, a task). */
  quiesce(): Promise<void>;
  send(path: string, init?: RequestInit & { duplex?: 'half' }): Promise<Response>;
}

export const FUZZ_ADDRESS = '198.51.100.7';

export async function startFuzzApp(): Promise<FuzzApp> {
  const dataDir = await makeDataDir();
  const config = testConfig(dataDir);
  const stores = await openStores(dataDir, { dataKey: config.dataKey });
  await prepareAccessCode(stores.auth, config.accessCode, TEST_SCRYPT_PARAMS);
  const clock = new FakeClock();
  const app = createApp({
    config,
    stores,
    clock: clock.read,
    log: silentLogger,
    scryptParams: TEST_SCRYPT_PARAMS,
    devcoreTimers: NEVER_INTERVAL,
    consciousness: { timers: NEVER_TIMEOUT, fetch: refusedFetch },
    presenceTimers: NEVER_TIMEOUT,
    weeklySync: { timers: NEVER_TIMEOUT },
    scanbot: { timers: NEVER_TIMEOUT },
    infrastructureProbe: { timeoutMs: 100, fetch: refusedFetch },
  });
  const admin = new TestBrowser(app, { userAgent: IPHONE_UA, address: '203.0.113.30' });
  const user = new TestBrowser(app, { userAgent: ANDROID_UA, address: '203.0.113.31' });
  await admin.loginOk();
  await admin.register('Ada');
  await user.loginOk();
  await user.register('Grace');

  const cookieOf = (browser: TestBrowser) =>
    [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  return {
    app,
    stores,
    dataDir,
    admin,
    user,
    cookieOf,
    async ensureSessions() {
      for (const browser of [admin, user]) {
        if (!browser.cookies.has(SESSION_COOKIE) || !(await browser.status()).authenticated) {
          await browser.loginOk();
        }
      }
    },
    async quiesce() {
      const { weeklySync, hydra, presenceHub, deferred } = app.services;
      await Promise.all([
        weeklySync.settled(),
        hydra.idle(),
        presenceHub.settled(),
        deferred.settled(),
      ]);
      await flushStores(stores);
    },
    async send(path, init = {}) {
      return await app.request(`http://localhost${path}`, init, {
        incoming: { socket: { remoteAddress: FUZZ_ADDRESS } },
      } as never);
    },
  };
}
