// The unit tests that need no DOM run in Node (vitest.config.ts, project 'unit-node'). Dexie captures
// indexedDB when it is imported: load the fake before anything else (DESIGN.md, pitfalls).
import 'fake-indexeddb/auto';
