// The outbox's request timeout (issue 12): a request that gets no answer in time is given up, and the
// message it carried waits like one that got no answer, so Kiri can answer it on the device. Apart from
// outbox-rules.ts, whose outcome rule the opening snapshot's code carries: this is the drainer's alone.
import type { DeliveryOutcome } from './outbox-rules';

/**
 * Why an entry whose answer came but could not be written waits: it is sent again, and answered again
 * (the server answered, so the device does not answer it instead).
 */
export const STORE_FAILED_REASON = "Kiri's reply could not be saved on this device";

/** Why an entry waits when its request got no answer in time (a hanging connection, a stalled server). */
export const TIMEOUT_REASON = 'No answer from the server in time';

/**
 * How long the drainer waits for the answer to a chat message before it gives up on that attempt
 * (issue 12: a request that times out is a server that cannot answer, and Kiri answers on the device).
 * Above the server's own work for a reply with no provider (milliseconds) and below the 20 s after
 * which a send counts as stuck (SEND_IN_FLIGHT_MAX_MS): on a stalled connection the owner hears from
 * Kiri within 15 s. A provider that takes longer than this still answers: the replay gets the server's
 * stored answer, which replaces the device's.
 */
export const CHAT_REQUEST_TIMEOUT_MS = 15_000;

/**
 * Other writes (a subscription, a reminder, an unsend) have nobody waiting on screen, but a request
 * that hangs holds up every entry behind it in the one drainer: they give up after this long.
 */
export const OTHER_REQUEST_TIMEOUT_MS = 30_000;

/**
 * A photo's upload (issue 13): up to 10 MB going up a phone's connection (some 80 s at 1 Mbit/s), then
 * decoded and answered by the server. Longer than the others, or a big photo on a slow line would
 * never get through; the chat's messages queued behind it wait that long at most.
 */
export const IMAGE_REQUEST_TIMEOUT_MS = 120_000;

/**
 * The reads a replay makes after its drain (the server's conversation since the last pull, and the
 * engine's copy of the server's context), given up together after this long. A connection that stalls
 * (a phone's network that drops packets without a reset) otherwise holds the replay for good: the page
 * runs one replay at a time, so none would follow, and in the worker it is an event still running,
 * which keeps a new version waiting after the owner taps Reload. Longer than the writes' 30 s: the
 * first pull of a device brings the whole log.
 */
export const REPLAY_READS_TIMEOUT_MS = 60_000;

/** The request timeout of an outbox entry of this kind. */
export function requestTimeoutMs(kind: string): number {
  if (kind === 'image') return IMAGE_REQUEST_TIMEOUT_MS;
  return kind === 'chat' ? CHAT_REQUEST_TIMEOUT_MS : OTHER_REQUEST_TIMEOUT_MS;
}

/**
 * A request given up after its timeout (requestTimeoutMs): tried again like one that got no answer,
 * with its own words (the browser was online; the server did not answer in time). A rule of its own,
 * apart from deliveryOutcome, which the opening snapshot's code carries.
 */
export function timeoutOutcome(): DeliveryOutcome {
  return { kind: 'retry', reason: TIMEOUT_REASON };
}
