// The core group's cards (spec 001 §2): plain builders from what the subsystems report. Each field is a
// real reading; docs/core-systems.md says where each comes from.
import {
  emergenceOf,
  EMERGENCE_STAGES,
  type RelationshipHistory,
} from '../../src/domain/emergence';
import { chainNodeOf, SPEC_CHAIN_NODES } from '../../src/domain/core-systems';
import { toneLabel, type Dimensions } from '../../src/domain/personality';
import type { ProviderHealth } from '../../src/engine/companion/types';
import type { DevcoreStatus } from '../devcore/devcore-service';
import type { MemoryStatus } from '../memory/memory-lattice';
import type {
  KiriState,
  ManjaAnswer,
  MoodState,
  ThoughtMap,
  TimeOfDay,
} from '../mood/mood-service';
import type { Reflection } from '../mood/mood-store';
import type { PowerState } from '../power/power-rules';
import type { MemoryNode } from '../store/memory-store';
import type { EmergenceMoment, Pulse } from './core-systems-store';

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
const round2 = (value: number) => Math.round(value * 100) / 100;

export interface ChainNode {
  name: string;
  /** The configured provider that fills it (its name), 'local' for the engine, null when none does. */
  provider: string | null;
  configured: boolean;
  /** Configured and not failing at its last try (the local engine is always there). */
  available: boolean;
  /** Its place in the real chain (1 is tried first), null when not configured. */
  priority: number | null;
  successes: number;
  failures: number;
  lastError: string | null;
}

/**
 * Rule 'hybrid core': the spec's five nodes (local, LLaMA, Mistral, Gemini, OpenAI), each filled by the
 * configured provider whose name or model names it; a configured provider that names none is a node of its
 * own. Nothing unconfigured is ever counted available. The real order is the chain's: providers first, the
 * local engine last, as the fallback.
 */
export function hybridCoreOf(input: {
  chain: readonly ProviderHealth[];
  currentProvider: string;
  providers: readonly { name: string; model: string }[];
}) {
  const health = new Map(input.chain.map((entry) => [entry.name, entry]));
  const nodes: ChainNode[] = [];
  const filled = new Map<string, { name: string; index: number }>();
  const extras: { name: string; index: number }[] = [];
  input.providers.forEach((provider, index) => {
    const node = chainNodeOf(provider);
    if (node && !filled.has(node)) filled.set(node, { name: provider.name, index });
    else extras.push({ name: provider.name, index });
  });
  const nodeOf = (name: string, provider: { name: string; index: number } | null): ChainNode => {
    const h = provider ? health.get(provider.name) : undefined;
    return {
      name,
      provider: provider?.name ?? null,
      configured: provider !== null,
      available: provider !== null && h?.ok !== false,
      priority: provider ? provider.index + 1 : null,
      successes: h?.successes ?? 0,
      failures: h?.failures ?? 0,
      lastError: h?.lastError ?? null,
    };
  };
  for (const name of SPEC_CHAIN_NODES) {
    if (name === 'local') {
      const local = health.get('local');
      nodes.push({
        name: 'local',
        provider: 'local',
        configured: true,
        available: true,
        priority: input.providers.length + 1,
        successes: local?.successes ?? 0,
        failures: local?.failures ?? 0,
        lastError: local?.lastError ?? null,
      });
    } else {
      nodes.push(nodeOf(name, filled.get(name) ?? null));
    }
  }
  for (const extra of extras) nodes.push(nodeOf(extra.name, extra));
  const active =
    nodes.find((node) => node.provider === input.currentProvider)?.name ?? input.currentProvider;
  return {
    status: 'online' as const,
    activeNode: active,
    activeProvider: input.currentProvider,
    availableNodes: nodes.filter((node) => node.available).length,
    configuredNodes: nodes.filter((node) => node.configured).length,
    totalNodes: nodes.length,
    nodes,
  };
}

/**
 * Rule 'self-evolve': the maintenance monitor's state. healthScore is the share of DATA_DIR's files the
 * last integrity scan found sound (100 when all are, null before any scan); evolutionCycles counts the
 * dashboard's maintenance pulses, each a full scan.
 */
export function selfEvolveOf(input: {
  devcore: DevcoreStatus;
  cycles: number;
  lastPulse: Pulse | null;
}) {
  const { devcore } = input;
  const scan = devcore.scan;
  const healthScore =
    scan === null || scan.checked === 0
      ? null
      : Math.round(((scan.checked - scan.problems.length) / scan.checked) * 100);
  return {
    status: devcore.active ? ('active' as const) : ('halted' as const),
    healthScore,
    evolutionCycles: input.cycles,
    lastCycleAt: iso(input.lastPulse?.at),
    lastScan: devcore.lastScan,
    lastScanTrigger: scan?.trigger ?? null,
    filesChecked: scan?.checked ?? 0,
    problems: scan?.problems ?? [],
    scanJobRunning: devcore.jobs.some((job) => job.running),
    nextScheduledScan: devcore.jobs.find((job) => job.running)?.nextRunAt ?? null,
    version: devcore.version,
  };
}

