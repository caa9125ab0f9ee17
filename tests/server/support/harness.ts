// Builds the app on a temp DATA_DIR with a fake clock and a cheap scrypt cost, and drives it like a browser.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApp, type AppDeps, type KiriApp } from '../../../server/app';
import type { PushSender } from '../../../server/push/push-sender';
import { prepareAccessCode } from '../../../server/auth/access-code';
import type { Companion } from '../../../server/companion';
import type { PushTransport } from '../../../server/push/push-service';
import type { ThrottleLimits } from '../../../server/auth/attempt-throttle';
import type { Timers } from '../../../server/devcore/devcore-service';
import type { MirrorSyncSource } from '../../../server/system-tree/mirror-sync';
import type { FeedSource } from '../../../server/hybrid/hybrid-service';
import { loadConfig, type Config } from '../../../server/config';
import { silentLogger, type Logger } from '../../../server/log';
import type { ScryptParams } from '../../../server/store/auth-store';
import { closeStores, openStores, type Stores } from '../../../server/store/stores';

export const TEST_ACCESS_CODE = 'test-access-code';
/** About a millisecond per hash instead of a few hundred: the parameters are stored with each hash. */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 1024, r: 8, p: 1, keyLength: 32 };
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

export class FakeClock {
  now = Date.UTC(2026, 0, 15, 8, 0, 0);
  readonly read = () => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

const dataDirs: string[] = [];
/** Stores opened by startTestApp: closed before their folders go, or their journals' handles leak. */
const openedStores: Stores[] = [];

export async function makeDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kiri-server-test-'));
  dataDirs.push(dir);
  return dir;
}

export async function removeDataDirs(): Promise<void> {
  // A test may have closed them itself (a restart): closing twice only fails quietly.
  await Promise.all(
    openedStores.splice(0).map((stores) => closeStores(stores).catch(() => undefined)),
  );
  // Retries: a request may leave a write running after its answer (last-use times), whose temp file can
  // appear while the folder is being emptied (ENOTEMPTY).
  await Promise.all(
    dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })),
  );
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    ACCESS_CODE: TEST_ACCESS_CODE,
    SERVE_STATIC: 'false',
    ...env,
  });
}

export interface TestApp {
  app: KiriApp;
  config: Config;
  stores: Stores;
  clock: FakeClock;
  dataDir: string;
  /** A browser with its own cookie jar, talking to this app from `address`. */
  browser(options?: BrowserOptions): TestBrowser;
  authFileText(): Promise<string>;
}

/** Timers that never fire: for background jobs a test does not drive. */
const NEVER_FIRING_TIMERS = { setTimeout: () => null, clearTimeout: () => {} };

export async function startTestApp(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    clock?: FakeClock;
    log?: Logger;
    throttleLimits?: ThrottleLimits;
    /** A fake engine (e.g. one that counts its calls); by default the real one, local only. */
    companion?: Companion;
    /** A recording push sender (issue 10); by default none. */
    push?: PushSender;
    /** How pushes reach a local push service (an agent trusting its certificate, a recorded sleep). */
    pushTransport?: PushTransport;
    /** The maintenance monitor's scan timer (issue 11): a fake one lets a test fire the scan. */
    devcoreTimers?: Timers;
    /** The consciousness stream's timer, fetch and Open-Meteo address (issue 15). */
    consciousness?: AppDeps['consciousness'];
    /** The mirror sync's status source (issue 15's system features page); by default none. */
    mirrorSync?: MirrorSyncSource;
    /** The consciousness stream's configured feeds, as the hybrid protocol reads them (issue 15). */
    feeds?: FeedSource;
    /** The console's Python executions as the self-mod panel reads them (issue 16); by default none. */
    pythonLogs?: AppDeps['pythonLogs'];
    /** The newest operator-tools snapshot for the console's rollback (issue 17). */
    rollbackSource?: AppDeps['rollbackSource'];
    /** The mood engine's 60 s timer (issue 18): a fake one lets a test fire the tick. */
    presenceTimers?: AppDeps['presenceTimers'];
    /** The weekly sync's timer and a hold before a run's steps (issue 18). */
    weeklySync?: AppDeps['weeklySync'];
    /** The infrastructure page's provider probe: a shorter timeout (issue 20). */
    infrastructureProbe?: AppDeps['infrastructureProbe'];
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const config = testConfig(dataDir, options.env);
  const stores = await openStores(dataDir, { dataKey: config.dataKey });
  openedStores.push(stores);
  await prepareAccessCode(stores.auth, config.accessCode, TEST_SCRYPT_PARAMS);
  const clock = options.clock ?? new FakeClock();
  const app = createApp({
    config,
    stores,
    clock: clock.read,
    log: options.log ?? silentLogger,
    scryptParams: TEST_SCRYPT_PARAMS,
    throttleLimits: options.throttleLimits,
    companion: options.companion,
    push: options.push,
    pushTransport: options.pushTransport,
    devcoreTimers: options.devcoreTimers,
    consciousness: options.consciousness,
    mirrorSync: options.mirrorSync,
    feeds: options.feeds,
    pythonLogs: options.pythonLogs,
    rollbackSource: options.rollbackSource,
    presenceTimers: options.presenceTimers,
    // The weekly sync never fires by itself here: a test that moves the clock past a Sunday (and wakes
    // Kiri) would otherwise run a deep sync, with its snapshots, in the middle of something else.
    weeklySync: options.weeklySync ?? { timers: NEVER_FIRING_TIMERS },
    infrastructureProbe: options.infrastructureProbe,
  });
  return {
    app,
    config,
    stores,
    clock,
    dataDir,
    browser: (browserOptions) => new TestBrowser(app, browserOptions),
    authFileText: () => readFile(join(dataDir, 'auth.json'), 'utf8'),
  };
}

