// Dexie captures indexedDB when it is imported: load the fake before anything else (DESIGN.md, pitfalls).
import 'fake-indexeddb/auto';
