// 'image-scroll' (issue 13): the chat with 200 photos in a day scrolls as smoothly as the same day
// with 200 text messages. Two real servers (dist, fresh DATA_DIRs), each with its own owner in its own
// headless Chromium: one day seeded through the real upload route (200 photos: each an 'Image sent 📷'
// entry and Kiri's answer, 480×360 JPEGs of noise, so every thumbnail costs a real decode), the other
// with 200 messages and 200 answers through POST /api/conversations. The device pulls the day (and
// links the photos, src/db/photos.ts linkServerPhotos); the whole day is loaded into the list, then
// the list is scrolled programmatically at a fixed speed from the top, turning at each end, for a
// fixed number of frames, recording the time between animation frames (rAF deltas). Rounds alternate text and photos (ABBA); the figure is the
// p95 frame time of the photo day over the text day's.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { startServer, type KiriServer } from '../tests/e2e/support/server';
import { launchBenchBrowser, type BenchBrowser } from './browser/chromium';
import { ms, quantile } from './browser/stats';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const COUNT = Number(process.env.BENCH_IMAGE_SCROLL_COUNT ?? 200);
const ROUNDS = QUICK ? 2 : 4;
/** CSS pixels scrolled per frame: about 7,200 px/s at 60 Hz, a fast fling through the day. */
const SPEED_PX = 120;
const MAX_RATIO = 1.5;
/**
 * Frames per pass: the pass turns at each end of the day and stops after this many frames (some 8 s
 * at 60 Hz), so both days are measured over the same number of frames and a loaded machine (frames of
 * 30 ms and more) still finishes the run in minutes.
 */
const PASS_FRAMES = 480;
const UPLOADS_AT_ONCE = 2;

interface Day {
  kind: 'text' | 'photos';
  server: KiriServer;
  browser: BenchBrowser;
  page: Page;
  firstId: string;
}