export interface BrowserOptions {
  address?: string;
  userAgent?: string;
  /** Sends requests to https://kiri.test instead of http://localhost. */
  https?: boolean;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

/** A cookie jar in front of app.request, with the socket address @hono/node-server would give. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly address: string;
  readonly userAgent: string | undefined;
  readonly origin: string;

  constructor(
    private readonly app: KiriApp,
    options: BrowserOptions = {},
  ) {
    this.address = options.address ?? '203.0.113.10';
    this.userAgent = options.userAgent;
    this.origin = options.https ? 'https://kiri.test' : 'http://localhost';
  }

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (this.userAgent && !headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await this.app.request(
      `${this.origin}${path}`,
      { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body },
      { incoming: { socket: { remoteAddress: this.address } } } as never,
    );
    this.keepCookies(response);
    return response;
  }

  post(path: string, json?: unknown, headers?: Record<string, string>): Promise<Response> {
    return this.request(path, { method: 'POST', json, headers });
  }

  login(password = TEST_ACCESS_CODE): Promise<Response> {
    return this.post('/api/auth/login', { password });
  }

  async loginOk(password = TEST_ACCESS_CODE): Promise<LoginAnswer> {
    const response = await this.login(password);
    if (response.status !== 200) {
      throw new Error(`login answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as LoginAnswer;
  }

  async register(name: string, clientId?: string): Promise<Response> {
    const id = clientId ?? (await this.status()).user?.clientId;
    const response = await this.post('/api/users/register', { name, clientId: id });
    if (response.ok) {
      const body = (await response.clone().json()) as { welcomeMessage?: string };
      if (body.welcomeMessage) WELCOME_MESSAGES.add(body.welcomeMessage);
    }
    return response;
  }

  async status(): Promise<StatusAnswer> {
    return (await (await this.request('/api/auth/status')).json()) as StatusAnswer;
  }

  /** Another browser that starts with this one's cookies (a stolen or copied cookie). */
  cloneCookiesInto(other: TestBrowser): void {
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Every welcome the server gave at registration. It joins the conversation log (tested in
 * users.test.ts); the chat tests read the log without it, as what the chat itself appended.
 */
export const WELCOME_MESSAGES = new Set<string>();

export interface PublicUser {
  id: string;
  clientId: string;
  name: string | null;
  role: 'owner' | 'admin' | 'engineer' | 'user';
}

export interface LoginAnswer {
  success: true;
  clientId: string;
  user: PublicUser;
  isOwnerDevice: boolean;
}

export interface StatusAnswer {
  authenticated: boolean;
  allowedDevice: boolean;
  isAdmin: boolean;
  isOwnerDevice: boolean;
  personaName: string;
  /** TIME_ZONE: the client names day sessions in it. */
  timeZone: string;
  user: PublicUser | null;
  /** The account's effective permissions; absent when logged out. */
  permissions?: string[];
}

export interface ErrorAnswer {
  success: false;
  error: string;
  message: string;
}

export async function expectError(
  response: Response,
  status: number,
  message?: string | RegExp,
): Promise<ErrorAnswer> {
  const body = (await response.json()) as ErrorAnswer;
  expect({ status: response.status, body }).toMatchObject({
    status,
    body: { success: false },
  });
  expect(body.message).toBe(body.error);
  if (typeof message === 'string') expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body;
}
