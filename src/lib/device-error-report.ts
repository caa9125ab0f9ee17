// What the request helper and the error screens tell the device's error ring (docs/settings-health.md):
// the bare facts, handed to lib/device-error-log.ts, which is loaded with import() on the first error.
// So the ring's code (its rules, the scrubbing, IndexedDB) stays out of the first load: a page that
// never fails never downloads it, and the worker has it precached for one that fails offline.
export type DeviceErrorFact =
  | {
      kind: 'request';
      at: number;
      method: string;
      url: string;
      status: number;
      statusText: string;
      bodyText: string;
    }
  | { kind: 'network'; at: number; method: string; url: string; error: unknown }
  | { kind: 'screen'; at: number; path: string; error: unknown };

/** Records the fact in the ring, later and quietly: never throws, never makes the caller wait. */
export function reportDeviceError(fact: DeviceErrorFact): Promise<void> {
  return import('./device-error-log').then(
    (log) => log.recordFact(fact),
    () => undefined,
  );
}
