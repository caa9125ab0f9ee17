// 'browser-newest-50': the chat's newest 50 messages of a day in a 100,000-message device database,
// read with the app's newestMessages() (Dexie), against raw IndexedDB on the same index with the same
// count, in headless Chromium, in a page of the app's origin (the real server serving a bench build).
// Alternating rounds of a batch of queries each; the figure is the median of the per-round ratios.
import type { Page } from '@playwright/test';
import { startServer } from '../tests/e2e/support/server';
import { benchBuild } from './browser/build';
import { launchBenchBrowser } from './browser/chromium';
import type { NewestBench, QueryKind } from './browser/newest';
import { median, ms, quantile } from './browser/stats';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const TOTAL = 100_000;
const SESSIONS = 100;
const CHUNK = 5_000;
const LIMIT = 50;
const ROUNDS = QUICK ? 15 : 60;
const BATCH = 10;
/** The sessions the queries rotate over (days in the middle of the database). */
const QUERIED_SESSIONS = 10;
const MAX_RATIO = 1.2;

const timeQuery = (page: Page, kind: QueryKind, sessionIds: string[]) =>
  page.evaluate(
    ([k, ids, limit, batch]) =>
      (window as unknown as { bench: NewestBench }).bench.time(k, ids, limit, batch),
    [kind, sessionIds, LIMIT, BATCH] as const,
  );

export const browserNewestBenchmark: Benchmark = {
  name: 'browser-newest-50',
  description: `newestMessages(db, day, ${LIMIT}) over ${TOTAL.toLocaleString('en')} messages in Chromium, vs raw IndexedDB on the same index`,
  // Filling 100,000 messages passes the runner's 180 s on the shared two-core machine under load
  // (issue 21's runs). A guard only: the figure is the same whatever it is.
  timeoutMs: 480_000,
  async run(): Promise<Figure[]> {
    const { dir } = await benchBuild();
    const server = await startServer({ env: { STATIC_DIR: dir } });
    const browser = await launchBenchBrowser({ serviceWorkers: 'block' });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/bench/newest.html`);
      await page.waitForSelector('body[data-ready="true"]');
      const filled = await page.evaluate(
        (options) => (window as unknown as { bench: NewestBench }).bench.fill(options),
        { total: TOTAL, sessions: SESSIONS, chunk: CHUNK },
      );
      if (filled.count !== TOTAL) throw new Error(`filled ${filled.count} of ${TOTAL} messages`);
      const middle = Math.floor(SESSIONS / 2) - Math.floor(QUERIED_SESSIONS / 2);
      const sessionIds = filled.sessionIds.slice(middle, middle + QUERIED_SESSIONS);
      const baselineKind: QueryKind = filled.getAllWithDirection ? 'getAll' : 'cursor';

      // The three read the same rows, in the same order.
      for (const sessionId of sessionIds) {
        const ids = await Promise.all(
          (['dexie', 'getAll', 'cursor'] as const)
            .filter((kind) => kind !== 'getAll' || filled.getAllWithDirection)
            .map((kind) =>
              page.evaluate(
                ([k, id, limit]) =>
                  (window as unknown as { bench: NewestBench }).bench.ids(k, id, limit),
                [kind, sessionId, LIMIT] as const,
              ),
            ),
        );
        for (const other of ids.slice(1)) {
          if (JSON.stringify(other) !== JSON.stringify(ids[0])) {
            throw new Error(`the queries disagree on the newest ${LIMIT} of ${sessionId}`);
          }
        }
        if (ids[0]!.length !== LIMIT)
          throw new Error(`only ${ids[0]!.length} rows in ${sessionId}`);
      }

      // Warm-up, then ABBA-ordered rounds.
      for (const kind of ['dexie', 'getAll', 'cursor'] as const) {
        if (kind === 'getAll' && !filled.getAllWithDirection) continue;
        await timeQuery(page, kind, sessionIds);
      }
      const times: Record<QueryKind, number[]> = { dexie: [], getAll: [], cursor: [] };
      const ratios: number[] = [];
      const cursorRatios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const kinds: QueryKind[] = filled.getAllWithDirection
          ? ['dexie', 'getAll', 'cursor']
          : ['dexie', 'cursor'];
        if (round % 2 === 1) kinds.reverse();
        const got: Partial<Record<QueryKind, number>> = {};
        for (const kind of kinds) got[kind] = await timeQuery(page, kind, sessionIds);
        for (const kind of kinds) times[kind].push(got[kind]!);
        ratios.push(got.dexie! / got[baselineKind]!);
        cursorRatios.push(got.dexie! / got.cursor!);
      }

      const spread = (values: number[]) =>
        `p10 ${ms(quantile(values, 0.1), 3)}, p90 ${ms(quantile(values, 0.9), 3)}`;
      const baselineLabel =
        baselineKind === 'getAll'
          ? "raw index.getAll({ query, count: 50, direction: 'prev' })"
          : "raw index.openCursor(range, 'prev'), 50 records";
      const figures: Figure[] = [
        {
          label: `newestMessages(db, day, ${LIMIT}) (Dexie)`,
          value: `${ms(median(times.dexie), 3)} per query`,
          ratio: median(ratios),
          baseline: `${baselineLabel} (${ms(median(times[baselineKind]), 3)})`,
          budget: { max: MAX_RATIO },
          note:
            `${ROUNDS} rounds of ${BATCH} queries each, rotating over ${QUERIED_SESSIONS} days of ${TOTAL / SESSIONS} messages; ` +
            `Dexie ${spread(times.dexie)}; baseline ${spread(times[baselineKind])}; ` +
            `database filled in ${(filled.ms / 1000).toFixed(1)} s (bulkAdd, ${CHUNK} a chunk)`,
        },
      ];
      if (filled.getAllWithDirection) {
        figures.push({
          label: `newestMessages(db, day, ${LIMIT}) vs a 'prev' cursor`,
          value: `${ms(median(times.dexie), 3)} per query`,
          ratio: median(cursorRatios),
          baseline: `raw index.openCursor(range, 'prev'), ${LIMIT} records (${ms(median(times.cursor), 3)})`,
          note: 'informational: the raw equivalent on a browser without IndexedDB 3 getAll options',
        });
      }
      return figures;
    } finally {
      await browser.close();
      await server.dispose();
    }
  },
};
