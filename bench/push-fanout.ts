// One message fanned out to 200 subscriptions (10 users of 20 devices, every sendToUser at once,
// through the shared bound) on a loopback HTTPS push service, against 200 bare HTTPS POSTs of the
// same body size to the same service with the same parallelism and kept-alive connections. The
// difference is what the push module adds: per-subscription encryption (an ECDH key pair, HKDF,
// AES-GCM, on the encryption worker thread), the VAPID header, payload fitting and bookkeeping.
// Rotating order in each round; each figure is the median of the per-round ratios.
//
// Two fan-outs are timed. The server's way: each reached device's next content key (a fresh sender
// key pair, its ECDH agreement, a fresh salt, HKDF) made ahead on the worker while it is idle, each
// used for one message, so the timed window starts with them made and the remaking after it is timed
// apart and printed (it is moved, not saved). And a cold start (nothing made ahead: every key pair,
// agreement and key inside the window), which the server meets only for a device's second message
// within about 100 ms. Nothing else runs during a timed window: the remaking is awaited before each.
//
// On a shared, loaded machine single rounds swing (below 1× to above 3×): many short interleaved
// rounds, the median ratio as the figure, and the spread (quartiles, extremes) printed beside it.
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type Agent } from 'node:https';
import webPush from 'web-push';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConcurrencyLimit } from '../server/push/concurrency';
import { parseAllowedPushHost } from '../server/push/push-hosts';
import { DEFAULT_KEY_POOL_SIZE, WorkerEncryptor } from '../server/push/push-encryption';
import { DEFAULT_PUSH_CONCURRENCY, PushService } from '../server/push/push-service';
import type { PushMessage } from '../server/push/push-sender';
import { silentLogger } from '../server/log';
import { openPushStore } from '../server/store/push-store';
import { FakeBrowserPush, FakePushService } from '../tests/server/support/fake-push-service';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const USERS = 10;
const DEVICES_PER_USER = 20;
const SUBSCRIPTIONS = USERS * DEVICES_PER_USER;
const ROUNDS = QUICK ? 5 : 15;
const BUDGET = 2;

/** A morning greeting as the scheduler would send it. */
const MESSAGE: PushMessage = {
  title: 'Kiri',
  body: 'Good morning Mei ~ I was thinking about what you said about the park yesterday. Did you sleep well? Tell me what today looks like when you have a minute.',
  url: '/?message=0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  tag: 'kiri-morning',
  topic: 'morning',
  urgency: 'normal',
  ttlSeconds: 2 * 60 * 60,
  messageId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
};

function post(agent: Agent, port: number, path: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The q-quantile (0..1) by linear interpolation between the sorted values. */
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
};
const median = (values: number[]) => quantile(values, 0.5);
/** The spread of the round ratios: quartiles and extremes, and how many rounds were over budget. */
const spreadOf = (ratios: number[]) =>
  `rounds ${ratios.length}: quartiles ${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}, ` +
  `min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}, ` +
  `${ratios.filter((r) => r > BUDGET).length} over ${BUDGET}×`;

