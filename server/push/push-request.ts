// One POST to a push service: web-push builds it (aes128gcm encryption, the protocol headers), and
// we send it, so that the time-out, the answer's size and the connection reuse are ours.
import { request, type Agent } from 'node:https';
import webPush from 'web-push';

export interface PushRequestOptions {
  TTL: number;
  urgency: webPush.Urgency;
  topic?: string;
  authorization: string;
}

export interface PushAnswer {
  status: number;
  retryAfter: string | undefined;
  /** The start of the answer's text, for the log (push services explain refusals there). */
  text: string;
}

/** Enough to read Apple's and FCM's reasons ({"reason":"BadJwtToken"}); the rest is dropped. */
const MAX_ANSWER_TEXT = 512;

/** The subscription's keys cannot be used (not a P-256 point): no retry mends that. */
export class UnusableSubscriptionError extends Error {
  constructor(cause: unknown) {
    super(`The subscription's keys cannot be used: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'UnusableSubscriptionError';
  }
}

/** Encrypts `payload` for the subscription and builds the request. */
export function pushRequestDetails(
  subscription: webPush.PushSubscription,
  payload: string,
  options: PushRequestOptions,
): webPush.RequestDetails {
  try {
    return buildDetails(subscription, payload, options);
  } catch (error) {
    throw new UnusableSubscriptionError(error);
  }
}

function buildDetails(
  subscription: webPush.PushSubscription,
  payload: string,
  options: PushRequestOptions,
): webPush.RequestDetails {
  return webPush.generateRequestDetails(subscription, payload, {
    TTL: options.TTL,
    urgency: options.urgency,
    ...(options.topic === undefined ? {} : { topic: options.topic }),
    // null (the types say undefined) is web-push's way to skip signing: the token is made once per
    // push service and reused (VapidTokens), not signed again for every subscription.
    vapidDetails: null as unknown as undefined,
    headers: { Authorization: options.authorization },
  });
}

/**
 * Sends a built push request. Resolves with any HTTP answer; rejects on a network error or when no
 * answer has come within `timeoutMs`.
 */
export function sendPushRequest(
  details: webPush.RequestDetails,
  agent: Agent,
  timeoutMs: number,
): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      details.endpoint,
      { method: 'POST', headers: details.headers as Record<string, string | number>, agent },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < MAX_ANSWER_TEXT) text += chunk.slice(0, MAX_ANSWER_TEXT - text.length);
        });
        response.on('end', () => {
          clearTimeout(timer);
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter, text });
        });
        response.on('error', fail);
      },
    );
    function fail(error: Error): void {
      clearTimeout(timer);
      reject(error);
    }
    const timer = setTimeout(() => {
      outgoing.destroy(Object.assign(new Error('Socket timeout'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    outgoing.on('error', fail);
    outgoing.end(details.body ?? undefined);
  });
}
