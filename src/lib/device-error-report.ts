// What the request helper and the error screens tell the device's error ring (docs/settings-health.md):
// the bare facts, handed to lib/device-error-log.ts, which is loaded with import() on the first error.
// So the ring's code (its rules, the scrubbing, IndexedDB) stays out of the first load: a page that
// never fails never downloads it, and the worker has it precached for one that fails offline.
//
// A fact is first written down here, at once and synchronously (localStorage), and only then handed
// on: the import and the IndexedDB write take a moment, and a page that goes away within it (the owner
// leaves the screen that just failed) has its write aborted. The next page that opens the ring records
// what was left (device-error-log.ts recordWaitingErrors), each fact once by its id.
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

/** A fact as it waits in localStorage: the error reduced to its name and message, the URL to its path. */
export type WaitingFact =
  | Extract<DeviceErrorFact, { kind: 'request' }>
  | { kind: 'network'; at: number; method: string; url: string; error: PlainError }
  | { kind: 'screen'; at: number; path: string; error: PlainError };

export interface PlainError {
  name: string;
  message: string;
}

export interface WaitingError {
  /** Unique across pages and tabs: the ring records each id once. */
  id: string;
  fact: WaitingFact;
}

export const WAITING_ERRORS_KEY = 'kiri-device-errors-waiting';
/** At most this many wait (the newest): a device failing in a loop with no ring to write to stays small. */
export const WAITING_ERRORS_CAP = 50;
/** A server's error body is kept to this length while it waits (the ring keeps only its message). */
const BODY_TEXT_CAP = 2_000;

function plainError(error: unknown): PlainError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (error && typeof error === 'object' && typeof (error as PlainError).message === 'string') {
    return { name: '', message: (error as PlainError).message };
  }
  try {
    return { name: '', message: String(error) };
  } catch {
    return { name: '', message: '' };
  }
}

/**
 * The path of a URL: no origin, query string or fragment waits in storage. The ring's rule is
 * domain/device-errors.ts pathOnly (applied again when the fact is recorded); importing it here pulled
 * that module into the first load (+1.1 KB gzip, past the 120 KB budget), so this is its one-line twin.
 */
function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '') || '/';
}

function waitingFact(fact: DeviceErrorFact): WaitingFact {
  switch (fact.kind) {
    case 'request':
      return { ...fact, url: pathOf(fact.url), bodyText: fact.bodyText.slice(0, BODY_TEXT_CAP) };
    case 'network':
      return { ...fact, url: pathOf(fact.url), error: plainError(fact.error) };
    case 'screen':
      return { ...fact, path: pathOf(fact.path), error: plainError(fact.error) };
  }
}

function newId(): string {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  return `${Date.now().toString(36)}-${random[0]!.toString(36)}${random[1]!.toString(36)}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What waits to be recorded ([] when nothing does, or storage cannot be read). */
export function readWaitingErrors(): WaitingError[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(WAITING_ERRORS_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is WaitingError =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as WaitingError).id === 'string' &&
            typeof (item as WaitingError).fact === 'object' &&
            (item as WaitingError).fact !== null,
        )
      : [];
  } catch {
    return [];
  }
}

function writeWaitingErrors(waiting: readonly WaitingError[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (waiting.length === 0) store.removeItem(WAITING_ERRORS_KEY);
    else store.setItem(WAITING_ERRORS_KEY, JSON.stringify(waiting.slice(-WAITING_ERRORS_CAP)));
  } catch {
    // Storage full or refused: the fact still goes to the ring from this page.
  }
}

/** Writes the fact down to wait until the ring holds it; its id. */
export function keepUntilRecorded(fact: DeviceErrorFact): WaitingError {
  const waiting = { id: newId(), fact: waitingFact(fact) };
  writeWaitingErrors([...readWaitingErrors(), waiting]);
  return waiting;
}

/** The ring holds these now: they no longer wait. */
export function forgetRecorded(ids: ReadonlySet<string>): void {
  const waiting = readWaitingErrors();
  const left = waiting.filter((item) => !ids.has(item.id));
  if (left.length !== waiting.length) writeWaitingErrors(left);
}

/** Records the fact in the ring, later and quietly: never throws, never makes the caller wait. */
export function reportDeviceError(fact: DeviceErrorFact): Promise<void> {
  const waiting = keepUntilRecorded(fact);
  return import('./device-error-log').then(
    (log) => log.recordWaitingErrors([waiting]),
    () => undefined,
  );
}
