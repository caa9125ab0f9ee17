// The consciousness stream (issue 15 point 1): each call's shape; Update Now adds entries from real
// sources only; the cycle runs from the stored last run, pauses while Kiri sleeps and stops in deep
// pause; a feed on loopback is read, an unreachable or malformed one is skipped with its reason and
// nothing is invented; the settings are checked at the door and are the admin's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STREAM_STOPPED,
  type ConsciousnessStatus,
  type StreamDataEntry,
  type StreamTimers,
} from '../../server/consciousness/consciousness-service';
import { DEFAULT_INTERVAL_MS } from '../../server/consciousness/consciousness-store';
import { FEED_MAX_BYTES } from '../../server/consciousness/sources/fetch-capped';
import { ADMIN_REQUIRED } from '../../server/auth/guards';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { expectError, FakeClock, type TestApp, type TestBrowser } from './support/harness';

const MINUTE = 60_000;
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))),
  );
  await cleanUpChatApps();
});

/** The stream's timer, fired by the test: what is armed and with which delay. */
class FakeStreamTimers implements StreamTimers {
  armed: { run: () => void; ms: number } | null = null;
  setTimeout(run: () => void, ms: number): unknown {
    this.armed = { run, ms };
    return this.armed;
  }
  clearTimeout(handle: unknown): void {
    if (this.armed === handle) this.armed = null;
  }
  fire(): void {
    const armed = this.armed;
    if (!armed) throw new Error('no timer armed');
    this.armed = null;
    armed.run();
  }
}

