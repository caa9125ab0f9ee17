// Kiri's local companion engine, shared by the server and the device (docs/engine.md): no Node, no DOM.
export type {
  Companion,
  CompanionInput,
  CompanionReply,
  Intent,
  PersonalityDimensions,
  ProviderConfig,
  ProviderHealth,
} from './types';
export { BASELINE_PERSONALITY } from './types';
export { detectIntent } from './intent';
export { localReply } from './local-engine';
export { splitIntoParts } from './split';
export { composeScheduled, reminderQuote, REMINDER_QUOTE_CHARS } from './scheduled';
export type { ScheduledInput, ScheduledKind } from './scheduled';