/** Rule 'emergence': the stage and level of src/domain/emergence.ts, with what they were read from. */
export function emergenceStatusOf(input: {
  history: RelationshipHistory;
  power: PowerState;
  lastMoment: EmergenceMoment | null;
  moments: number;
}) {
  const emergence = emergenceOf(input.history);
  return {
    coreIdentity: {
      mode: input.power === 'awake' ? 'emergent' : input.power,
      stageName: emergence.stageName,
    },
    consciousnessLevel: emergence.consciousnessLevel,
    currentStage: emergence.currentStage,
    totalStages: emergence.totalStages,
    nextStageName: emergence.nextStageName,
    stages: EMERGENCE_STAGES.map((stage) => stage.name),
    history: {
      daysKnown: Math.floor(input.history.daysKnown),
      ownerMessages: input.history.ownerMessages,
      memories: input.history.memories,
    },
    momentsRecorded: input.moments,
    lastMoment: input.lastMoment && {
      at: iso(input.lastMoment.at),
      stage: input.lastMoment.stage,
      stageName: input.lastMoment.stageName,
    },
  };
}

/** Rule 'mirror interface': the day's reflections Kiri writes on the conversation (server/mood). */
export function mirrorInterfaceOf(input: { reflections: readonly Reflection[] }) {
  const last = input.reflections.at(-1) ?? null;
  return {
    status: last ? ('reflecting' as const) : ('waiting' as const),
    reflectionsWritten: input.reflections.length,
    lastReflectionDay: last?.day ?? null,
    lastReflection: last?.text ?? null,
  };
}

/**
 * Rule 'emotion sync': Kiri's mood against the owner's recent feeling. In sync when the mode answers the
 * feeling: protective or nurturing under a negative feeling, calm or focused under a neutral or good one,
 * and anything when nothing was read (there is nothing to be out of sync with).
 */
export function emotionSyncOf(mood: MoodState) {
  const feeling = mood.ownerFeeling;
  const answers =
    mood.messagesRead === 0 ||
    mood.mode === 'urgent' ||
    mood.mode === 'alert' ||
    mood.mode === 'resting' ||
    (feeling < -0.05
      ? mood.mode === 'protective' || mood.mode === 'nurturing'
      : mood.mode === 'calm' || mood.mode === 'focused');
  return {
    synced: answers,
    kiriMode: mood.mode,
    intensity: mood.intensity,
    ownerFeeling: feeling,
    messagesRead: mood.messagesRead,
    reason: mood.reason,
    color: mood.color,
  };
}

/** Rule 'presence compass': where Kiri's attention is: her activity, the time of day, the power state. */
export function presenceCompassOf(input: {
  state: KiriState;
  timeOfDay: TimeOfDay;
  power: PowerState;
}) {
  return {
    heading: input.state.activity,
    currentActivity: input.state.currentActivity,
    since: input.state.since,
    timeOfDay: input.timeOfDay,
    powerState: input.power,
    mode: input.state.mode,
  };
}

/** Rule 'whisper bubble': the thought bubbles of the mood strip: the thought map's top focus terms. */
export function whisperBubbleOf(map: ThoughtMap, max = 3) {
  const whispers = map.focus.slice(0, max).map((term) => term.term);
  return {
    active: map.isThinking || whispers.length > 0,
    isThinking: map.isThinking,
    whispers,
    summary: map.contextSummary,
  };
}

/** Rule 'memory shard': memory.json's nodes for the account and the lattice's integrity. */
export function memoryShardOf(input: { nodes: readonly MemoryNode[]; status: MemoryStatus }) {
  const { nodes, status } = input;
  const byType: Record<string, number> = {};
  for (const node of nodes) byType[node.contextType] = (byType[node.contextType] ?? 0) + 1;
  const importance = nodes.reduce((sum, node) => sum + node.importance, 0);
  const links = nodes.reduce((sum, node) => sum + node.linkedNodes.length, 0) / 2;
  const newest = nodes.reduce<number | null>(
    (max, node) => (max === null || node.timestamp > max ? node.timestamp : max),
    null,
  );
  return {
    totalShards: status.totalNodes,
    activeThreads: status.activeThreads,
    links: Math.round(links),
    averageImportance: nodes.length === 0 ? null : round2(importance / nodes.length),
    byType,
    newestAt: iso(newest),
    integrity: status.corruptionDetected ? ('damaged' as const) : ('sound' as const),
    backupRequired: status.backupRequired,
    lastSnapshotAt: iso(status.lastSnapshotAt),
  };
}

/** Rule 'soul frame': Kiri's personality (current against baseline, the tone) and her affection (manja). */
export function soulFrameOf(input: {
  current: Dimensions;
  baseline: Dimensions;
  updatedAt: number | null;
  manja: ManjaAnswer;
}) {
  const keys = Object.keys(input.current) as (keyof Dimensions)[];
  const drift = keys.reduce(
    (sum, key) => sum + Math.abs(input.current[key] - input.baseline[key]),
    0,
  );
  return {
    tone: toneLabel(input.current),
    dimensions: input.current,
    driftFromBaseline: round2(drift / keys.length),
    personalityUpdatedAt: iso(input.updatedAt),
    affection: { level: input.manja.level, label: input.manja.label, fading: input.manja.fading },
  };
}
