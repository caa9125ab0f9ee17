// For the chat and conversation tests: a fake engine that counts its calls and can be held, a logged-in
// owner, and the bytes of the files a rejected request must not touch.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Companion, CompanionInput, CompanionReply } from '../../../server/companion';
import type { ConversationEntry } from '../../../server/store/conversation-store';
import { flushStores } from '../../../server/store/stores';
import {
  removeDataDirs,
  startTestApp,
  WELCOME_MESSAGES,
  type TestApp,
  type TestBrowser,
} from './harness';

export interface FakeCompanion extends Companion {
  calls: CompanionInput[];
  /** Holds every reply until release() (to make requests overlap). */
  hold(): void;
  release(): void;
  /** The next reply throws instead of answering. */
  failNext(): void;
}

/** Answers 'reply N' in two parts, N counting calls; `remember` when the message says 'remember that'. */
export function fakeCompanion(): FakeCompanion {
  const calls: CompanionInput[] = [];
  let held: Promise<void> | null = null;
  let releaseHeld = () => {};
  let failing = false;
  return {
    calls,
    hold() {
      held = new Promise((resolve) => (releaseHeld = resolve));
    },
    release() {
      held = null;
      releaseHeld();
    },
    failNext() {
      failing = true;
    },
    async reply(input): Promise<CompanionReply> {
      calls.push(input);
      if (held) await held;
      if (failing) {
        failing = false;
        throw new Error('the engine failed');
      }
      const n = calls.length;
      const remembered = /^remember that (.+)$/i.exec(input.message)?.[1] ?? null;
      return {
        parts: [`reply ${n}, part one`, `and part two of reply ${n}`],
        provider: 'fake',
        remember: remembered,
        intent: remembered ? 'remember' : 'statement',
        feeling: null,
      };
    },
    health: () => ({
      chain: [
        {
          name: 'fake',
          ok: true,
          lastUsedAt: null,
          lastError: null,
          lastLatencyMs: null,
          successes: calls.length,
          failures: 0,
        },
      ],
      currentProvider: 'fake',
    }),
  };
}

const started: TestApp[] = [];

/** startTestApp, remembered so that afterEach can wait for its writes before removing DATA_DIR. */
export async function startChatApp(
  options: Parameters<typeof startTestApp>[0] = {},
): Promise<TestApp> {
  const setup = await startTestApp(options);
  started.push(setup);
  return setup;
}

/**
 * For afterEach: a request can leave a write running after its answer (last-use times ride along once a
 * minute of fake time has passed); removing the folder under it would fail the test by chance.
 */
export async function cleanUpChatApps(): Promise<void> {
  await Promise.all(started.splice(0).map((setup) => flushStores(setup.stores)));
  await removeDataDirs();
}

export interface ChatSetup {
  setup: TestApp;
  owner: TestBrowser;
}

/** An app (with `companion`, or the real local engine) and its owner, logged in and named 'Mei'. */
export async function ownerChat(
  options: Parameters<typeof startTestApp>[0] = {},
): Promise<ChatSetup> {
  const setup = await startChatApp(options);
  const owner = setup.browser();
  await owner.loginOk();
  await owner.register('Mei');
  return { setup, owner };
}

/** The bytes of the files chat writes (and their journals): equal before and after means nothing was written. */
export async function chatFiles(dataDir: string): Promise<string> {
  const read = (name: string) =>
    readFile(join(dataDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '(none)';
      throw error;
    });
  const names = ['conversations.json', 'memory.json'].flatMap((name) => [name, `${name}.journal`]);
  return (await Promise.all(names.map(read))).join('\n---\n');
}

/** The log as GET /api/conversations answers it, less the registration welcome (see WELCOME_MESSAGES). */
export async function logOf(browser: TestBrowser, since?: string): Promise<ConversationEntry[]> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  const response = await browser.request(`/api/conversations${query}`);
  if (response.status !== 200) {
    throw new Error(`GET /api/conversations answered ${response.status}: ${await response.text()}`);
  }
  const log = (await response.json()) as ConversationEntry[];
  return log.filter(
    (entry) =>
      !(entry.sender === 'kiri' && entry.answersId === null && WELCOME_MESSAGES.has(entry.message)),
  );
}

export interface ChatAnswer {
  kiriMessages: { id: string; message: string; timestamp: number }[];
  splitMessageTimings: number[];
  kiriResponse: { message: string };
  userMessage: { id: string; sessionId: string } | null;
  provider: string;
}

export function keyHeader(key: string): Record<string, string> {
  return { 'Idempotency-Key': key };
}
