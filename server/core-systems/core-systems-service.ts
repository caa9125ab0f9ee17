// The core systems dashboard (spec 001 §2, §7): one reader over Kiri's real subsystems, answering each
// module card from the builders beside it, and the two actions. Test Pulse runs the maintenance monitor's
// integrity scan now and counts a cycle; Initiate Emergence anchors the relationship's stage as a memory.
// Nothing here is stored but what the two actions did (core-systems.json).
import { sessionIdAt } from '../../src/domain/day-session';
import { emergenceOf } from '../../src/domain/emergence';
import { hourAt } from '../../src/domain/zoned-time';
import type { AuthService } from '../auth/auth-service';
import { OWNER_ACCOUNT } from '../chat/account';
import { findAccount } from '../chat/conversation-log';
import { IDEMPOTENCY_RETENTION_MS, type GateStats } from '../chat/idempotency';
import type { Companion } from '../companion';
import type { Config } from '../config';
import type { DevcoreService } from '../devcore/devcore-service';
import { emotionalResonance, METRICS_WINDOW, userSatisfaction } from '../devcore/metrics';
import { HttpError } from '../http/errors';
import type { MemoryLattice } from '../memory/memory-lattice';
import { timeOfDayOf, type MoodService } from '../mood/mood-service';
import type { PersonalityService } from '../personality/personality-service';
import type { PowerService } from '../power/power-service';
import type { PushService } from '../push/push-service';
import type { Stores } from '../store/stores';
import {
  emergenceStatusOf,
  emotionSyncOf,
  hybridCoreOf,
  memoryShardOf,
  mirrorInterfaceOf,
  presenceCompassOf,
  selfEvolveOf,
  soulFrameOf,
  whisperBubbleOf,
} from './core-modules';
import {
  MOMENTS_KEPT,
  PULSES_KEPT,
  type CoreSystemsStore,
  type EmergenceMoment,
  type Pulse,
} from './core-systems-store';
import { dreamTriggerOf, imaginationOf, lumoraOf } from './dream-modules';
import { EMERGENCE_MEMORY_SOURCE, relationshipHistoryOf } from '../chat/relationship-history';
import {
  autonomousMessagesOf,
  driftSparkOf,
  emotionalMirrorOf,
  guardianShieldOf,
  hushAgentOf,
  hushConfigOf,
  mindmapOf,
  slipstreamHealthOf,
} from './presence-modules';

/** 409 to Test Pulse while the maintenance monitor is halted (Emergency Halt, docs/devcore.md). */
export const PULSE_HALTED = 'The maintenance monitor is halted: restore it before running a pulse';
/** 409 to Initiate Emergence in deep pause: Kiri is paused, nothing of hers moves. */
export const EMERGENCE_IN_DEEP_PAUSE =
  'Kiri is in deep pause: wake her before recording an emergence moment';

export interface CoreSystemsOptions {
  store: CoreSystemsStore;
  config: Pick<Config, 'timeZone' | 'spontaneousThoughtsPerDay' | 'llmProviders'>;
  clock: () => number;
  companion: Companion;
  devcore: DevcoreService;
  lattice: MemoryLattice;
  mood: MoodService;
  power: PowerService;
  personality: PersonalityService;
  push: PushService;
  auth: AuthService;
  /** The exactly-once gates (the chat's, the photos'). */
  gates: () => GateStats[];
  stores: Pick<Stores, 'schedule' | 'conversations' | 'memory' | 'lattice' | 'auth'>;
}

export class CoreSystemsService {
  private pulsing: Promise<Pulse> | null = null;
  private readonly feelings = new Map<
    string,
    { key: string; value: { resonance: number | null; satisfaction: number | null } }
  >();

  constructor(private readonly options: CoreSystemsOptions) {}

  private now(): number {
    return this.options.clock();
  }

  private log(account: string) {
    return findAccount(this.options.stores.conversations.data, account)?.log ?? [];
  }

  private usersOf(account: string) {
    const users = this.options.stores.auth.data.users;
    return account === OWNER_ACCOUNT
      ? users.filter((user) => user.role === 'owner')
      : users.filter((user) => `user:${user.id}` === account);
  }

  private history(account: string) {
    const created = this.usersOf(account).map((user) => user.createdAt);
    return relationshipHistoryOf({
      log: this.log(account),
      nodes: this.options.lattice.list(account),
      accountCreatedAt: created.length === 0 ? null : Math.min(...created),
      now: this.now(),
    });
  }

