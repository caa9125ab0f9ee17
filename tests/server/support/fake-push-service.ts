// A local HTTPS push service for the push tests and the benchmark, and the browser's side of a
// subscription: its ECDH key pair and auth secret, with which the test decrypts what arrived (RFC 8291).
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeSelfSignedCertificate } from './self-signed-cert';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status it was answered with. */
  status: number;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  private readonly scripts = new Map<string, ScriptedAnswer[]>();
  private readonly waiters: { count: number; resolve: () => void }[] = [];
  private agents: Agent[] = [];

  private constructor(
    private readonly server: Server,
    readonly ca: string,
    readonly port: number,
  ) {}

  static async start(): Promise<FakePushService> {
    const { cert, key } = makeSelfSignedCertificate();
    // The handler needs the instance, which needs the server: the handler looks it up when called.
    const made: { service?: FakePushService } = {};
    const server = createServer({ cert, key, keepAlive: true }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        made.service!.answer(request.url ?? '/', request.headers, chunks, response),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    made.service = new FakePushService(server, cert, (server.address() as AddressInfo).port);
    return made.service;
  }

  /** What PUSH_ALLOWED_HOSTS needs to let the server post here. */
  get hostEntry(): string {
    return `127.0.0.1:${this.port}`;
  }

  endpoint(name: string): string {
    return `https://127.0.0.1:${this.port}/push/${name}`;
  }

  /** The next answers for one endpoint, in order; after them (and for others) 201 Created. */
  script(endpoint: string, ...answers: (number | ScriptedAnswer)[]): void {
    const path = new URL(endpoint).pathname;
    const queue = this.scripts.get(path) ?? [];
    queue.push(...answers.map((a) => (typeof a === 'number' ? { status: a } : a)));
    this.scripts.set(path, queue);
  }

  receivedAt(endpoint: string): ReceivedPush[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  /** Resolves once `count` requests have arrived in all. */
  waitForRequests(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** An agent that trusts this service's certificate (and only it), keeping connections alive. */
  agent(maxSockets = 16): Agent {
    const agent = new Agent({ ca: this.ca, keepAlive: true, maxSockets });
    this.agents.push(agent);
    return agent;
  }

  async close(): Promise<void> {
    for (const agent of this.agents) agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(
    path: string,
    headers: IncomingHttpHeaders,
    chunks: Buffer[],
    response: ServerResponse,
  ): void {
    const next = this.scripts.get(path)?.shift() ?? { status: 201 };
    this.received.push({ path, headers, body: Buffer.concat(chunks), status: next.status });
    response.writeHead(next.status, next.headers ?? {});
    response.end(next.status >= 400 ? `status ${next.status}` : '');
    for (const waiter of this.waiters.splice(0)) {
      if (this.received.length >= waiter.count) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a browser holds for one subscription: the JSON it sends to the server, and its secrets. */
export class FakeBrowserPush {
  private readonly ecdh = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  readonly subscription: BrowserSubscription;

  constructor(endpoint: string) {
    this.ecdh.generateKeys();
    this.subscription = {
      endpoint,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.authSecret.toString('base64url'),
      },
    };
  }

  /**
   * Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys): salt, record size and the sender's
   * public key in the header, then one record whose plaintext ends with the 0x02 delimiter and padding.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0', 'ascii'),
      this.ecdh.getPublicKey(),
      senderKey,
    ]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    );
    const nonce = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
    );
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    let end = padded.length - 1;
    while (end > 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('The last record has no 0x02 delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): the key is `publicKey` and the
 * ES256 signature verifies with it. Returns the token's claims.
 */
export function verifyVapidHeader(header: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${header}`);
  const [, head, payload, signature, key] = match as unknown as string[];
  if (key !== publicKey) throw new Error('The VAPID key is not the server’s public key');
  const point = Buffer.from(key!, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('The VAPID token’s signature does not verify');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as VapidClaims;
}
