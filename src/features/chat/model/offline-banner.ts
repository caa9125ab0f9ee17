// The banner above the composer (DESIGN.md "Outbox"): how many of the owner's messages wait, and offline.

export function waitingText(count: number): string {
  return count === 1 ? '1 message waiting to send' : `${count} messages waiting to send`;
}

export interface ConnectionInput {
  /** navigator.onLine */
  online: boolean;
  /** The server could not be reached for the status check while the browser says it is online. */
  serverUnreachable: boolean;
  /** Chat entries in the outbox. */
  waiting: number;
  /** Some entry has been tried and failed (a fresh send on a good connection shows no banner). */
  retrying: boolean;
}

export interface ConnectionView {
  /** The banner's parts, in order; null when there is no banner. */
  banner: { offline: boolean; waiting: string | null } | null;
  /** The header's 'Offline' pill: only when the banner does not say it already. */
  headerOffline: boolean;
}

export function connectionView(input: ConnectionInput): ConnectionView {
  const showWaiting = input.waiting > 0 && (!input.online || input.retrying);
  const offline = !input.online;
  return {
    banner:
      offline || showWaiting
        ? { offline, waiting: showWaiting ? waitingText(input.waiting) : null }
        : null,
    headerOffline: input.online && input.serverUnreachable,
  };
}

export interface ReplayOutcome {
  delivered: number;
  refused: number;
  needsLogin: boolean;
  pullFailed: boolean;
}

/**
 * Whether a replay of the outbox reached the server: it took or refused a message, asked for a
 * login, or answered the pull. Then a failed status check is out of date (the server is back while
 * the browser never went offline) and is asked again, so the header stops saying 'Offline'.
 */
export function replayReachedServer(outcome: ReplayOutcome): boolean {
  return outcome.delivered > 0 || outcome.refused > 0 || outcome.needsLogin || !outcome.pullFailed;
}
