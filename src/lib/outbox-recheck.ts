// When the page looks at the outbox again while something waits (nextOutboxCheck): a replay on the
// backoff, and, while the app is in view and online, a cheap probe of the server every few seconds, so
// that what waits goes within seconds of the server's return instead of up to 30 s later.
import { nextOutboxCheck } from '@/domain/outbox-rules';

export interface OutboxRecheckDeps {
  /** When the outbox can next make progress (outboxDueAt), and whether an entry failed an attempt. */
  outbox(): Promise<{ dueAt: number | null; failed: boolean }>;
  visible(): boolean;
  online(): boolean;
  /** Whether the server answers (GET /api/health); never rejects. */
  probe(): Promise<boolean>;
  replay(options: { force: boolean }): void;
  now?: () => number;
}

export interface OutboxRecheck {
  /** Looks again from now on (after each replay, and when the page's state changes). */
  schedule(): Promise<void>;
  stop(): void;
}

export function createOutboxRecheck(deps: OutboxRecheckDeps): OutboxRecheck {
  const now = deps.now ?? Date.now;
  let replayTimer: ReturnType<typeof setTimeout> | undefined;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  // A probe that finds the server forces one replay; while it keeps answering, the backoff decides
  // again (an entry that waits on a 5xx is not asked for every few seconds). Down, then up: once more.
  let serverSeenDown = true;
  let generation = 0;

  const stop = () => {
    generation += 1;
    clearTimeout(replayTimer);
    clearTimeout(probeTimer);
  };

  const probe = async (own: number) => {
    const up = await deps.probe();
    if (own !== generation) return; // scheduled again meanwhile
    if (up && serverSeenDown) {
      serverSeenDown = false;
      deps.replay({ force: true });
      return; // the replay's end schedules the next look
    }
    if (!up) serverSeenDown = true;
    await schedule();
  };

  const schedule = async () => {
    stop();
    // Offline, the server is out of reach whatever it last answered: the first probe that finds it
    // again forces a replay. The 'online' event forces one too, but on a phone that event can come
    // before the network carries anything; that replay then fails and puts what waits on its backoff
    // (up to 30 s), and only a forced replay skips it.
    if (!deps.online()) serverSeenDown = true;
    const own = generation;
    const { dueAt, failed } = await deps.outbox();
    if (own !== generation) return;
    const at = now();
    const check = nextOutboxCheck({
      now: at,
      dueAt,
      failed,
      visible: deps.visible(),
      online: deps.online(),
    });
    if (!check) return;
    replayTimer = setTimeout(() => deps.replay({ force: false }), check.replayAt - at);
    if (check.probeAt !== null) {
      probeTimer = setTimeout(() => void probe(own), check.probeAt - at);
    }
  };

  return { schedule, stop };
}

/** GET /api/health answered by our server (not a captive portal's page). */
export async function serverAnswers(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl('/api/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { ok?: unknown } | null;
    return body?.ok === true;
  } catch {
    return false;
  }
}
