// One POST to a push service: the protocol headers and the request, sent ourselves so that the
// time-out, the answer's size and the connection reuse are ours (the body is push-encryption's).
import { request, type Agent } from 'node:https';
import type webPush from 'web-push';

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

/**
 * The headers of every post of one fan-out to one push service (RFC 8030, RFC 8291, RFC 8292), built
 * once per fan-out in Node's raw form (name, value, name, value…): Node then writes them as they are,
 * without a per-post header object to fill and check. The length is added per post.
 */
export function pushHeaders(options: PushRequestOptions, endpoint: URL): readonly string[] {
  return [
    // The raw form gets no automatic Host: it names the service as the URL does (port if not 443).
    'Host',
    endpoint.host,
    'TTL',
    String(options.TTL),
    'Urgency',
    options.urgency,
    ...(options.topic === undefined ? [] : ['Topic', options.topic]),
    'Authorization',
    options.authorization,
    'Content-Type',
    'application/octet-stream',
    'Content-Encoding',
    'aes128gcm',
  ];
}

/** What node:https needs to reach an endpoint, taken from its URL once per fan-out. */
export interface PushTarget {
  hostname: string;
  port: number;
  path: string;
}

export function pushTargetOf(endpoint: URL): PushTarget {
  const { hostname } = endpoint;
  return {
    // node:https wants an IPv6 literal without its brackets.
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    port: endpoint.port === '' ? 443 : Number(endpoint.port),
    path: `${endpoint.pathname}${endpoint.search}`,
  };
}

/**
 * Sends a push request. Resolves with any HTTP answer; rejects on a network error or when no answer
 * has come within `timeoutMs`.
 */
export function sendPushRequest(
  target: PushTarget,
  headers: readonly string[],
  body: Buffer,
  agent: Agent,
  timeoutMs: number,
): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: 'POST',
        headers: [...headers, 'Content-Length', String(body.length)],
        agent,
      },
      (response) => {
        // Push services answer 201 with no body; a refusal's reason is kept for the log.
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < MAX_ANSWER_TEXT * 4) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          const text = kept === 0 ? '' : Buffer.concat(chunks).toString('utf8');
          resolve({
            status,
            retryAfter: status < 300 ? undefined : response.headers['retry-after'],
            text: text.slice(0, MAX_ANSWER_TEXT),
          });
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
    outgoing.end(body);
  });
}
