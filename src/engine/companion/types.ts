// The companion's public types (DESIGN.md "Companion"; spec 000 §3.3, §3.4, §3.6).

/** Spec 000 §3.4: each dimension is 0 to 1. */
export interface PersonalityDimensions {
  softness: number;
  logic_bias: number;
  humor_level: number;
  formality: number;
  initiative: number;
}

/**
 * Kiri's default: warm, gentle, a little playful, casual, and ready to ask back. The same numbers as
 * `BASELINE_DIMENSIONS` in src/domain/personality.ts (a test holds them equal), written here so that the
 * device's engine chunk shares no module with the personality screens: a module two lazy chunks share
 * becomes a chunk of its own, and its name grows the chat's first load (bench/bundle.ts).
 */
export const BASELINE_PERSONALITY: Readonly<PersonalityDimensions> = {
  softness: 0.7,
  logic_bias: 0.5,
  humor_level: 0.5,
  formality: 0.3,
  initiative: 0.6,
};

export type Intent =
  | 'greeting'
  | 'farewell'
  | 'thanks'
  | 'question'
  | 'feeling'
  | 'about_kiri'
  | 'remember'
  | 'recall'
  | 'statement'
  | 'initial_greeting';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface MemoryItem {
  content: string;
  timestamp: number;
  /** Private to the owner: never written into a provider's prompt (it would leave the machine). */
  ownerOnly?: boolean;
}

export interface MoodInput {
  mode: string;
  intensity: number;
}

export interface CompanionInput {
  /** The owner's text ('' for the initial greeting). */
  message: string;
  isInitialGreeting: boolean;
  userName: string | null;
  /** Oldest first, at most the last 10. */
  history: ChatTurn[];
  /** ms since epoch. */
  now: number;
  /** IANA zone; the time of day is computed in it. */
  timeZone: string;
  personaName: string;
  personality: PersonalityDimensions;
  mood?: MoodInput | null;
  /** What the owner asked Kiri to remember: the most relevant to the message first, then newest first. */
  memories: MemoryItem[];
  /** Kiri's last replies (each the full joined text); none is ever repeated verbatim. */
  recentReplies: string[];
  context?: 'chat' | 'manual_console';
  /**
   * The engine answers on the owner's device, offline (issue 12): nothing it says can be done on the
   * server yet (a reminder is set only when the server hears the message), so it promises no more.
   */
  onDevice?: boolean;
  /** Makes the local engine deterministic (tests). */
  seed?: number;
  /**
   * WhisperBridge Lite's pairs when it is enabled with tone_mirroring on (tone-style.ts): the provider
   * prompt shows the best few, and the local engine leans its phrasing to their tone. Absent: no effect.
   */
  toneStyle?: ToneStyle | null;
}

export interface CompanionReply {
  /** 1 to 3 messages, none empty. */
  parts: string[];
  /** 'local' or the provider's name. */
  provider: string;
  /** The thing to store when the owner said 'remember that …', cleaned. */
  remember: string | null;
  intent: Intent;
  feeling: string | null;
}

export interface ProviderConfig {
  name: string;
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

export interface ProviderHealth {
  name: string;
  ok: boolean | null;
  lastUsedAt: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  successes: number;
  failures: number;
}

export interface Companion {
  reply(input: CompanionInput): Promise<CompanionReply>;
  health(): { chain: ProviderHealth[]; currentProvider: string };
}

/**
 * What the device keeps so that the engine can answer offline (issue 12): `GET /api/companion/context`
 * answers `{ success: true, ...EngineContext }`, and the device stores it on every pull.
 */
export interface EngineContext {
  userName: string | null;
  personaName: string;
  timeZone: string;
  personality: PersonalityDimensions;
  mood: MoodInput | null;
  /** The account's memory nodes the engine may recall, newest first (at most MAX_CONTEXT_MEMORIES). */
  memories: MemoryItem[];
  /** Kiri's last replies (each the parts joined), newest last: none is repeated word for word. */
  recentReplies: string[];
  /** WhisperBridge Lite's style while tone_mirroring is on (absent from older servers): offline replies follow it too. */
  toneStyle?: ToneStyle | null;
}

/** The most memory nodes the device keeps for the engine. */
export const MAX_CONTEXT_MEMORIES = 200;

/** A part of a reply written on the device: its id (UUIDv7, made on the device), text and time. */
export interface DeviceReplyPart {
  id: string;
  message: string;
  timestamp: number;
}

/**
 * A reply written on the device while the server was out of reach, sent with the owner's message
 * (`deviceReply` in the body of POST /api/chat, under the message's own Idempotency-Key). The server
 * stores it as Kiri's answer instead of writing one, and marks its entries `writtenOffline`.
 */
export interface DeviceReply {
  kiriMessages: DeviceReplyPart[];
}

/** The `provider` of an answer that the device wrote. */
export const DEVICE_PROVIDER = 'device';

/** Spec 001 §4's emotion tones (tone-style.ts TONE_NAMES holds the list). */
export type ToneName = 'neutral' | 'gentle' | 'playful' | 'caring' | 'dreamy' | 'soft';

/** One WhisperBridge Lite tone-sync pair as the engine reads it. */
export interface ToneExample {
  gpt_line: string;
  gemini_mirror: string;
  emotion_tone: ToneName;
  /** 0 to 100 (server/whisperbridge/sync-quality.ts). */
  sync_quality: number;
}

/**
 * What WhisperBridge Lite gives the engine when it is enabled with tone_mirroring on: the best pairs
 * (highest quality first, at most MAX_STYLE_EXAMPLES of tone-style.ts), and whether their tone follows
 * Kiri's mood (emotion_sync) rather than the owner's message. Kept here, apart from tone-style.ts, so a
 * type import of it loads no language library.
 */
export interface ToneStyle {
  examples: ToneExample[];
  followMood: boolean;
}