/** A loopback HTTP server answering each path with its body (status 200) or a status of its own. */
async function feedServer(
  routes: Record<string, { body: string; type?: string; status?: number }>,
): Promise<string> {
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/rss+xml' });
    res.end(route.body);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: opened, then closed again. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

const rss = (title: string, items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title>${items
    .map(
      (item, i) =>
        `<item><title>${item}</title><link>https://news.example/${encodeURIComponent(item)}</link><pubDate>Thu, 15 Jan 2026 0${i}:00:00 GMT</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

const atom = (items: string[]) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Trending</title>${items
    .map(
      (item) =>
        `<entry><title type="text">${item}</title><link href="https://trends.example/${encodeURIComponent(item)}"/><updated>2026-01-15T06:00:00Z</updated></entry>`,
    )
    .join('')}</feed>`;

async function getJson<T>(browser: TestBrowser, path: string): Promise<T> {
  const response = await browser.request(path);
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const statusOf = (b: TestBrowser) => getJson<ConsciousnessStatus>(b, '/api/consciousness/status');
const dataOf = async (b: TestBrowser) =>
  (await getJson<{ streamData: StreamDataEntry[] }>(b, '/api/consciousness/data')).streamData;

interface ConfigBody {
  place: { name: string; latitude: number; longitude: number } | null;
  country: string | null;
  weather: boolean;
  feeds: { url: string; kind: 'news' | 'trends' }[];
  updateIntervalMs: number;
}
const NOTHING: ConfigBody = {
  place: null,
  country: null,
  weather: false,
  feeds: [],
  updateIntervalMs: DEFAULT_INTERVAL_MS,
};
const SINGAPORE = { name: 'Singapore', latitude: 1.35, longitude: 103.82 };

function configure(owner: TestBrowser, body: Partial<ConfigBody>): Promise<Response> {
  return owner.request('/api/consciousness/config', {
    method: 'PUT',
    json: { ...NOTHING, ...body },
  });
}

async function configureOk(owner: TestBrowser, body: Partial<ConfigBody>): Promise<void> {
  const response = await configure(owner, body);
  if (response.status !== 200)
    throw new Error(`config: ${response.status} ${await response.text()}`);
}

async function trigger(
  owner: TestBrowser,
): Promise<{ added: number; status: ConsciousnessStatus }> {
  const response = await owner.post('/api/consciousness/trigger');
  if (response.status !== 200)
    throw new Error(`trigger: ${response.status} ${await response.text()}`);
  return (await response.json()) as { added: number; status: ConsciousnessStatus };
}

async function say(owner: TestBrowser, message: string): Promise<void> {
  expect((await owner.post('/api/chat', { message, history: [] })).status).toBe(200);
}

describe('the three calls', () => {
  it('answer in the shape of spec 001 §3; a fresh install reads only the conversation', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(
      await setup.browser({ address: '203.0.113.9' }).request('/api/consciousness/status'),
      401,
    );
    const fresh = await statusOf(owner);
    expect(fresh).toMatchObject({
      isStreaming: false,
      lastUpdate: null,
      dataPointsCollected: 0,
      updateInterval: DEFAULT_INTERVAL_MS,
      recentInsights: [],
      cycle: 'running',
      sources: [],
    });
    expect(await dataOf(owner)).toEqual([]);

    const { added, status } = await trigger(owner);
    // Nothing said yet, nothing configured: nothing is invented.
    expect(added).toBe(0);
    expect(status.lastUpdate).toBe(new Date(setup.clock.now).toISOString());
    const bySource = Object.fromEntries(status.sources.map((s) => [s.id, s]));
    expect(bySource.sentiment).toMatchObject({
      outcome: 'nothing-new',
      reason: 'No conversation in the last 24 hours',
    });
    expect(bySource.cosmic).toMatchObject({ outcome: 'not-configured', reason: 'No place set' });
    expect(bySource.cultural).toMatchObject({
      outcome: 'not-configured',
      reason: 'No country set',
    });
    expect(bySource.weather).toMatchObject({ outcome: 'not-configured' });
    expect(bySource.news).toMatchObject({ outcome: 'not-configured' });
    expect(await dataOf(owner)).toEqual([]);
  });

  it('Update Now adds a sentiment entry after the owner talks, with its impact and significance', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'I am so happy today, the trip was wonderful and I love my friends');
    setup.clock.advance(MINUTE);
    const { added, status } = await trigger(owner);
    expect(added).toBe(1);
    expect(status.dataPointsCollected).toBe(1);
    const [entry] = await dataOf(owner);
    expect(entry).toMatchObject({ type: 'sentiment', source: 'Conversation (VADER)' });
    expect(entry!.content).toMatch(/^Mei's feelings over the last day read very positive/);
    expect(entry!.timestamp).toBe(new Date(setup.clock.now).toISOString());
    // A happy conversation: contentment, no empathy; the first of its kind is wholly new.
    expect(entry!.emotional_impact.contentment).toBeGreaterThan(0.5);
    expect(entry!.emotional_impact.empathy).toBe(0);
    expect(entry!.significance).toBeGreaterThanOrEqual(0.8);
    expect(status.recentInsights).toEqual([
      { type: 'sentiment', content: entry!.content, significance: entry!.significance },
    ]);

    // No new message: nothing new to say.
    setup.clock.advance(MINUTE);
    expect((await trigger(owner)).added).toBe(0);
    await say(owner, 'now I feel awful, everything went wrong and I am sad');
    const heavier = await trigger(owner);
    expect(heavier.added).toBe(1);
    expect(heavier.status.dataPointsCollected).toBe(2);
    // The day's reading now holds the sad message too: less content than the first.
    const [newest] = await dataOf(owner);
    expect(newest!.content).toMatch(/read (positive|neutral|negative)/);
    expect(newest!.emotional_impact.contentment).toBeLessThan(entry!.emotional_impact.contentment);
  });

  it('cosmic and cultural entries come once a place and a country are set, each fact once', async () => {
    const clock = new FakeClock();
    clock.now = Date.UTC(2026, 11, 20, 2, 0); // 20 Dec 2026, 10:00 in Asia/Shanghai
    const { setup, owner } = await ownerChat({ companion: fakeCompanion(), clock });
    await configureOk(owner, { place: SINGAPORE, country: 'SG' });
    const { added } = await trigger(owner);
    expect(added).toBe(4);
    const data = await dataOf(owner);
    const contents = data.map((entry) => entry.content);
    expect(contents).toContainEqual(
      expect.stringMatching(/^(New|Full) moon|^(Waxing|Waning) |quarter/),
    );
    expect(contents).toContainEqual(
      expect.stringMatching(
        /^In Singapore the sun rises at \d\d:\d\d and sets at \d\d:\d\d \(12 h \d\d min of daylight\)\.$/,
      ),
    );
    expect(contents).toContain(
      // 21 Dec 20:50 UTC is 22 Dec in the owner's zone (Asia/Shanghai).
      'The December solstice is in 2 days, on 22 Dec: the shortest day of the year in Singapore.',
    );
    expect(contents).toContain(
      'Next public holiday in Singapore: Christmas Day on 25 Dec, in 5 days.',
    );
    expect(data.filter((e) => e.type === 'cosmic')).toHaveLength(3);
    expect(data.filter((e) => e.type === 'cultural')).toHaveLength(1);
    // The same facts an hour later are not added again.
    setup.clock.advance(60 * MINUTE);
    expect((await trigger(owner)).added).toBe(0);
    // On Christmas Day the holiday itself is the entry.
    setup.clock.now = Date.UTC(2026, 11, 25, 2, 0);
    await trigger(owner);
    expect((await dataOf(owner)).map((e) => e.content)).toContain(
      'Today is Christmas Day, a public holiday in Singapore.',
    );
  });
});

describe('the cycle', () => {
  it('runs every interval from the stored last run, pauses while Kiri sleeps, stops in deep pause', async () => {
    const timers = new FakeStreamTimers();
    const { setup, owner } = await ownerChat({
      companion: fakeCompanion(),
      consciousness: { timers },
    });
    const stream = setup.app.services.consciousness;
    await say(owner, 'what a lovely morning, I feel great');
    stream.start();
    // A fresh install collects at once.
    expect(timers.armed?.ms).toBe(0);
    timers.fire();
    await stream.settled();
    let status = await statusOf(owner);
    expect(status).toMatchObject({ isStreaming: true, cycle: 'running', dataPointsCollected: 1 });
    expect(status.lastRun).toMatchObject({ trigger: 'scheduled', added: 1 });
    expect(timers.armed?.ms).toBe(DEFAULT_INTERVAL_MS);
    expect(status.nextUpdate).toBe(new Date(setup.clock.now + DEFAULT_INTERVAL_MS).toISOString());

    // Asleep: the timer's run collects nothing, the stream says it is not streaming.
    await say(owner, 'good night, I am tired but happy');
    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    setup.clock.advance(DEFAULT_INTERVAL_MS);
    timers.fire();
    await stream.settled();
    status = await statusOf(owner);
    expect(status).toMatchObject({
      isStreaming: false,
      cycle: 'paused',
      dataPointsCollected: 1,
      nextUpdate: null,
    });
    expect(timers.armed).toBeNull();

    // Awake again: the run that fell due happens at once.
    expect((await owner.post('/api/sleep-mode/disable')).status).toBe(200);
    expect(timers.armed?.ms).toBe(0);
    timers.fire();
    await stream.settled();
    expect(await statusOf(owner)).toMatchObject({ isStreaming: true, dataPointsCollected: 2 });

    // Deep pause: stopped, and Update Now is refused with its reason.
    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    status = await statusOf(owner);
    expect(status).toMatchObject({ isStreaming: false, cycle: 'stopped' });
    await expectError(await owner.post('/api/consciousness/trigger'), 409, STREAM_STOPPED);
    setup.clock.advance(DEFAULT_INTERVAL_MS);
    if (timers.armed) timers.fire();
    await stream.settled();
    expect((await statusOf(owner)).dataPointsCollected).toBe(2);
    // The sleep screen lists it among what deep pause stops.
    const sleep = (await (await owner.request('/api/sleep-mode/status')).json()) as {
      pausedSystems: string[];
    };
    expect(sleep.pausedSystems).toContain('consciousnessStream');
    await stream.stop();
  });

  it('after a restart the next run is the stored last run plus the interval, not reset', async () => {
    const clock = new FakeClock();
    const timers = new FakeStreamTimers();
    const setup = await startChatApp({ clock, consciousness: { timers } });
    const owner = setup.browser();
    await owner.loginOk();
    await owner.register('Mei');
    await trigger(owner);
    const ranAt = clock.now;
    await setup.app.stopBackground();
    await closeStores(setup.stores);

    clock.advance(10 * MINUTE);
    const again = new FakeStreamTimers();
    const restarted: TestApp = await startChatApp({
      clock,
      dataDir: setup.dataDir,
      consciousness: { timers: again },
    });
    restarted.app.services.consciousness.start();
    expect(again.armed?.ms).toBe(50 * MINUTE);
    const browser = restarted.browser();
    owner.cloneCookiesInto(browser);
    expect((await statusOf(browser)).lastUpdate).toBe(new Date(ranAt).toISOString());
    await restarted.app.services.consciousness.stop();
  });
});

describe('feeds and weather', () => {
  it('reads a configured RSS feed and an Atom feed on loopback; a headline is added once', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const base = await feedServer({
      '/news.xml': {
        body: rss('Loopback News', ['Rescue teams save every miner', 'Markets close flat']),
      },
      '/trends.xml': { body: atom(['Mooncakes sell out']), type: 'application/atom+xml' },
    });
    await configureOk(owner, {
      feeds: [
        { url: `${base}/news.xml`, kind: 'news' },
        { url: `${base}/trends.xml`, kind: 'trends' },
      ],
    });
    const { added, status } = await trigger(owner);
    expect(added).toBe(3);
    const data = await dataOf(owner);
    expect(
      data
        .filter((e) => e.type === 'news')
        .map((e) => e.content)
        .sort(),
    ).toEqual(['Markets close flat', 'Rescue teams save every miner']);
    expect(data.find((e) => e.type === 'trends')).toMatchObject({
      content: 'Mooncakes sell out',
      source: `Trending (${new URL(base).host})`,
    });
    expect(status.sources.find((s) => s.id === `feed:${base}/news.xml`)).toMatchObject({
      outcome: 'added',
      added: 2,
      reason: null,
    });
    expect((await trigger(owner)).added).toBe(0);
  });

  it('skips an unreachable, a malformed, a failing and an oversized feed with their reasons, inventing nothing', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const closed = await closedPort();
    const base = await feedServer({
      '/page.html': { body: '<html><body><p>Not a feed<br></body></html>', type: 'text/html' },
      '/gone.xml': { body: 'gone', status: 503 },
      '/huge.xml': { body: rss('Huge', ['x'.repeat(FEED_MAX_BYTES + 10)]) },
    });
    await configureOk(owner, {
      feeds: [
        { url: `${closed}/feed.xml`, kind: 'news' },
        { url: `${base}/page.html`, kind: 'news' },
        { url: `${base}/gone.xml`, kind: 'trends' },
        { url: `${base}/huge.xml`, kind: 'news' },
      ],
    });
    const { added, status } = await trigger(owner);
    expect(added).toBe(0);
    const reasonOf = (url: string) => status.sources.find((s) => s.id === `feed:${url}`);
    expect(reasonOf(`${closed}/feed.xml`)).toMatchObject({
      outcome: 'skipped',
      reason: expect.stringMatching(/^unreachable: ECONNREFUSED/),
    });
    expect(reasonOf(`${base}/page.html`)).toMatchObject({
      outcome: 'skipped',
      reason: 'not an RSS or Atom feed',
    });
    expect(reasonOf(`${base}/gone.xml`)).toMatchObject({
      outcome: 'skipped',
      reason: 'answered HTTP 503',
    });
    expect(reasonOf(`${base}/huge.xml`)).toMatchObject({
      outcome: 'skipped',
      reason: 'larger than 512 KB',
    });
    expect(await dataOf(owner)).toEqual([]);
    // The status keeps the reasons for the page.
    expect((await statusOf(owner)).sources.filter((s) => s.outcome === 'skipped')).toHaveLength(4);
  });

  it('reads the weather from Open-Meteo only when turned on, and skips a malformed answer', async () => {
    let answer = JSON.stringify({
      current: {
        time: '2026-01-15T16:00',
        temperature_2m: 29.4,
        weather_code: 61,
        wind_speed_10m: 11.6,
      },
    });
    let calls = 0;
    const server = createServer((req, res) => {
      calls += 1;
      expect(req.url).toContain('/v1/forecast?latitude=1.35&longitude=103.82');
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const weatherBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { owner } = await ownerChat({
      companion: fakeCompanion(),
      consciousness: { weatherBaseUrl },
    });

    await configureOk(owner, { place: SINGAPORE });
    await trigger(owner);
    expect(calls).toBe(0);
    await configureOk(owner, { place: SINGAPORE, weather: true });
    await trigger(owner);
    expect(calls).toBe(1);
    expect((await dataOf(owner)).find((e) => e.type === 'weather')).toMatchObject({
      content: 'Singapore: 29 °C, rain, wind 12 km/h.',
      source: 'Open-Meteo',
    });
    answer = '{"current":{"time":"2026-01-15T17:00"}}';
    const { status } = await trigger(owner);
    expect(status.sources.find((s) => s.id === 'weather')).toMatchObject({
      outcome: 'skipped',
      reason: 'Open-Meteo answered something that is not a forecast',
    });
    expect((await dataOf(owner)).filter((e) => e.type === 'weather')).toHaveLength(1);
  });
});

describe('settings', () => {
  it('are checked at the door: http(s) feeds only, a known country, weather needs a place, the interval bounds', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const refused = async (
      body: Partial<ConfigBody> & Record<string, unknown>,
      pattern: RegExp,
    ) => {
      const response = await configure(owner, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(pattern);
    };
    await refused(
      { feeds: [{ url: 'file:///etc/passwd', kind: 'news' }] },
      /feeds\.0\.url: must be an http/,
    );
    await refused({ feeds: [{ url: 'javascript:alert(1)', kind: 'news' }] }, /must be an http/);
    await refused(
      { feeds: [{ url: 'https://me:secret@feeds.example/rss', kind: 'news' }] },
      /user name or password/,
    );
    await refused(
      { feeds: [{ url: 'https://feeds.example/rss', kind: 'gossip' as 'news' }] },
      /feeds\.0\.kind/,
    );
    await refused(
      {
        feeds: Array.from({ length: 11 }, (_, i) => ({
          url: `https://f.example/${i}`,
          kind: 'news' as const,
        })),
      },
      /at most 10 feeds/,
    );
    await refused({ country: 'XX' }, /country: not a country code/);
    await refused({ weather: true }, /weather: weather needs a place/);
    await refused({ updateIntervalMs: 1000 }, /at least 5 minutes/);
    await refused({ updateIntervalMs: 2 * 24 * 60 * MINUTE }, /at most 24 hours/);
    await refused({ place: { ...SINGAPORE, latitude: 91 } }, /place\.latitude/);
    await refused({ secret: 1 }, /body/);
    // Nothing was saved by a refused request.
    const read = await getJson<{ config: ConfigBody; canConfigure: boolean }>(
      owner,
      '/api/consciousness/config',
    );
    expect(read.config).toMatchObject(NOTHING);
    expect(read.canConfigure).toBe(true);

    await configureOk(owner, { country: 'de', place: SINGAPORE, updateIntervalMs: 30 * MINUTE });
    const saved = await getJson<{ config: ConfigBody }>(owner, '/api/consciousness/config');
    expect(saved.config).toMatchObject({
      country: 'DE',
      place: SINGAPORE,
      updateIntervalMs: 30 * MINUTE,
    });
    expect((await statusOf(owner)).updateInterval).toBe(30 * MINUTE);
  });

  it('are the admin’s: a user granted system control may press Update Now, not change them', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const guest = setup.browser({ address: '203.0.113.21' });
    const id = (await guest.loginOk()).user.id;
    await guest.register('Grace');
    await setup.stores.auth.update((data) => {
      data.users.find((u) => u.id === id)!.permissions = ['consciousness', 'system_control'];
    });
    expect((await guest.post('/api/consciousness/trigger')).status).toBe(200);
    await expectError(await configure(guest, { country: 'SG' }), 403, ADMIN_REQUIRED);
    const read = await getJson<{ canConfigure: boolean; canTrigger: boolean }>(
      guest,
      '/api/consciousness/config',
    );
    expect(read).toMatchObject({ canConfigure: false, canTrigger: true });
    expect(
      (await getJson<{ config: ConfigBody }>(owner, '/api/consciousness/config')).config.country,
    ).toBeNull();
  });
});
