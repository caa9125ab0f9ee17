// A pass-through HTTP proxy in front of the test server that can make /sw.js byte-different, which is
// how a browser sees a new release. Playwright's routing does not see the browser's own update fetch
// of a worker script, and rebuilding the app in a test is too slow, so the update test goes through this.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { HOST } from './server';

export interface SwProxy {
  readonly url: string;
  /** Appended to every later /sw.js answer; '' serves it unchanged. */
  setWorkerSuffix(suffix: string): void;
  /**
   * Requests whose path matches are cut (the connection dropped, as a lost signal looks to the browser)
   * while everything else passes: the chaos suite keeps the API away while /sw.js still updates.
   * null lets everything through.
   */
  setCut(pattern: RegExp | null): void;
  /**
   * Requests whose path matches get the start of an answer (its headers and a first byte) and then
   * nothing: a connection that stalls mid-answer, as one does when the server dies while sending it
   * or a phone's network drops packets without a reset. null ends the stall for later requests.
   */
  setStall(pattern: RegExp | null): void;
  /** How many requests the stall has held so far. */
  stalled(): number;
  close(): Promise<void>;
}

const WORKER_PATH = '/sw.js';

export async function startSwProxy(target: string): Promise<SwProxy> {
  const upstream = new URL(target);
  let suffix = '';
  let cut: RegExp | null = null;
  let stall: RegExp | null = null;
  let stalledCount = 0;

  const proxy = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    if (cut?.test(path)) {
      req.socket.destroy();
      return;
    }
    if (stall?.test(path)) {
      stalledCount += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 });
      res.write('[');
      return;
    }
    const rewrite = path === WORKER_PATH && suffix !== '';
    const headers: IncomingHttpHeaders = { ...req.headers };
    if (rewrite) {
      // A plain, full body that can be appended to.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        if (!rewrite) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n${suffix}\n`)]);
          const out = { ...answer.headers };
          delete out['content-length'];
          delete out['etag'];
          delete out['last-modified'];
          delete out['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, { ...out, 'content-length': body.length });
          res.end(body);
        });
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });

  await new Promise<void>((resolve) => proxy.listen(0, HOST, resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('proxy did not listen');

  return {
    url: `http://${HOST}:${address.port}`,
    setWorkerSuffix: (next) => {
      suffix = next;
    },
    setCut: (pattern) => {
      cut = pattern;
    },
    setStall: (pattern) => {
      stall = pattern;
    },
    stalled: () => stalledCount,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
