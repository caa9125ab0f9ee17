// The hybrid protocol's rules (spec 001 §2 "Hybrid AI protocol dashboard", §3, §9), shared by the server
// (which computes the status) and the dashboard (which colours it). docs/hybrid-protocol.md says where each
// value comes from.

/** The version of this status contract (GET /api/hybrid-protocol-status): raised when its shape changes. */
export const HYBRID_PROTOCOL_VERSION = '1.0';

/** The name the provider chain gives its last node, the on-device engine (server/companion/providers.ts). */
export const LOCAL_ENGINE = 'local';

/** The two settings' range; each is a share from 0 to 1. */
export const SETTING_MIN = 0;
export const SETTING_MAX = 1;
export const DEFAULT_DEVELOPMENT_RATE = 0.5;
/** At this depth the mood's intensity reaches the companion unchanged. */
export const DEFAULT_EMOTIONAL_DEPTH = 0.5;

export interface HybridConfig {
  encryptionEnabled: boolean;
  localFallbackEnabled: boolean;
  webAwarenessEnabled: boolean;
  consciousnessDevelopmentRate: number;
  emotionalDepth: number;
}

export interface HybridEvolutionMetrics {
  /** 0 to 1, or null before there is anything to measure. */
  emotionalComplexityScore: number | null;
  conversationalAdaptation: number | null;
  culturalUnderstanding: number | null;
  /** ms since the epoch of the newest conversation entry the metrics were computed from, or null. */
  lastEvolutionTimestamp: number | null;
}

export interface HybridProtocolStatus {
  protocolVersion: string;
  config: HybridConfig;
  /** emergenceOf()'s level (src/domain/emergence.ts), 0 to 1. */
  consciousnessLevel: number;
  evolutionMetrics: HybridEvolutionMetrics;
}

export const CAPABILITY_KEYS = [
  'imageGeneration',
  'essayWriting',
  'codeGeneration',
  'analysis',
  'creativeWriting',
  'translation',
] as const;
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number];
export type AdvancedCapabilities = Record<CapabilityKey, boolean>;

export const CAPABILITY_LABELS: Record<CapabilityKey, string> = {
  imageGeneration: 'Image Generation',
  essayWriting: 'Essay Writing',
  codeGeneration: 'Code Generation',
  analysis: 'Analysis',
  creativeWriting: 'Creative Writing',
  translation: 'Translation',
};

export interface ChainNode {
  name: string;
  /** false when its last try failed; null before any. */
  ok: boolean | null;
}

/**
 * What the provider chain can do now. A configured language model (any node but the local engine) whose
 * last try did not fail writes essays, code, stories and translations. The local engine reads every
 * message's feeling and intent, which is analysis, and cannot write the rest. No node of Kiri's chain
 * makes pictures (the chain speaks chat completions only), so image generation is never active.
 */
export function capabilitiesOf(chain: readonly ChainNode[]): AdvancedCapabilities {
  const model = chain.some((node) => node.name !== LOCAL_ENGINE && node.ok !== false);
  const local = chain.some((node) => node.name === LOCAL_ENGINE);
  return {
    imageGeneration: false,
    essayWriting: model,
    codeGeneration: model,
    analysis: model || local,
    creativeWriting: model,
    translation: model,
  };
}

/** Local fallback: the on-device engine is a node of the chain (it answers when every provider fails). */
export function hasLocalFallback(chain: readonly ChainNode[]): boolean {
  return chain.some((node) => node.name === LOCAL_ENGINE);
}

export type BarColour = 'green' | 'yellow' | 'red';

/** Spec 001 §2: a hybrid bar of 0.8 or more is green, 0.6 or more yellow, otherwise red. */
export function hybridBarColour(value: number): BarColour {
  if (value >= 0.8) return 'green';
  if (value >= 0.6) return 'yellow';
  return 'red';
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The emotional depth setting scales the mood's intensity that the companion hears (the local engine's
 * style and the providers' prompt both read it): at the default depth nothing changes, at 0 Kiri speaks
 * without the mood's colour, at 1 the mood is felt twice as strongly (at most 1).
 */
export function feltIntensity(intensity: number, emotionalDepth: number): number {
  const base = Number.isFinite(intensity) ? intensity : 0.5;
  return Math.round(clamp01((base * emotionalDepth) / DEFAULT_EMOTIONAL_DEPTH) * 100) / 100;
}

/** A share 0..1 as the bars and tiles show it: '73%'. */
export function percentText(value: number): string {
  return `${Math.round(value * 100)}%`;
}
