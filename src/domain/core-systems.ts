// The core systems dashboard's modules (spec 001 §2 "Core Systems dashboard", §7): each module's call, its
// group on the page and its title. One list, read by the server (which mounts a route per module) and by
// the page (which fetches them all on 'Test All Core Systems'), so the two never disagree on a path.

export type CoreGroup = 'core' | 'presence' | 'dream';

export const CORE_GROUPS: ReadonlyArray<{ id: CoreGroup; title: string }> = [
  { id: 'core', title: 'Core Systems' },
  { id: 'presence', title: 'Advanced Presence' },
  { id: 'dream', title: 'Dream Consciousness' },
];

export interface CoreModule {
  /** The key of its card, and of its answer in the dashboard's state. */
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly group: CoreGroup;
  /** What real part of Kiri the card shows, in a few words (docs/core-systems.md says more). */
  readonly source: string;
}

export const CORE_MODULES: readonly CoreModule[] = [
  {
    id: 'hybrid',
    path: '/api/hybrid-core/status',
    title: 'Hybrid Core',
    group: 'core',
    source: 'The provider chain',
  },
  {
    id: 'selfEvolve',
    path: '/api/self-evolve/status',
    title: 'Self-Evolve',
    group: 'core',
    source: 'The maintenance monitor',
  },
  {
    id: 'emergence',
    path: '/api/emergence/status',
    title: 'Emergence',
    group: 'core',
    source: 'The relationship\u2019s six stages',
  },
  {
    id: 'mirrorInterface',
    path: '/api/mirror-interface/status',
    title: 'Mirror Interface',
    group: 'core',
    source: 'The day\u2019s reflections',
  },
  {
    id: 'emotionSync',
    path: '/api/emotion-sync/status',
    title: 'Emotion Sync',
    group: 'core',
    source: 'Kiri\u2019s mood and your feeling',
  },
  {
    id: 'presenceCompass',
    path: '/api/presence-compass/status',
    title: 'Presence Compass',
    group: 'core',
    source: 'What Kiri is doing now',
  },
  {
    id: 'whisperBubble',
    path: '/api/whisper-bubble/active',
    title: 'Whisper Bubble',
    group: 'core',
    source: 'The thought bubbles',
  },
  {
    id: 'memoryShard',
    path: '/api/memory-shard/stats',
    title: 'Memory Shard',
    group: 'core',
    source: 'memory.json',
  },
  {
    id: 'hushAgent',
    path: '/api/hush-agent/status',
    title: 'Hush Agent',
    group: 'core',
    source: 'The quiet hours now',
  },
  {
    id: 'soulFrame',
    path: '/api/soul-frame/status',
    title: 'Soul Frame',
    group: 'core',
    source: 'Personality and affection',
  },
  {
    id: 'hushConfig',
    path: '/api/hush-config/status',
    title: 'Hush Config',
    group: 'core',
    source: 'The quiet hours\u2019 settings',
  },
  {
    id: 'autonomousMessages',
    path: '/api/presence/autonomous-messages',
    title: 'Autonomous Messages',
    group: 'presence',
    source: 'The scheduler and pushes',
  },
  {
    id: 'driftSpark',
    path: '/api/presence/drift-spark',
    title: 'Drift Spark',
    group: 'presence',
    source: 'Spontaneous thoughts',
  },
  {
    id: 'slipstreamHealth',
    path: '/api/presence/slipstream-health',
    title: 'Slipstream Health',
    group: 'presence',
    source: 'Exactly-once delivery',
  },
  {
    id: 'emotionalMirror',
    path: '/api/presence/emotional-mirror',
    title: 'Emotional Mirror',
    group: 'presence',
    source: 'How Kiri met your feelings',
  },
  {
    id: 'mindmap',
    path: '/api/presence/mindmap',
    title: 'Mindmap',
    group: 'presence',
    source: 'The thought map',
  },
  {
    id: 'guardianShield',
    path: '/api/presence/guardian-shield',
    title: 'Guardian Shield',
    group: 'presence',
    source: 'Login throttling',
  },
  {
    id: 'dreamTrigger',
    path: '/api/dream-trigger/status',
    title: 'Dream Trigger',
    group: 'dream',
    source: 'The dream cycle',
  },
  {
    id: 'imagination',
    path: '/api/imagination/status',
    title: 'Imagination',
    group: 'dream',
    source: 'What Kiri dreamt',
  },
  {
    id: 'lumora',
    path: '/api/lumora/status',
    title: 'Lumora',
    group: 'dream',
    source: 'Sleep and waking',
  },
];

export const TEST_PULSE_PATH = '/api/self-evolve/test-pulse';
export const INITIATE_EMERGENCE_PATH = '/api/emergence/initiate';

/** The spec's provider priority chain (001 §2): five nodes, the local engine first in its words. */
export const SPEC_CHAIN_NODES = ['local', 'LLaMA', 'Mistral', 'Gemini', 'OpenAI'] as const;

/** Rule 'chain node of a provider': which of the spec's named nodes a configured provider fills, by name or model. */
export function chainNodeOf(provider: { name: string; model?: string }): string | null {
  const text = `${provider.name} ${provider.model ?? ''}`.toLowerCase();
  if (/llama/.test(text)) return 'LLaMA';
  if (/mistral|mixtral/.test(text)) return 'Mistral';
  if (/gemini/.test(text)) return 'Gemini';
  if (/openai|gpt/.test(text)) return 'OpenAI';
  return null;
}
