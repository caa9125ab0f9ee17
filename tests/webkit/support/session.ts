// One WebKit browser and one Kiri server for a test file: started before its tests, stopped after
// them, and on a failed test a screenshot, the page's text and the server's output, so a failure in
// WebKit (which no one watches) says what the engine showed and what the server did. Every WebKit
// journey file used to repeat these lines.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServer, type KiriServer, type ServerOptions } from '../../e2e/support/server';
import { launchWebKit, type WebKitEngine, type WebKitPage } from './webkit';

export interface WebKitSessionOptions {
  /** WebKitGTK by default (the engine of iPhone Safari as Debian ships it); 'wpe' is Safari 16.0. */
  engine?: WebKitEngine;
  /** The server's options, or a function that makes them once the file starts (e.g. a STATIC_DIR built first). */
  server?: ServerOptions | (() => ServerOptions | Promise<ServerOptions>);
}

export interface WebKitSession {
  /** The browser's page; read it inside a test or hook (it exists once the file has started). */
  readonly page: WebKitPage;
  readonly server: KiriServer;
}

/** Registers the file's hooks (call it at the top level of a test file) and returns the session. */
export function webkitSession(options: WebKitSessionOptions = {}): WebKitSession {
  const engine = options.engine ?? 'webkitgtk';
  let server: KiriServer | undefined;
  let page: WebKitPage | undefined;

  beforeAll(async () => {
    const serverOptions =
      typeof options.server === 'function' ? await options.server() : options.server;
    server = await startServer(serverOptions);
    page = await launchWebKit(engine, { baseURL: server.url });
  });

  afterAll(async () => {
    await page?.close();
    await server?.dispose();
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !page) return;
    const shot = await page.screenshot(`${engine}-${context.task.name}`);
    const text = await page.text().catch(() => '?');
    console.error(
      `Screenshot: ${shot}\nPage text: ${text}\nServer output:\n${server?.output() ?? '(no server)'}\nBrowser output:\n${page.output()}`,
    );
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`the WebKit session has no ${what} yet: read it inside a test or hook`);
    }
    return value;
  };
  return {
    get page() {
      return started(page, 'page');
    },
    get server() {
      return started(server, 'server');
    },
  };
}
