// The page that holds the device engine for the benchmark (bench/device-reply.ts) and the WebKit parity
// test (tests/webkit/engine-parity.test.ts): it loads `@/engine/companion` with import(), as the chat
// does after its first paint, and answers with localReply. Built by bench/browser/engine-build.ts, on
// its own: no chat wiring needed.
import type * as EngineModule from '@/engine/companion';
import type { CompanionInput, CompanionReply } from '@/engine/companion';

type Engine = typeof EngineModule;

export interface DeviceEngineBench {
  /** Loads the engine (its chunks, the language libraries among them): ms from import() to its module. */
  load(): Promise<number>;
  replies(inputs: CompanionInput[]): CompanionReply[];
  /** ms of each localReply, one call per input in order. */
  time(inputs: CompanionInput[]): number[];
}

let engine: Engine | undefined;
const loaded = (): Engine => {
  if (!engine) throw new Error('the engine is not loaded: call load() first');
  return engine;
};

const bench: DeviceEngineBench = {
  async load() {
    const started = performance.now();
    engine = await import('@/engine/companion');
    return performance.now() - started;
  },
  replies(inputs) {
    const { localReply } = loaded();
    return inputs.map((input) => localReply(input));
  },
  time(inputs) {
    const { localReply } = loaded();
    return inputs.map((input) => {
      const started = performance.now();
      localReply(input);
      return performance.now() - started;
    });
  },
};

(window as unknown as { deviceEngine: DeviceEngineBench }).deviceEngine = bench;
document.body.dataset.ready = 'true';
