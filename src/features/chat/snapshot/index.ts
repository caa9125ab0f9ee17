// The chat's opening snapshot (docs/chat-client.md, "Cold start"): read and paint, for src/snapshot.ts.
export { readOpeningSnapshot, SNAPSHOT_MESSAGE_LIMIT, type OpeningSnapshot } from './read';
export { paintOpeningSnapshot, SNAPSHOT_ATTRIBUTE } from './paint';