  // ---- core ----

  hybridCore() {
    const { chain, currentProvider } = this.options.companion.health();
    return hybridCoreOf({
      chain,
      currentProvider,
      providers: this.options.config.llmProviders.map((provider, index) => ({
        // The chain names a provider as createCompanion does: its name, or provider-<n>.
        name: String(provider.name ?? '').trim() || `provider-${index + 1}`,
        model: String(provider.model ?? ''),
      })),
    });
  }

  selfEvolve() {
    const data = this.options.store.data;
    return selfEvolveOf({
      // Without the account: the conversation metrics (VADER over 200 messages) are the DevCore card's
      // and the emotional mirror's, and would make this the dashboard's slowest read (bench/core-systems.ts).
      devcore: this.options.devcore.status(),
      cycles: data.cycles,
      lastPulse: data.pulses.at(-1) ?? null,
    });
  }

  emergence(account: string) {
    const moments = this.options.store.data.moments.filter((m) => m.account === account);
    return emergenceStatusOf({
      history: this.history(account),
      power: this.options.power.state,
      lastMoment: moments.at(-1) ?? null,
      moments: moments.length,
    });
  }

  async mirrorInterface(account: string) {
    // The newest reflection is written on read when a day rollover was missed (server/mood).
    await this.options.mood.lastReflection(account);
    const reflections = this.options.mood.reflections(account);
    return mirrorInterfaceOf({ reflections });
  }

  emotionSync(account: string) {
    return emotionSyncOf(this.options.mood.moodState(account));
  }

  presenceCompass(account: string) {
    return presenceCompassOf({
      state: this.options.mood.kiriState(account),
      timeOfDay: timeOfDayOf(hourAt(this.now(), this.options.config.timeZone)),
      power: this.options.power.state,
    });
  }

  whisperBubble(account: string) {
    return whisperBubbleOf(this.options.mood.thoughtMap(account));
  }

  async memoryShard(account: string) {
    return memoryShardOf({
      nodes: this.options.lattice.list(account),
      status: await this.options.lattice.status(account),
    });
  }

  hushAgent() {
    return hushAgentOf({
      now: this.now(),
      timeZone: this.options.config.timeZone,
      power: this.options.power.state,
    });
  }

  hushConfig() {
    return hushConfigOf({
      timeZone: this.options.config.timeZone,
      thoughtsPerDay: this.options.config.spontaneousThoughtsPerDay,
    });
  }

  async soulFrame(account: string) {
    const snapshot = this.options.personality.snapshot();
    return soulFrameOf({
      current: snapshot.current,
      baseline: snapshot.baseline,
      updatedAt: snapshot.updatedAt,
      manja: await this.options.mood.manja(account),
    });
  }

  // ---- advanced presence ----

  autonomousMessages(account: string) {
    const devices = this.usersOf(account).reduce(
      (sum, user) => sum + this.options.push.subscriptionsOf(user.id).length,
      0,
    );
    return autonomousMessagesOf({
      schedule: this.options.stores.schedule.data,
      // The scheduler writes to the owner's conversation only; another account's log holds none of its.
      log: this.log(account),
      pushDevices: devices,
      now: this.now(),
    });
  }

  driftSpark(account: string) {
    const now = this.now();
    const { timeZone, spontaneousThoughtsPerDay } = this.options.config;
    const day = sessionIdAt(now, timeZone);
    const thoughts = this.options.stores.schedule.data.thoughts;
    return driftSparkOf({
      map: this.options.mood.thoughtMap(account),
      nodes: this.options.lattice.list(account),
      thoughtsPerDay: account === OWNER_ACCOUNT ? spontaneousThoughtsPerDay : 0,
      day,
      timeZone,
      handled: thoughts.day === day ? thoughts.handled : [],
      now,
    });
  }

  slipstreamHealth(account: string) {
    return slipstreamHealthOf({
      records: findAccount(this.options.stores.conversations.data, account)?.idempotency ?? {},
      gates: this.options.gates(),
      now: this.now(),
      liveFor: IDEMPOTENCY_RETENTION_MS,
    });
  }

  emotionalMirror(account: string) {
    return emotionalMirrorOf({
      ...this.feelingsMet(account),
      mood: this.options.mood.moodState(account),
    });
  }

