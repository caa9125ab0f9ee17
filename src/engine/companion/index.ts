// Kiri's local companion engine, shared by the server and the device (docs/companion.md): no Node, no DOM.
export type {
  Companion,
  CompanionInput,
  CompanionReply,
  DeviceReply,
  DeviceReplyPart,
  EngineContext,
  Intent,
  MemoryItem,
  MoodInput,
  PersonalityDimensions,
  ProviderConfig,
  ProviderHealth,
} from './types';
export { BASELINE_PERSONALITY, DEVICE_PROVIDER, MAX_CONTEXT_MEMORIES } from './types';
export { detectIntent } from './intent';
export { localReply, readMessage } from './local-engine';
export { warmUpTerms as warmUp } from '../language/terms';
export type { MessageReading } from './local-engine';
export { MAX_ECHOED_WORDS, echoesTooMuch } from './echo';
export { splitIntoParts } from './split';
export { composeScheduled, reminderQuote, REMINDER_QUOTE_CHARS } from './scheduled';
export type { ScheduledInput, ScheduledKind } from './scheduled';
