// The core systems dashboard's rules (server/core-systems, src/domain/core-systems.ts), one test per rule.
import { describe, expect, it } from 'vitest';
import { chainNodeOf } from '../../src/domain/core-systems';
import { emotionSyncOf, hybridCoreOf, selfEvolveOf } from '../../server/core-systems/core-modules';
import { dreamTriggerOf, lumoraOf } from '../../server/core-systems/dream-modules';
import {
  EMERGENCE_MEMORY_SOURCE,
  relationshipHistoryOf,
  DAY_MS,
} from '../../server/chat/relationship-history';
import {
  hushAgentOf,
  hushRulesOf,
  slipstreamHealthOf,
} from '../../server/core-systems/presence-modules';
import type { DevcoreStatus } from '../../server/devcore/devcore-service';
import type { MoodState } from '../../server/mood/mood-service';
import type { ConversationEntry } from '../../server/store/conversation-store';
import type { MemoryNode } from '../../server/store/memory-store';

const health = (name: string, ok: boolean | null = null) => ({
  name,
  ok,
  lastUsedAt: null,
  lastError: ok === false ? 'HTTP 500' : null,
  lastLatencyMs: null,
  successes: 0,
  failures: ok === false ? 1 : 0,
});

describe('chain node of a provider', () => {
  it('names the spec’s node from the provider’s name or model, or none', () => {
    expect(chainNodeOf({ name: 'groq', model: 'llama-3.1-70b' })).toBe('LLaMA');
    expect(chainNodeOf({ name: 'mistral-api', model: 'x' })).toBe('Mistral');
    expect(chainNodeOf({ name: 'google', model: 'gemini-2.0-flash' })).toBe('Gemini');
    expect(chainNodeOf({ name: 'openai', model: 'gpt-4o-mini' })).toBe('OpenAI');
    expect(chainNodeOf({ name: 'house', model: 'qwen2.5' })).toBeNull();
  });
});

describe('hybrid core', () => {
  it('only the local engine is there without a configured provider: 1 of 5 available', () => {
    const core = hybridCoreOf({
      chain: [health('local')],
      currentProvider: 'local',
      providers: [],
    });
    expect(core).toMatchObject({
      activeNode: 'local',
      availableNodes: 1,
      configuredNodes: 1,
      totalNodes: 5,
    });
  });

  it('a provider failing at its last try is configured but not available; the active node is the answering one', () => {
    const core = hybridCoreOf({
      chain: [health('openai', false), health('local', true)],
      currentProvider: 'local',
      providers: [{ name: 'openai', model: 'gpt-4o' }],
    });
    const openai = core.nodes.find((node) => node.name === 'OpenAI')!;
    expect(openai).toMatchObject({
      configured: true,
      available: false,
      failures: 1,
      lastError: 'HTTP 500',
    });
    expect(core).toMatchObject({ activeNode: 'local', availableNodes: 1, configuredNodes: 2 });
  });
});

describe('self-evolve', () => {
  const status = (scan: DevcoreStatus['scan']): DevcoreStatus => ({
    active: true,
    uptime: 0,
    lastScan: scan ? '2026-01-15T08:00:00.000Z' : null,
    evolutionMetrics: {
      conversationAccuracy: null,
      emotionalResonance: null,
      responseQuality: null,
      userSatisfaction: null,
      adaptationSuccess: null,
    },
    version: 'v1.6',
    scan,
    jobs: [],
  });

  it('health score is the share of files the last scan found sound, null before any scan', () => {
    expect(
      selfEvolveOf({ devcore: status(null), cycles: 0, lastPulse: null }).healthScore,
    ).toBeNull();
    const damaged = status({
      ok: false,
      trigger: 'manual',
      checked: 8,
      problems: ['a.json: bad', 'b.json: bad'],
    });
    expect(selfEvolveOf({ devcore: damaged, cycles: 3, lastPulse: null })).toMatchObject({
      healthScore: 75,
      evolutionCycles: 3,
    });
  });
});