async function login(page: Page, origin: string, accessCode: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Access Code', { exact: true }).fill(accessCode);
  await page.getByRole('button', { name: 'Access Kiri' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Kiri' });
  await dialog.getByRole('textbox').fill('Mira');
  await dialog.getByRole('button', { name: 'Nice to meet you!' }).click();
  await page.getByPlaceholder('Message Kiri').waitFor();
  // The initial greeting of the empty day comes first, on both days alike.
  await page.locator('[data-message-id][data-sender="kiri"]').first().waitFor({ timeout: 30_000 });
}

function noisePhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 480,
      height: 360,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 60 + (seed % 120), sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function seedPhotos(page: Page, origin: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < COUNT; i = next++) {
      const response = await page.request.post(`${origin}/api/images/upload`, {
        multipart: {
          image: { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: await noisePhoto(i) },
          userAnnotation: i % 3 === 0 ? `On the way home, stop ${i}` : '',
          hideFromMemory: 'false',
        },
      });
      if (response.status() !== 201) {
        throw new Error(`upload ${i}: ${response.status()} ${await response.text()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
}

async function seedText(page: Page, origin: string): Promise<void> {
  for (let i = 0; i < COUNT; i++) {
    for (const [sender, message] of [
      ['user', `On the ferry again, stop ${i}: the light on the water is lovely today.`],
      ['kiri', `That sounds peaceful. Tell me what you see from the deck at stop ${i}?`],
    ] as const) {
      const response = await page.request.post(`${origin}/api/conversations`, {
        data: { message, sender, emotionalState: null },
      });
      if (!response.ok()) throw new Error(`message ${i}: ${response.status()}`);
    }
  }
}

/** The oldest entry of the server's log: the list has loaded the whole day when it is on screen. */
async function firstLogId(page: Page, origin: string): Promise<string> {
  const log = (await (await page.request.get(`${origin}/api/conversations`)).json()) as {
    id: string;
  }[];
  if (log.length < COUNT * 2) throw new Error(`only ${log.length} entries in the log`);
  return log[0]!.id;
}

const list = (page: Page) => page.locator('[role="region"][aria-label="Messages"]');

/** Scrolls to the top until the whole day is loaded (the list grows its window near the top). */
async function loadWholeDay(day: Day): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await day.page.locator(`[data-message-id="${day.firstId}"]`).count()) === 0) {
    if (Date.now() > deadline) throw new Error(`${day.kind}: the day did not load whole`);
    await list(day.page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await day.page.waitForTimeout(250);
  }
}

/** Progress on stderr with BENCH_VERBOSE=1 (the seeding is most of the run). */
function progress(text: string): void {
  if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`  [image-scroll] ${text}\n`);
}

async function openDay(kind: Day['kind']): Promise<Day> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const server = await startServer();
  const browser = await launchBenchBrowser({ serviceWorkers: 'block' });
  try {
    const page = await browser.context.newPage();
    await login(page, server.url, server.accessCode);
    progress(`${kind}: logged in at ${seconds()}`);
    if (kind === 'photos') await seedPhotos(page, server.url);
    else await seedText(page, server.url);
    progress(`${kind}: seeded at ${seconds()}`);
    const firstId = await firstLogId(page, server.url);
    await page.reload();
    await page.getByPlaceholder('Message Kiri').waitFor();
    if (kind === 'photos') {
      // The pull has brought the day and linked its photos.
      await page.locator('[data-photo-id]').first().waitFor({ timeout: 60_000 });
    } else {
      await page
        .locator('[data-message-id]')
        .filter({ hasText: `stop ${COUNT - 1}:` })
        .first()
        .waitFor({ timeout: 60_000 });
    }
    progress(`${kind}: day shown at ${seconds()}`);
    const day: Day = { kind, server, browser, page, firstId };
    await loadWholeDay(day);
    progress(`${kind}: whole day loaded at ${seconds()}`);
    return day;
  } catch (error) {
    await browser.close();
    await server.dispose();
    throw error;
  }
}

/**
 * One pass from the top of the day, SPEED_PX a frame, turning at each end, for PASS_FRAMES frames;
 * resolves with the rAF deltas. A string,
 * so that no build helper (tsx names functions with `__name`) leaks into the page.
 */
const SCROLL_PASS = `
new Promise(function (resolve) {
  var element = document.querySelector('[role="region"][aria-label="Messages"]');
  element.scrollTop = 0;
  var deltas = [];
  var last = null;
  var direction = 1;
  var turns = 0;
  var frames = 0;
  function frame(time) {
    frames += 1;
    if (frames > ${PASS_FRAMES}) return resolve(deltas);
    if (last !== null) deltas.push(time - last);
    last = time;
    var before = element.scrollTop;
    element.scrollTop = before + direction * ${SPEED_PX};
    if (element.scrollTop === before) {
      direction = -direction;
      turns += 1;
      if (turns === 4) return resolve(deltas);
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})`;

function scrollPass(page: Page): Promise<number[]> {
  return page.evaluate(SCROLL_PASS) as Promise<number[]>;
}

async function closeDay(day: Day | undefined): Promise<void> {
  if (!day) return;
  await day.browser.close();
  await day.server.dispose();
}

export const imageScrollBenchmark: Benchmark = {
  name: 'image-scroll',
  description: `p95 frame time scrolling a day of ${COUNT} photos vs the same day of ${COUNT} text messages (Chromium, rAF deltas)`,
  // Two servers, two browsers and 200 uploads through the real route on a shared 2-core machine.
  timeoutMs: 420_000,
  async run(): Promise<Figure[]> {
    let text: Day | undefined;
    let photos: Day | undefined;
    try {
      // Both days are seeded at once: the seeding through the real routes is most of the run.
      const opened = await Promise.allSettled([openDay('text'), openDay('photos')]);
      text = opened[0].status === 'fulfilled' ? opened[0].value : undefined;
      photos = opened[1].status === 'fulfilled' ? opened[1].value : undefined;
      for (const result of opened) if (result.status === 'rejected') throw result.reason;
      if (!text || !photos) throw new Error('a day did not open');
      // A first pass each, not counted: the thumbnails are fetched and decoded once.
      await scrollPass(text.page);
      await scrollPass(photos.page);
      progress('warm-up passes done');
      const frames: Record<Day['kind'], number[]> = { text: [], photos: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? [text, photos] : [photos, text];
        for (const day of order) frames[day.kind].push(...(await scrollPass(day.page)));
      }
      const p95 = (kind: Day['kind']) => quantile(frames[kind], 0.95);
      const photoDayRows = await photos.page.locator('[data-photo-id]').count();
      return [
        {
          label: `p95 frame time, ${COUNT} photos`,
          value: ms(p95('photos')),
          ratio: p95('photos') / p95('text'),
          baseline: `the same day of ${COUNT} text messages (${ms(p95('text'))})`,
          budget: { max: MAX_RATIO },
          note:
            `${ROUNDS} rounds (ABBA) of ${PASS_FRAMES} frames scrolling at ${SPEED_PX} px a frame; ` +
            `frames: photos ${frames.photos.length} (p50 ${ms(quantile(frames.photos, 0.5))}, ` +
            `max ${ms(Math.max(...frames.photos))}), text ${frames.text.length} ` +
            `(p50 ${ms(quantile(frames.text, 0.5))}, max ${ms(Math.max(...frames.text))}); ` +
            `${photoDayRows} photos in the page at the end`,
        },
        {
          label: `median frame time, ${COUNT} photos`,
          value: ms(quantile(frames.photos, 0.5)),
          ratio: quantile(frames.photos, 0.5) / quantile(frames.text, 0.5),
          baseline: `the same day of ${COUNT} text messages (${ms(quantile(frames.text, 0.5))})`,
          note: 'informational: the typical frame, where the p95 shows the stalls',
        },
      ];
    } finally {
      await closeDay(text);
      await closeDay(photos);
    }
  },
};