export const pushFanoutBenchmark: Benchmark = {
  name: 'push-fanout',
  description: `one push to ${SUBSCRIPTIONS} subscriptions vs ${SUBSCRIPTIONS} bare HTTPS POSTs of the same size, loopback, ${DEFAULT_PUSH_CONCURRENCY} at a time, ${ROUNDS} rounds in rotating order`,
  async run(): Promise<Figure[]> {
    const service = await FakePushService.start();
    const dataDir = await mkdtemp(join(tmpdir(), 'kiri-bench-push-'));
    const store = await openPushStore(dataDir);
    const pooled = new WorkerEncryptor({ poolSize: DEFAULT_KEY_POOL_SIZE });
    const unpooled = new WorkerEncryptor({ poolSize: 0, prepareAhead: false });
    const pushWith = (encryptor: WorkerEncryptor) =>
      new PushService({
        store,
        vapidSubject: 'mailto:bench@example.com',
        allowedHosts: [parseAllowedPushHost(service.hostEntry)],
        clock: Date.now,
        log: silentLogger,
        transport: { agent: service.agent(DEFAULT_PUSH_CONCURRENCY), encryptor },
      });
    const push = pushWith(pooled);
    const pushNoPool = pushWith(unpooled);
    const bareAgent = service.agent(DEFAULT_PUSH_CONCURRENCY);
    try {
      const users = Array.from({ length: USERS }, (_, u) => `user-${u}`);
      for (const user of users) {
        for (let d = 0; d < DEVICES_PER_USER; d++) {
          const device = new FakeBrowserPush(service.endpoint(`${user}-${d}`));
          await push.subscribe(user, device.subscription);
        }
      }

      const fanOutWith = (sender: PushService) => async () => {
        const outcomes = await Promise.all(users.map((user) => sender.sendToUser(user, MESSAGE)));
        const sent = outcomes.reduce((sum, o) => sum + o.sent, 0);
        if (sent !== SUBSCRIPTIONS)
          throw new Error(`fan-out delivered ${sent} of ${SUBSCRIPTIONS}`);
      };
      const fanOut = fanOutWith(push);
      const fanOutNoPool = fanOutWith(pushNoPool);
      // The size of what the fan-out posts (each body differs only in its keys and ciphertext).
      // Also starts both workers and their connections.
      await fanOut();
      await fanOutNoPool();
      const body = Buffer.alloc(service.received[0]!.body.length, 7);
      const limit = new ConcurrencyLimit(DEFAULT_PUSH_CONCURRENCY);
      const bare = async () => {
        const statuses = await Promise.all(
          Array.from({ length: SUBSCRIPTIONS }, (_, i) =>
            limit.run(() => post(bareAgent, service.port, `/bare/${i}`, body)),
          ),
        );
        if (statuses.some((s) => s !== 201)) throw new Error('a bare POST was not answered 201');
      };
      await bare();

      const payload = JSON.stringify({ ...MESSAGE, topic: undefined });
      const devices = Array.from(
        { length: SUBSCRIPTIONS },
        (_, i) => new FakeBrowserPush(service.endpoint(`enc-${i}`)),
      );
      // What RFC 8291 alone costs (an ECDH key pair and agreement, HKDF, AES-GCM per subscription):
      // the floor under the fan-out's ratio, printed so that a figure over budget can be read.
      const encryptOnly = async () => {
        for (const device of devices) {
          webPush.encrypt(
            device.subscription.keys.p256dh,
            device.subscription.keys.auth,
            payload,
            'aes128gcm',
          );
        }
      };

      const time = async (run: () => Promise<void>) => {
        const start = performance.now();
        await run();
        return performance.now() - start;
      };
      const settle = async () => {
        await pooled.whenPoolFull();
        await unpooled.whenPoolFull();
      };
      const fanTimes: number[] = [];
      const noPoolTimes: number[] = [];
      const bareTimes: number[] = [];
      const encryptTimes: number[] = [];
      const refillTimes: number[] = [];
      const ratios: number[] = [];
      const noPoolRatios: number[] = [];
      const encryptRatios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        service.received.length = 0;
        // Each of the three goes first, second and third in turn, so that drift on a shared
        // machine falls on all alike.
        const order = [0, 1, 2].map((i) => (i + round) % 3);
        const took: number[] = [];
        for (const which of order) {
          await settle();
          if (which === 0) took[0] = await time(bare);
          if (which === 1) {
            took[1] = await time(fanOut);
            refillTimes.push((await pooled.whenPoolFull()).refillMs);
          }
          if (which === 2) took[2] = await time(fanOutNoPool);
        }
        await settle();
        const encrypt = await time(encryptOnly);
        const [plain, fan, noPool] = took as [number, number, number];
        bareTimes.push(plain);
        fanTimes.push(fan);
        noPoolTimes.push(noPool);
        encryptTimes.push(encrypt);
        ratios.push(fan / plain);
        noPoolRatios.push(noPool / plain);
        encryptRatios.push(encrypt / plain);
      }
      const baseline = `${SUBSCRIPTIONS} bare HTTPS POSTs of ${body.length} bytes (${median(bareTimes).toFixed(1)} ms)`;
      return [
        {
          label: `fan-out to ${SUBSCRIPTIONS} subscriptions, content keys made ahead (median)`,
          value: `${median(fanTimes).toFixed(1)} ms`,
          ratio: median(ratios),
          baseline,
          budget: { max: BUDGET },
          note:
            `${spreadOf(ratios)}; each device's next key pair, salt and content key are made when the window starts: ` +
            `remaking them (${median(refillTimes).toFixed(1)} ms of the worker's time, median) starts 100 ms after the last post, outside the window`,
        },
        {
          label: `fan-out to ${SUBSCRIPTIONS} subscriptions, cold: nothing made ahead (median)`,
          value: `${median(noPoolTimes).toFixed(1)} ms`,
          ratio: median(noPoolRatios),
          baseline,
          note: `${spreadOf(noPoolRatios)}; every key pair, ECDH agreement and key made inside the window, on the worker (the server makes them ahead at start, at subscribe and after each fan-out, so it meets this only for a device's second message while its first is still posting)`,
        },
        {
          label: `encryption alone for ${SUBSCRIPTIONS} subscriptions, main thread (median)`,
          value: `${median(encryptTimes).toFixed(1)} ms`,
          ratio: median(encryptRatios),
          baseline: `the same bare POSTs`,
          note: 'informational: what RFC 8291 costs per fan-out, done in one thread with no pool',
        },
      ];
    } finally {
      push.close();
      pushNoPool.close();
      await service.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
