// One scheduler tick with 10,000 pending reminders against one with 10, in the same run (issue 10: at
// most 2×; due times are indexed by a min-heap, not scanned). Each timed tick fires exactly one due
// reminder; after it, a new one is added (untimed) so the count stays put. Two figures: the real tick
// of createApp's scheduler on a temp DATA_DIR (the Kiri message and the reminder's state written
// durably), and the same tick on in-memory stores, which shows the index alone without the fsyncs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { silentLogger } from '../server/log';
import { ReminderService } from '../server/reminders/reminder-service';
import {
  applyReminderOp,
  defaultRemindersFile,
  type Reminder,
  type ReminderOp,
  type ReminderStore,
} from '../server/reminders/reminder-store';
import type { KiriDelivery } from '../server/schedule/kiri-delivery';
import { closeStores, openStores } from '../server/store/stores';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 3 : 5;
const DURABLE_TICKS = QUICK ? 10 : 30;
const MEMORY_TICKS = QUICK ? 500 : 3_000;
const SMALL = 10;
const LARGE = 10_000;
const START = Date.parse('2026-11-24T10:00:00+08:00');
const STEP_MS = 1_000;
/** Far enough that the filler reminders never come due during the run. */
const FAR = START + 300 * 24 * 60 * 60_000;

function reminder(id: string, dueAt: number): Reminder {
  return {
    id,
    text: `stretch and drink some water (${id})`,
    dueAt,
    messageId: null,
    source: 'api',
    createdAt: START,
    createdBy: null,
    status: 'pending',
    finishedAt: null,
    kiriMessageId: null,
    bodyHash: null,
  };
}

/**
 * `count` pending reminders: one of the owner's due at the first tick, the rest far ahead, spread over
 * accounts of 400 (an account may hold 500).
 */
function filled(count: number) {
  const data = defaultRemindersFile();
  data.accounts.owner = { due0: reminder('due0', START + STEP_MS) };
  for (let i = 1; i < count; i += 1) {
    const account = `user:bench-${Math.floor(i / 400)}`;
    data.accounts[account] ??= {};
    data.accounts[account][`filler${i}`] = reminder(`filler${i}`, FAR + i);
  }
  return data;
}

interface Rig {
  /** Runs one tick at the next step (one reminder due) and returns its duration in ms. */
  tick(): Promise<number>;
  close(): Promise<void>;
}

async function durableRig(count: number): Promise<Rig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiri-bench-scheduler-'));
  const stores = await openStores(dataDir);
  await stores.reminders.update((data) => Object.assign(data, filled(count)));
  // Folded in now, so no background compaction of the filler runs while ticks are timed.
  await stores.reminders.compact();
  let now = START;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SERVE_STATIC: 'false',
    ACCESS_CODE: 'bench-code-1',
  });
  const app = createApp({ config, stores, clock: () => now, log: silentLogger });
  const { scheduler, reminders } = app.services;
  // The first tick sets the daily jobs' due times: not what is measured.
  await scheduler.tick();
  let n = 0;
  return {
    async tick() {
      now += STEP_MS;
      const started = process.hrtime.bigint();
      await scheduler.tick();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      n += 1;
      await reminders.create('owner', {
        ...reminder(`due${n}`, now + STEP_MS),
        createdBy: null,
      });
      return ms;
    },
    async close() {
      await closeStores(stores);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function memoryRig(count: number): Rig {
  const data = filled(count);
  const store = {
    data,
    commit(op: ReminderOp) {
      applyReminderOp(data, op);
      return Promise.resolve();
    },
  } as unknown as ReminderStore;
  const delivery = {
    deliver: () => Promise.resolve(),
    recentReplies: () => [],
  } as unknown as KiriDelivery;
  let now = START;
  const service = new ReminderService({
    store,
    delivery,
    clock: () => now,
    timeZone: 'Asia/Shanghai',
    maxPending: LARGE,
  });
  let n = 0;
  return {
    async tick() {
      now += STEP_MS;
      const started = process.hrtime.bigint();
      const fired = await service.tick(now);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (fired !== 1) throw new Error(`a tick fired ${fired} reminders, not 1`);
      n += 1;
      await service.create('owner', { ...reminder(`due${n}`, now + STEP_MS), createdBy: null });
      return ms;
    },
    close: () => Promise.resolve(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Ticks taken in turn, one of each rig after the other, so that the load of a shared machine falls on
 * both alike; per round, the ratio of the median times; the figure is the median of the rounds.
 */
async function compare(small: Rig, large: Rig, perRound: number) {
  for (let i = 0; i < Math.ceil(perRound / 5); i += 1) {
    await small.tick();
    await large.tick();
  }
  const ratios: number[] = [];
  const smalls: number[] = [];
  const larges: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const s: number[] = [];
    const l: number[] = [];
    for (let i = 0; i < perRound; i += 1) {
      if (i % 2 === 0) {
        s.push(await small.tick());
        l.push(await large.tick());
      } else {
        l.push(await large.tick());
        s.push(await small.tick());
      }
    }
    smalls.push(median(s));
    larges.push(median(l));
    ratios.push(median(l) / median(s));
  }
  return { ratio: median(ratios), small: median(smalls), large: median(larges), ratios };
}

function figure(label: string, result: Awaited<ReturnType<typeof compare>>): Figure {
  return {
    label,
    value: `${result.large.toFixed(3)} ms with ${LARGE.toLocaleString('en')} pending`,
    ratio: result.ratio,
    baseline: `${result.small.toFixed(3)} ms with ${SMALL} pending`,
    budget: { max: 2 },
    note: `per-round ratios: ${result.ratios.map((r) => r.toFixed(2)).join(', ')}`,
  };
}

export const schedulerTickBenchmark: Benchmark = {
  name: 'scheduler-tick',
  description: `one scheduler tick firing a reminder, ${LARGE.toLocaleString('en')} pending against ${SMALL}`,
  async run() {
    const figures: Figure[] = [];
    const memory = await compare(memoryRig(SMALL), memoryRig(LARGE), MEMORY_TICKS);
    figures.push(figure('tick, in-memory stores (the index alone)', memory));
    const small = await durableRig(SMALL);
    const large = await durableRig(LARGE);
    try {
      figures.push(
        figure(
          'tick of the real scheduler (durable writes)',
          await compare(small, large, DURABLE_TICKS),
        ),
      );
    } finally {
      await small.close();
      await large.close();
    }
    return figures;
  },
};
