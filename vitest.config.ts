// Five test projects: the client's screens (jsdom), the client's logic and Dexie modules (node +
// fake-indexeddb), the server's routes (node), the shared companion engine (node), and the build's own
// checks (node).
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the CPUs: on these 2-core machines one worker, and the
    // suite's 8 minutes were mostly jsdom set-up and imports waiting in line. Two workers: 5.7 minutes for
    // the whole suite here (231 files), every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The client's .ts tests (rules, the device store, the worker's jobs) in Node: jsdom's set-up
        // cost about 1.5 s per file here, and 4 to 5 s on a loaded machine (32 domain files: 131 s in
        // jsdom, 20 s in Node, same tests passing). A .ts test that needs a DOM says so at its top
        // with `// @vitest-environment jsdom`.
        resolve: { alias },
        test: {
          name: 'unit-node',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup-node.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // As the server and engine projects: a test's first import of a big module (the engine, a
          // screen) is transformed then, and on a loaded 2-core machine that alone passed the 5 s
          // default (engine-parity in a CI run beside other suites).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker instead of one per file: each file built its own copy of the
          // whole server (import 121 s of the project's 182 s here; 100 s in all without). The server
          // keeps its state in what createApp(deps) is given, and the module-level maps are caches of
          // pure readings; no file mocks a module. Checked with the files in shuffled order
          // (--sequence.shuffle.files, two seeds): every test passes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The engine shared by the server and the device (src/engine): its tests run in Node; one parity
        // test in the unit project checks that jsdom gives the same replies.
        resolve: { alias },
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.ts'],
          environment: 'node',
          // Pure functions and their caches: one module graph per worker, as the server project.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
