// The consciousness stream (spec 001 §2, §3; docs/consciousness.md): a collection cycle that runs every
// updateInterval while Kiri is awake (paused while she sleeps, stopped in deep pause), reads each
// configured source, keeps what is new with its significance and emotional impact, and answers the
// three calls. The next run is the stored last run plus the interval, so a restart neither resets nor
// repeats it. Nothing is fetched that the owner did not configure.
import { randomUUID } from 'node:crypto';
import { readSentiment } from '../../src/engine/language/sentiment';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import {
  cycleStateOf,
  impactOf,
  nextRunAt,
  noveltyOf,
  NOVELTY_WINDOW,
  recentInsightsOf,
  significanceOf,
  type CycleState,
} from './consciousness-rules';
import {
  ENTRIES_CAP,
  type ConsciousnessStore,
  type EntryType,
  type RunReport,
  type SourceReport,
  type StreamConfig,
  type StreamEntry,
} from './consciousness-store';
import { readCosmicSource } from './sources/cosmic';
import { readCulturalSource } from './sources/cultural';
import type { FetchLike } from './sources/fetch-capped';
import { readFeedSource } from './sources/feeds';
import { readSentimentSource, type OwnerMessage } from './sources/sentiment';
import type { SourceAnswer } from './sources/source-types';
import { readWeatherSource } from './sources/weather';

/** 409 to Update Now in deep pause: nothing runs until Kiri is woken. */
export const STREAM_STOPPED =
  'Kiri is in deep pause: the consciousness stream is stopped until you wake her';
/** What a source that found nothing new says. */
export const NOTHING_NEW = 'Nothing new since the last collection';

export interface StreamTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const nodeTimers: StreamTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    // The cycle must never keep the process alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ConsciousnessServiceOptions {
  store: ConsciousnessStore;
  clock: () => number;
  log: Logger;
  timeZone: string;
  powerState: () => PowerState;
  /** The owner's messages, oldest first (the conversation log of the owner's account). */
  ownerMessages: () => readonly OwnerMessage[];
  ownerName?: () => string | null;
  /** Tests: a feed server on loopback is reached by the real fetch; these replace timers and Open-Meteo. */
  timers?: StreamTimers;
  fetch?: FetchLike;
  weatherBaseUrl?: string;
}

export interface InsightAnswer {
  type: EntryType;
  content: string;
  significance: number;
}

/** GET /api/consciousness/status (spec 001 §3 "Consciousness status", and what each source did). */
export interface ConsciousnessStatus {
  /** The cycle is running now (started, and Kiri awake). */
  isStreaming: boolean;
  /** ISO time of the last collection; null before the first. */
  lastUpdate: string | null;
  /** Every entry ever collected (the list kept is capped at 500). */
  dataPointsCollected: number;
  /** Milliseconds between collections. */
  updateInterval: number;
  recentInsights: InsightAnswer[];
  cycle: CycleState;
  /** ISO time of the next scheduled collection while running; null when paused or stopped. */
  nextUpdate: string | null;
  /** Each source as the last collection left it, and the ones not configured. */
  sources: SourceReport[];
  lastRun: { at: string; trigger: RunReport['trigger']; added: number } | null;
}

/** One entry of GET /api/consciousness/data (spec 001 §3 "Consciousness data"). */
export interface StreamDataEntry {
  id: string;
  type: EntryType;
  content: string;
  timestamp: string;
  significance: number;
  source: string;
  emotional_impact: { curiosity: number; contentment: number; empathy: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

export class ConsciousnessService {
  private timer: unknown = null;
  private started = false;
  private running: Promise<RunReport> | null = null;
  private readonly timers: StreamTimers;

  constructor(private readonly options: ConsciousnessServiceOptions) {
    this.timers = options.timers ?? nodeTimers;
  }

  private get data() {
    return this.options.store.data;
  }

  /** Arms the cycle from the stored last run (a fresh install collects at once). */
  start(): void {
    this.started = true;
    this.arm();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.disarm();
    await this.running?.catch(() => {});
  }

  /** Kiri became awake (from sleep or deep pause): a run that fell due meanwhile happens now. */
  resume(): void {
    this.arm();
  }

  /** Resolves once no collection is under way (tests wait for a timer's run with it). */
  async settled(): Promise<void> {
    await this.running?.catch(() => {});
  }

  isTimerArmed(): boolean {
    return this.timer !== null;
  }

  cycleState(): CycleState {
    return cycleStateOf(this.options.powerState());
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.disarm();
    if (!this.started || this.cycleState() !== 'running') return;
    const now = this.options.clock();
    const due = nextRunAt(this.data.lastRunAt, this.data.config.updateIntervalMs, now);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, due - now));
    this.timer = this.timers.setTimeout(() => this.tick(), delay);
  }

