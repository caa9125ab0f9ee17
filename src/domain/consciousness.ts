// The consciousness stream's entry types (spec 001 §3 "Consciousness data"): the server collects them,
// the page draws a badge for each.
export const ENTRY_TYPES = [
  'news',
  'weather',
  'trends',
  'cosmic',
  'cultural',
  'sentiment',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
