// Kiri's companion engine: the local engine and the provider chain (see docs/companion.md).
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
export { createCompanion } from './providers';
export { detectIntent } from './intent';
export { localReply } from './local-engine';
export { splitIntoParts } from './split';
export { composeScheduled, reminderQuote, REMINDER_QUOTE_CHARS } from './scheduled';
export type { ScheduledInput, ScheduledKind } from './scheduled';