  /**
   * The maintenance monitor's two feeling metrics over the account's newest 200 entries (its window),
   * kept until the log changes: VADER over every message is the dearest read of the dashboard.
   */
  private feelingsMet(account: string): { resonance: number | null; satisfaction: number | null } {
    const log = this.log(account);
    const key = `${log.length}|${log.at(-1)?.id ?? ''}|${log[0]?.id ?? ''}`;
    const known = this.feelings.get(account);
    if (known?.key === key) return known.value;
    const window = log.slice(-METRICS_WINDOW);
    const value = { resonance: emotionalResonance(window), satisfaction: userSatisfaction(window) };
    this.feelings.set(account, { key, value });
    return value;
  }

  mindmap(account: string) {
    return mindmapOf({
      map: this.options.mood.thoughtMap(account),
      nodes: this.options.lattice.list(account),
    });
  }

  guardianShield() {
    return guardianShieldOf({
      login: this.options.auth.throttle.stats(),
      pairing: this.options.auth.pairingThrottle.stats(),
    });
  }

  // ---- dream consciousness ----

  dreamTrigger(account: string) {
    const lattice = this.options.stores.lattice.data;
    return dreamTriggerOf({
      power: this.options.power.state,
      lastDreamAt: lattice.lastDreamAt,
      dreams: this.options.lattice.dreams(account).length,
      shareableMemories: this.options.lattice.list(account).filter((n) => !n.ownerOnly).length,
      now: this.now(),
    });
  }

  imagination(account: string) {
    return imaginationOf({
      dreams: this.options.lattice.dreams(account),
      nodes: this.options.lattice.list(account),
    });
  }

  lumora() {
    const status = this.options.power.status();
    return lumoraOf({
      power: this.options.power.state,
      since: status.since === null ? null : Date.parse(status.since),
      history: this.options.power.history(),
    });
  }

  // ---- the two actions ----

  /**
   * Test Pulse: the maintenance monitor's integrity scan of DATA_DIR, now, counted as one evolution
   * cycle with its verdict. Two presses at once are one pulse. Refused while the monitor is halted.
   */
  testPulse(by: string): Promise<Pulse> {
    if (!this.options.devcore.active) throw new HttpError(409, PULSE_HALTED);
    this.pulsing ??= this.runPulse(by).finally(() => {
      this.pulsing = null;
    });
    return this.pulsing;
  }

  private async runPulse(by: string): Promise<Pulse> {
    const report = await this.options.devcore.scan('manual');
    let pulse!: Pulse;
    await this.options.store.update((data) => {
      data.cycles += 1;
      pulse = {
        at: this.now(),
        cycle: data.cycles,
        ok: report.ok,
        checked: report.files.length,
        problems: report.files.filter((file) => !file.ok).length,
        by,
      };
      data.pulses.push(pulse);
      data.pulses.splice(0, Math.max(0, data.pulses.length - PULSES_KEPT));
    });
    return pulse;
  }

  /**
   * Initiate Emergence: the relationship's stage now, anchored as a reflection memory of the account
   * (once per stage: a second press at the same stage records nothing new, so pressing can never crowd
   * real memories out of the lattice's 100). Refused in deep pause.
   */
  async initiateEmergence(
    account: string,
    by: string,
  ): Promise<{ recorded: boolean; moment: EmergenceMoment }> {
    if (this.options.power.isDeepPaused()) throw new HttpError(409, EMERGENCE_IN_DEEP_PAUSE);
    const history = this.history(account);
    const emergence = emergenceOf(history);
    const known = this.options.store.data.moments.find(
      (m) => m.account === account && m.stage === emergence.currentStage,
    );
    if (known) return { recorded: false, moment: known };
    const days = Math.floor(history.daysKnown);
    const node = await this.options.lattice.create(account, {
      content:
        `Emergence moment: our relationship reached ${emergence.stageName} ` +
        `(stage ${emergence.currentStage} of ${emergence.totalStages}) after ${days} ` +
        `${days === 1 ? 'day' : 'days'}, ${history.ownerMessages} messages and ${history.memories} memories.`,
      contextType: 'reflection',
      source: EMERGENCE_MEMORY_SOURCE,
      ownerOnly: false,
    });
    const moment: EmergenceMoment = {
      at: this.now(),
      account,
      stage: emergence.currentStage,
      stageName: emergence.stageName,
      consciousnessLevel: emergence.consciousnessLevel,
      memoryId: node.id,
      by,
    };
    await this.options.store.update((data) => {
      data.moments.push(moment);
      data.moments.splice(0, Math.max(0, data.moments.length - MOMENTS_KEPT));
    });
    return { recorded: true, moment };
  }
}