  /** The timer fired: collect if Kiri is awake and the run is due; asleep, wait for resume(). */
  private tick(): void {
    this.timer = null;
    if (!this.started || this.cycleState() !== 'running') return;
    const now = this.options.clock();
    const due = nextRunAt(this.data.lastRunAt, this.data.config.updateIntervalMs, now);
    if (due > now) {
      this.arm();
      return;
    }
    this.collect('scheduled')
      .catch((error: unknown) => this.options.log.error('consciousness: collection failed', error))
      .finally(() => this.arm());
  }

  /** POST /api/consciousness/trigger: one collection now; refused in deep pause. */
  async trigger(): Promise<RunReport> {
    if (this.cycleState() === 'stopped') throw new HttpError(409, STREAM_STOPPED);
    const report = await this.collect('manual');
    this.arm();
    return report;
  }

  /** One collection at a time: a second call waits for the one under way. */
  collect(trigger: RunReport['trigger']): Promise<RunReport> {
    this.running ??= this.runCollection(trigger).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async answers(
    now: number,
  ): Promise<{ id: string; type: EntryType; answer: SourceAnswer }[]> {
    const { config } = this.data;
    const { timeZone } = this.options;
    const fixed = [
      {
        id: 'sentiment',
        type: 'sentiment' as const,
        answer: readSentimentSource({
          messages: this.options.ownerMessages(),
          now,
          ownerName: this.options.ownerName?.() ?? null,
        }),
      },
      {
        id: 'cosmic',
        type: 'cosmic' as const,
        answer: readCosmicSource({ now, place: config.place, timeZone }),
      },
      {
        id: 'cultural',
        type: 'cultural' as const,
        answer: readCulturalSource({ now, country: config.country, timeZone }),
      },
    ];
    // The network sources in parallel: each has its own time limit, so one slow feed delays the rest
    // by at most that.
    const fetched = await Promise.all([
      readWeatherSource({
        place: config.place,
        enabled: config.weather,
        baseUrl: this.options.weatherBaseUrl,
        fetch: this.options.fetch,
      }).then((answer) => ({ id: 'weather', type: 'weather' as const, answer })),
      ...config.feeds.map((feed) =>
        readFeedSource({ feed, fetch: this.options.fetch }).then((answer) => ({
          id: `feed:${feed.url}`,
          type: feed.kind,
          answer,
        })),
      ),
    ]);
    const noFeeds =
      config.feeds.length === 0
        ? [
            {
              id: 'news',
              type: 'news' as const,
              answer: { kind: 'not-configured', reason: 'No news feed set' } as const,
            },
            {
              id: 'trends',
              type: 'trends' as const,
              answer: { kind: 'not-configured', reason: 'No trends feed set' } as const,
            },
          ]
        : [];
    return [...fixed, ...fetched, ...noFeeds];
  }

  private async runCollection(trigger: RunReport['trigger']): Promise<RunReport> {
    const now = this.options.clock();
    const results = await this.answers(now);
    const known = new Set(this.data.entries.map((entry) => entry.key));
    const recent: Pick<StreamEntry, 'content' | 'type'>[] =
      this.data.entries.slice(-NOVELTY_WINDOW);
    const added: StreamEntry[] = [];
    const sources: SourceReport[] = [];
    for (const { id, type, answer } of results) {
      if (answer.kind !== 'entries') {
        sources.push({ id, type, outcome: answer.kind, added: 0, reason: answer.reason });
        if (answer.kind === 'skipped') {
          this.options.log.warn(`consciousness: source ${id} skipped: ${answer.reason}`);
        }
        continue;
      }
      let count = 0;
      for (const candidate of answer.candidates) {
        if (known.has(candidate.key)) continue;
        known.add(candidate.key);
        const novelty = noveltyOf(candidate.content, candidate.type, recent);
        const compound =
          candidate.compound ?? readSentiment(candidate.feelingText ?? candidate.content).compound;
        const entry: StreamEntry = {
          id: randomUUID(),
          key: candidate.key,
          type: candidate.type,
          content: candidate.content,
          at: now,
          significance: significanceOf(novelty, Math.abs(compound)),
          source: candidate.source,
          impact: impactOf({ compound }, novelty),
        };
        added.push(entry);
        recent.push(entry);
        count += 1;
      }
      sources.push({
        id,
        type,
        outcome: count > 0 ? 'added' : 'nothing-new',
        added: count,
        reason: count > 0 ? null : (answer.emptyReason ?? NOTHING_NEW),
      });
    }
    const report: RunReport = { at: now, trigger, added: added.length, sources };
    await this.options.store.update((data) => {
      data.entries.push(...added);
      if (data.entries.length > ENTRIES_CAP)
        data.entries.splice(0, data.entries.length - ENTRIES_CAP);
      data.collected += added.length;
      data.lastRunAt = now;
      data.lastRun = report;
    });
    this.options.log.info(`consciousness: ${trigger} collection added ${added.length} entries`);
    return report;
  }

  status(): ConsciousnessStatus {
    const data = this.data;
    const cycle = this.cycleState();
    const isStreaming = this.started && cycle === 'running';
    const now = this.options.clock();
    return {
      isStreaming,
      lastUpdate: data.lastRunAt === null ? null : iso(data.lastRunAt),
      dataPointsCollected: data.collected,
      updateInterval: data.config.updateIntervalMs,
      recentInsights: recentInsightsOf(data.entries).map(({ type, content, significance }) => ({
        type,
        content,
        significance,
      })),
      cycle,
      nextUpdate: isStreaming
        ? iso(Math.max(now, nextRunAt(data.lastRunAt, data.config.updateIntervalMs, now)))
        : null,
      sources: data.lastRun?.sources ?? [],
      lastRun: data.lastRun && {
        at: iso(data.lastRun.at),
        trigger: data.lastRun.trigger,
        added: data.lastRun.added,
      },
    };
  }

  /** GET /api/consciousness/data: the kept entries, newest first. */
  streamData(): StreamDataEntry[] {
    return [...this.data.entries].reverse().map((entry) => ({
      id: entry.id,
      type: entry.type,
      content: entry.content,
      timestamp: iso(entry.at),
      significance: entry.significance,
      source: entry.source,
      emotional_impact: entry.impact,
    }));
  }

  config(): StreamConfig {
    return this.data.config;
  }

  /** Saves the settings (already validated) and re-arms the cycle for a new interval. */
  async configure(
    next: Omit<StreamConfig, 'changedAt' | 'changedBy'>,
    by: string,
  ): Promise<StreamConfig> {
    await this.options.store.update((data) => {
      data.config = { ...next, changedAt: this.options.clock(), changedBy: by };
    });
    this.options.log.info(`consciousness: settings saved by ${by}`);
    this.arm();
    return this.data.config;
  }

  /**
   * Read-only, for other dashboards (the hybrid protocol's web awareness): what the stream reads from the
   * web, as configured.
   */
  webSources(): { weather: boolean; feeds: number; newsFeeds: number; trendsFeeds: number } {
    const { config } = this.data;
    return {
      weather: config.weather && config.place !== null,
      feeds: config.feeds.length,
      newsFeeds: config.feeds.filter((feed) => feed.kind === 'news').length,
      trendsFeeds: config.feeds.filter((feed) => feed.kind === 'trends').length,
    };
  }

  /** The web sources configured, one per source, by kind (the hybrid protocol's web awareness reads it). */
  configuredFeeds(): { kind: 'weather' | 'news' | 'trends' }[] {
    const { config } = this.data;
    const weather = config.weather && config.place !== null ? [{ kind: 'weather' as const }] : [];
    return [...weather, ...config.feeds.map((feed) => ({ kind: feed.kind }))];
  }
}