describe('relationship history', () => {
  const now = Date.UTC(2026, 0, 15);
  const message = (at: number, sender: 'user' | 'kiri' = 'user'): ConversationEntry => ({
    id: String(at),
    message: 'hi',
    sender,
    timestamp: at,
    replyToId: null,
    emotionalState: null,
    sessionId: '2026-01-15',
    answersId: null,
  });
  const node = (source: string, timestamp = now - DAY_MS) => ({ source, timestamp }) as MemoryNode;

  it('counts days since the first message, the owner’s messages, and memories less emergence moments', () => {
    const history = relationshipHistoryOf({
      log: [message(now - 3 * DAY_MS), message(now - DAY_MS, 'kiri'), message(now - 1000)],
      nodes: [node('chat'), node('user'), node(EMERGENCE_MEMORY_SOURCE)],
      accountCreatedAt: null,
      now,
    });
    expect(history).toEqual({ daysKnown: 3, ownerMessages: 2, memories: 2 });
  });

  it('days count from the account’s creation when the capped log forgot the first message', () => {
    const history = relationshipHistoryOf({
      log: [message(now - DAY_MS)],
      nodes: [],
      accountCreatedAt: now - 10 * DAY_MS,
      now,
    });
    expect(history.daysKnown).toBe(10);
  });

  it('days count from the oldest memory kept when the capped log forgot the first message', () => {
    const history = relationshipHistoryOf({
      log: [message(now - DAY_MS)],
      nodes: [node('chat', now - 20 * DAY_MS), node(EMERGENCE_MEMORY_SOURCE, now - 40 * DAY_MS)],
      accountCreatedAt: null,
      now,
    });
    // Kiri's own emergence moments neither count as memories nor date the relationship.
    expect(history.daysKnown).toBe(20);
  });

  it('nothing said yet: day 0', () => {
    expect(
      relationshipHistoryOf({ log: [], nodes: [], accountCreatedAt: now - DAY_MS, now }).daysKnown,
    ).toBe(0);
  });
});

describe('emotion sync', () => {
  const mood = (mode: MoodState['mode'], ownerFeeling: number, messagesRead = 3) =>
    ({ mode, ownerFeeling, messagesRead, intensity: 0.5, reason: '', color: '#000' }) as MoodState;

  it('in sync when Kiri’s mode answers the feeling, out of it when calm meets sadness', () => {
    expect(emotionSyncOf(mood('nurturing', -0.4)).synced).toBe(true);
    expect(emotionSyncOf(mood('calm', -0.4)).synced).toBe(false);
    expect(emotionSyncOf(mood('calm', 0.4)).synced).toBe(true);
    expect(emotionSyncOf(mood('protective', 0.4)).synced).toBe(false);
    expect(emotionSyncOf(mood('calm', 0, 0)).synced).toBe(true);
  });
});

describe('hush rules and hush agent', () => {
  it('the hush agent’s seeds are its rules: 6 jobs × 3 power states and the quiet hours’ 2', () => {
    expect(hushRulesOf()).toHaveLength(20);
  });

  it('awake at 16:00 nothing is held; at 03:00 the nudge and the thought; in deep pause everything', () => {
    const zone = 'Asia/Shanghai';
    expect(
      hushAgentOf({ now: Date.UTC(2026, 0, 15, 8), timeZone: zone, power: 'awake' }),
    ).toMatchObject({
      status: 'listening',
      held: [],
    });
    expect(
      hushAgentOf({ now: Date.UTC(2026, 0, 15, 19), timeZone: zone, power: 'awake' }).held,
    ).toEqual(['nudge', 'thought']);
    expect(
      hushAgentOf({ now: Date.UTC(2026, 0, 15, 8), timeZone: zone, power: 'deep-pause' }).held,
    ).toHaveLength(6);
  });
});

describe('slipstream health', () => {
  it('counts live records only, and is conflicted when refusals outnumber replays', () => {
    const record = (at: number) => ({ at }) as never;
    const health = slipstreamHealthOf({
      records: { a: record(100), b: record(9_000) },
      gates: [
        { replays: 1, conflicts: 2, inFlight: 0 },
        { replays: 0, conflicts: 1, inFlight: 1 },
      ],
      now: 10_000,
      liveFor: 5_000,
    });
    expect(health).toMatchObject({
      status: 'conflicted',
      recordsHeld: 1,
      replaysAnswered: 1,
      conflictsRefused: 3,
      inFlight: 1,
    });
  });
});

describe('dream trigger and lumora', () => {
  const now = Date.UTC(2026, 0, 15);
  it('armed only while sleeping and an hour after the last dream', () => {
    const base = { dreams: 0, shareableMemories: 0, now };
    expect(dreamTriggerOf({ ...base, power: 'awake', lastDreamAt: null }).status).toBe('awake');
    expect(dreamTriggerOf({ ...base, power: 'sleeping', lastDreamAt: null }).status).toBe('armed');
    expect(
      dreamTriggerOf({ ...base, power: 'sleeping', lastDreamAt: now - 10 * 60_000 }).status,
    ).toBe('resting');
    expect(
      dreamTriggerOf({ ...base, power: 'sleeping', lastDreamAt: now - 61 * 60_000 }).status,
    ).toBe('armed');
  });

  it('lumora is lit when awake and names how she was last woken', () => {
    const lumora = lumoraOf({
      power: 'awake',
      since: now,
      history: [
        { from: 'awake', to: 'sleeping', action: 'enable', at: now - 2000, by: null },
        { from: 'sleeping', to: 'awake', action: 'voice-wake', at: now, by: null },
      ],
    });
    expect(lumora).toMatchObject({ lit: true, lastWokenBy: 'voice-wake', voiceWakes: 1 });
  });
});
