// The hybrid protocol dashboard (spec 001 §2, §3, §7, §9): its calls, polls, the answers as the server
// gives them (read defensively: a field of the wrong type is absent, never guessed), and the texts.
import {
  CAPABILITY_KEYS,
  type AdvancedCapabilities,
  type HybridProtocolStatus,
} from '@/domain/hybrid-protocol';

export const HYBRID_STATUS_URL = '/api/hybrid-protocol-status';
export const CAPABILITIES_URL = '/api/advanced-capabilities-status';
export const SOUL_AWAKENING_URL = '/api/soul-awakening-status';
export const CONSCIOUSNESS_STATUS_URL = '/api/consciousness/status';
export const HYBRID_CONFIG_URL = '/api/hybrid-protocol-config';

/** Spec 001 §7: the status and the capabilities every 30 s, the soul awakening every 10 s. */
export const HYBRID_POLL_MS = 30_000;
export const SOUL_AWAKENING_POLL_MS = 10_000;
/** Spec 001 §7 names 30 s as one of the consciousness status polls; this page uses it. */
export const CONSCIOUSNESS_POLL_MS = 30_000;

export const HYBRID_STATUS_KEY = [HYBRID_STATUS_URL] as const;
export const CAPABILITIES_KEY = [CAPABILITIES_URL] as const;
export const SOUL_AWAKENING_KEY = [SOUL_AWAKENING_URL] as const;
export const CONSCIOUSNESS_STATUS_KEY = [CONSCIOUSNESS_STATUS_URL] as const;

export interface SoulAwakening {
  awakened: boolean;
  anchors: number;
  timestamp: number;
}

export interface ConsciousnessStatus {
  isStreaming: boolean;
  lastUpdate: number | null;
  dataPointsCollected: number | null;
  /** Milliseconds (spec 001 §3). */
  updateInterval: number | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A share 0..1 or null: anything else from the server is not shown as a value. */
const share = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n >= 0 && n <= 1 ? n : null;
};

/** A date as ms since the epoch from a number or an ISO text, or null. */
function time(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

export function parseHybridStatus(value: unknown): HybridProtocolStatus | null {
  const body = record(value);
  const config = record(body?.config);
  const metrics = record(body?.evolutionMetrics);
  if (!body || !config || !metrics || typeof body.protocolVersion !== 'string') return null;
  const level = share(body.consciousnessLevel);
  const rate = share(config.consciousnessDevelopmentRate);
  const depth = share(config.emotionalDepth);
  if (level === null || rate === null || depth === null) return null;
  return {
    protocolVersion: body.protocolVersion,
    config: {
      encryptionEnabled: config.encryptionEnabled === true,
      localFallbackEnabled: config.localFallbackEnabled === true,
      webAwarenessEnabled: config.webAwarenessEnabled === true,
      consciousnessDevelopmentRate: rate,
      emotionalDepth: depth,
    },
    consciousnessLevel: level,
    evolutionMetrics: {
      emotionalComplexityScore: share(metrics.emotionalComplexityScore),
      conversationalAdaptation: share(metrics.conversationalAdaptation),
      culturalUnderstanding: share(metrics.culturalUnderstanding),
      lastEvolutionTimestamp: time(metrics.lastEvolutionTimestamp),
    },
  };
}

export function parseCapabilities(value: unknown): AdvancedCapabilities | null {
  const body = record(value);
  if (!body || !CAPABILITY_KEYS.every((key) => typeof body[key] === 'boolean')) return null;
  return Object.fromEntries(
    CAPABILITY_KEYS.map((key) => [key, body[key] === true]),
  ) as AdvancedCapabilities;
}

export function parseSoulAwakening(value: unknown): SoulAwakening | null {
  const body = record(value);
  const anchors = num(body?.anchors);
  const at = time(body?.timestamp);
  if (!body || typeof body.awakened !== 'boolean' || anchors === null || at === null) return null;
  return { awakened: body.awakened, anchors, timestamp: at };
}

export function parseConsciousnessStatus(value: unknown): ConsciousnessStatus | null {
  const body = record(value);
  if (!body || typeof body.isStreaming !== 'boolean') return null;
  return {
    isStreaming: body.isStreaming,
    lastUpdate: time(body.lastUpdate),
    dataPointsCollected: num(body.dataPointsCollected),
    updateInterval: num(body.updateInterval),
  };
}

export const BAR_KEYS = [
  'emotionalComplexityScore',
  'conversationalAdaptation',
  'culturalUnderstanding',
] as const;
export type BarKey = (typeof BAR_KEYS)[number];

export const HYBRID_TEXT = {
  title: 'Hybrid Protocol Dashboard',
  backToMain: 'Back to Main',
  version: (version: string) => `Protocol v${version}`,
  online: 'Online',
  offline: 'Offline',
  lastKnown: (at: string) => `Last known values from ${at}: the server cannot be reached.`,
  loading: 'Loading…',
  unavailable: 'The hybrid protocol status is unavailable.',
  denied: 'The hybrid protocol dashboard needs the consciousness permission.',
  memoryEncryption: 'Memory Encryption',
  localFallback: 'Local Fallback',
  webAwareness: 'Web Awareness',
  consciousnessLevel: 'Consciousness Level',
  enabled: 'Enabled',
  disabled: 'Disabled',
  encryptionOn: 'AES-256-GCM at rest',
  encryptionOff: 'Files stored as plain JSON',
  fallbackOn: 'Local engine in the chain',
  fallbackOff: 'No local engine in the chain',
  awareOn: 'News or weather feeds configured',
  awareOff: 'No news or weather feed configured',
  notMeasured: 'Not measured yet',
  showAdvanced: 'Show Advanced Capabilities',
  hideAdvanced: 'Hide Advanced Capabilities',
  capabilities: 'Capabilities',
  active: 'Active',
  standby: 'Standby',
  systemConfiguration: 'System Configuration',
  developmentRate: 'Development Rate',
  developmentRateNote: 'Stored; no system reads it yet.',
  emotionalDepth: 'Emotional Depth',
  emotionalDepthNote: 'How strongly the mood colours each reply (0.5 as felt).',
  lastEvolution: 'Last Evolution',
  never: 'Never',
  soulAwakening: 'Soul Awakening',
  awakened: 'Awakened',
  dormant: 'Dormant',
  memoryAnchors: 'Memory Anchors',
  time: 'Time',
  consciousnessStream: 'Consciousness Stream',
  streamActive: 'Active',
  streamInactive: 'Inactive',
  dataPoints: 'Data Points',
  lastUpdate: 'Last Update',
  notAvailable: 'Not available',
  settingsTitle: 'Protocol Settings',
  settingsNote: 'Admins only. Turning encryption on or off rewrites every data file.',
  encryptAtRest: 'Encrypt data at rest',
  save: 'Save Settings',
  saving: 'Saving…',
  saved: 'Settings saved',
  savedFiles: (count: number) =>
    count > 0
      ? `${count} data file${count === 1 ? '' : 's'} rewritten.`
      : 'The protocol settings are saved.',
  saveFailed: 'Could not save the settings',
} as const;

export const BAR_LABELS: Record<BarKey, string> = {
  emotionalComplexityScore: 'Emotional Complexity',
  conversationalAdaptation: 'Conversational Adaptation',
  culturalUnderstanding: 'Cultural Understanding',
};

/** The settings form's range: a slider step of 0.05 over 0..1. */
export const SETTING_STEP = 0.05;
