// POST /api/images/upload of a 4 MB JPEG (stream to disk, sniff, decode, strip, orient, thumbnail,
// measure, store, the conversation pair) against a bare route on the same server that only streams the
// same bytes to a file, alternating, one at a time: the ratio of the medians. Then the server's peak
// memory (RSS) while 10 uploads arrive at once, against its RSS at rest: an upload is never held whole
// in memory, and at most DECODES_AT_ONCE photos are decoded at once (docs/images.md "Memory").
// The server is a child process (this file, run with KIRI_IMAGE_BENCH_SERVER=1) so that its RSS is its
// own, not the client's buffers.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 4 : 10;
const PARALLEL = Number(process.env.BENCH_IMAGE_PARALLEL ?? 10);
const TARGET_BYTES = 4 * 1024 * 1024;
const ACCESS_CODE = 'kiri-image-bench-code';
/**
 * Budgets: a photo's whole treatment within 40 bare writes of its bytes; 10 uploads at once within 5×
 * the memory of one alone (two decode at a time, the rest wait on disk; held whole it would be ~10×).
 */
const MAX_UPLOAD_RATIO = 40;
const MAX_PEAK_GROWTH_RATIO = 5;

// ---- the server side (child process) ----

async function serveForBench(): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { createApp } = await import('../server/app');
  const { prepareAccessCode } = await import('../server/auth/access-code');
  const { loadConfig } = await import('../server/config');
  const { openStores } = await import('../server/store/stores');
  const { silentLogger } = await import('../server/log');
  const dataDir = process.env.DATA_DIR!;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ACCESS_CODE,
    SERVE_STATIC: 'false',
  });
  const stores = await openStores(dataDir);
  await prepareAccessCode(stores.auth, config.accessCode, { N: 1024, r: 8, p: 1, keyLength: 32 });
  const app = createApp({ config, stores, clock: Date.now, log: silentLogger });
  let bareCount = 0;
  const outer = new Hono()
    // The baseline: the same bytes, streamed from the socket to a file, nothing else.
    .post('/bench/bare', async (c) => {
      const body = c.req.raw.body;
      if (!body) return c.text('no body', 400);
      const path = join(dataDir, `bare-${bareCount++}.bin`);
      await pipeline(Readable.fromWeb(body as never), createWriteStream(path));
      return c.json({ ok: true }, 201);
    })
    .get('/bench/memory', (c) => {
      // At rest means after a collection: what the JS heap still held from the warm-up is not rest.
      if (c.req.query('gc') === '1') (globalThis as { gc?: () => void }).gc?.();
      return c.json({ rss: process.memoryUsage.rss() });
    })
    .route('/', app);
  const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`PORT ${info.port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---- the client side ----

async function makeJpeg(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  // Noise compresses like a detailed photo: grow it until the file is about 4 MB.
  let side = 1400;
  for (;;) {
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 2654435761) >>> 24) ^ (i & 0xff);
    const noise = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .blur(0.6)
      .jpeg({ quality: 92 })
      .withExif({
        IFD2: { DateTimeOriginal: '2026:01:15 07:42:10' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 13/1 36/1' },
      })
      .toBuffer();
    if (noise.length >= TARGET_BYTES * 0.95 || side > 6000) return noise;
    side = Math.ceil(side * Math.sqrt(TARGET_BYTES / noise.length));
  }
}

interface Child {
  url: string;
  stop(): Promise<void>;
}

async function startChild(dataDir: string): Promise<Child> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', self], {
    env: { ...process.env, KIRI_IMAGE_BENCH_SERVER: '1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`bench server exited (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password: ACCESS_CODE }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

function form(jpeg: Buffer, n: number): FormData {
  const data = new FormData();
  data.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'commute.jpg');
  data.append('userAnnotation', `the view from the train, ${n}`);
  data.append('hideFromMemory', 'false');
  return data;
}

async function timed(send: () => Promise<Response>, expect: number): Promise<number> {
  const began = performance.now();
  const response = await send();
  const text = await response.text();
  const ms = performance.now() - began;
  if (response.status !== expect) throw new Error(`answered ${response.status}: ${text}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const imageUploadBenchmark: Benchmark = {
  name: 'image-upload',
  description: `POST /api/images/upload of a 4 MB JPEG vs a bare route writing the same bytes, ${ROUNDS} alternating rounds; peak RSS during ${PARALLEL} uploads at once`,
  async run(): Promise<Figure[]> {
    const jpeg = await makeJpeg();
    const dataDir = await mkdtemp(join(tmpdir(), 'kiri-bench-images-'));
    const child = await startChild(dataDir);
    try {
      const cookie = await login(child.url);
      let n = 0;
      const upload = () =>
        fetch(`${child.url}/api/images/upload`, {
          method: 'POST',
          headers: { cookie, origin: child.url },
          body: form(jpeg, n++),
        });
      const bare = () =>
        fetch(`${child.url}/bench/bare`, {
          method: 'POST',
          headers: { cookie },
          body: form(jpeg, n++),
        });
      // Warm both paths (sharp's first load, the JIT) before anything is measured.
      await timed(upload, 201);
      await timed(bare, 201);

      // Memory first, while the process has not yet run many uploads.
      const rss = async (gc: boolean) =>
        (
          (await (await fetch(`${child.url}/bench/memory${gc ? '?gc=1' : ''}`)).json()) as {
            rss: number;
          }
        ).rss;
      /** RSS at rest, then the largest RSS sampled every 20 ms while `count` uploads run at once. */
      const burst = async (count: number) => {
        const rest = await rss(true);
        let peak = rest;
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            peak = Math.max(peak, await rss(false));
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        const began = performance.now();
        await Promise.all(Array.from({ length: count }, () => timed(upload, 201)));
        const ms = performance.now() - began;
        sampling = false;
        await sampler;
        return { rest, peak, growth: peak - rest, ms };
      };
      const single = await burst(1);
      const parallel = await burst(PARALLEL);

      const times = { upload: [] as number[], bare: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        times.upload.push(await timed(upload, 201));
        times.bare.push(await timed(bare, 201));
      }
      const uploadMs = median(times.upload);
      const bareMs = median(times.bare);
      const wholeBodies = PARALLEL * jpeg.length;
      return [
        {
          label: `upload of a ${mb(jpeg.length)} JPEG (median of ${ROUNDS})`,
          value: `${uploadMs.toFixed(0)} ms`,
          ratio: uploadMs / bareMs,
          baseline: `the bare route writing the same bytes (${bareMs.toFixed(1)} ms)`,
          budget: { max: MAX_UPLOAD_RATIO },
        },
        {
          label: `server RSS growth during ${PARALLEL} uploads at once`,
          value: `${mb(parallel.growth)} (peak ${mb(parallel.peak)}, at rest ${mb(parallel.rest)}; ${(parallel.ms / 1000).toFixed(1)} s for all ${PARALLEL})`,
          ratio: parallel.growth / single.growth,
          baseline: `one upload alone (${mb(single.growth)} over rest, peak ${mb(single.peak)})`,
          budget: { max: MAX_PEAK_GROWTH_RATIO },
          note: `Held whole and decoded all at once, ${PARALLEL} uploads would cost about ${PARALLEL}× one; the ${PARALLEL} bodies weigh ${mb(wholeBodies)} (growth ÷ bodies ${(parallel.growth / wholeBodies).toFixed(2)}). RSS sampled every 20 ms; rest measured after a GC.`,
        },
      ];
    } finally {
      await child.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

if (process.env.KIRI_IMAGE_BENCH_SERVER === '1') void serveForBench();
