// The mirror bridge (spec 001 §2, docs/mirror-bridge.md): watches the configured folder with chokidar for
// chat exports and imports each message once into the owner's conversation log as history (marked
// `imported`, never answered, never pushed), and mirrors the conversation into a git repository as
// Markdown. Its state (running or not, what was imported) is in mirror-bridge.json, so a restart resumes
// it as it was.
import { readdir, realpath, stat } from 'node:fs/promises';
import { watch, type FSWatcher } from 'chokidar';
import { sessionIdAt } from '../../src/domain/day-session';
import { OWNER_ACCOUNT } from '../chat/account';
import { findAccount, hasEntry } from '../chat/conversation-log';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { ConversationEntry, ConversationStore } from '../store/conversation-store';
import {
  FILE_HASH_CAP,
  MESSAGE_HASH_CAP,
  PROBLEM_COUNT,
  RECENT_MESSAGE_COUNT,
  type BridgeMessage,
  type BridgeProblem,
  type MirrorBridgeStore,
} from './bridge-store';
import { confine, OUTSIDE_WATCH_FOLDER, readConfined } from './confinement';
import { exportFormatOf, parseExport } from './export-formats';
import { mirrorToGit, type MirrorLine, type MirrorOutcome } from './git-mirror';
import { emotionOf, fileHash, messageHash, sideOf } from './message-rules';

export const NO_WATCH_FOLDER = 'No watch folder is configured (MIRROR_WATCH_FOLDER)';
export const NOTHING_CONFIGURED =
  'Nothing to sync: no watch folder or git repository is configured';

export interface MirrorBridgeStatus {
  isRunning: boolean;
  /** The configured folder, or null: the panel says 'Not configured'. */
  watchFolder: string | null;
  githubRepoPath: string | null;
}

export interface MirrorBridgeLogs {
  totalMessages: number;
  /** ISO 8601, or null: the panel says 'Never'. */
  lastSync: string | null;
  /** The last 10 imported, oldest first; timestamps ISO 8601. */
  messages: (Omit<BridgeMessage, 'timestamp'> & { timestamp: string })[];
  /** Files refused or lines skipped, newest last (ISO times). */
  problems: (Omit<BridgeProblem, 'at'> & { at: string })[];
  lastMirror: { at: string; commit: string | null; files: number } | null;
}

export interface ImportOutcome {
  file: string;
  imported: number;
  /** Why nothing was read, when the file was refused or already imported. */
  skipped?: string;
}

export interface SyncOutcome {
  imported: number;
  files: ImportOutcome[];
  mirror: MirrorOutcome | null;
}

export interface MirrorBridgeOptions {
  store: MirrorBridgeStore;
  conversations: ConversationStore;
  /** Absolute, as configured; null when not configured. */
  watchFolder: string | null;
  gitRepo: string | null;
  timeZone: string;
  personaName: string;
  ownerName: () => string | null;
  clock: () => number;
  log: Logger;
  /** Tests: how long a file must stay unchanged before it is read (chokidar's awaitWriteFinish). */
  settleMs?: number;
}

/**
 * A UUIDv7-shaped id made from the message's own time and content hash: the same message always gets the
 * same id, so an import cut short between the log and mirror-bridge.json is not doubled when repeated,
 * and the id's time is the message's (the log's "newer id is greater" holds for history too).
 */
export function importedMessageId(timestamp: number, hash: string): string {
  const time = Math.max(0, Math.min(timestamp, 2 ** 48 - 1))
    .toString(16)
    .padStart(12, '0');
  const variant = ((parseInt(hash.slice(15, 16), 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hash.slice(0, 3)}-${variant}${hash.slice(3, 6)}-${hash.slice(6, 18)}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export class MirrorBridge {
  private watcher: FSWatcher | null = null;
  private rootReal: string | null = null;
  /** Imports and syncs run one at a time, in the order asked. */
  private work: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: MirrorBridgeOptions) {}

  status(): MirrorBridgeStatus {
    return {
      isRunning: this.watcher !== null,
      watchFolder: this.options.watchFolder,
      githubRepoPath: this.options.gitRepo,
    };
  }

  logs(): MirrorBridgeLogs {
    const data = this.options.store.data;
    return {
      totalMessages: data.totalMessages,
      lastSync: data.lastSync === null ? null : iso(data.lastSync),
      messages: data.recent.map((message) => ({ ...message, timestamp: iso(message.timestamp) })),
      problems: data.problems.map((problem) => ({ ...problem, at: iso(problem.at) })),
      lastMirror:
        data.lastMirror === null ? null : { ...data.lastMirror, at: iso(data.lastMirror.at) },
    };
  }

  /** Starts watching and remembers it (a restart resumes). Idempotent. */
  async start(): Promise<MirrorBridgeStatus> {
    await this.openWatcher();
    if (!this.options.store.data.running) {
      await this.options.store.update((data) => {
        data.running = true;
      });
    }
    return this.status();
  }

  /** Stops watching and remembers it. Idempotent. */
  async stop(): Promise<MirrorBridgeStatus> {
    await this.closeWatcher();
    if (this.options.store.data.running) {
      await this.options.store.update((data) => {
        data.running = false;
      });
    }
    return this.status();
  }

  /** At server start: watch again if it was running when the server stopped. */
  async resume(): Promise<void> {
    if (!this.options.store.data.running || this.watcher) return;
    try {
      await this.openWatcher();
    } catch (error) {
      // Kept 'running' on purpose: it resumes once the folder is back; the panel shows it stopped.
      await this.problem(this.options.watchFolder ?? '', (error as Error).message);
    }
  }

  /** Manual Sync: every export now in the folder, then the git mirror. Works running or stopped. */
  async sync(): Promise<SyncOutcome> {
    if (this.options.watchFolder === null && this.options.gitRepo === null) {
      throw new HttpError(409, NOTHING_CONFIGURED);
    }
    return this.serial(async () => {
      const files: ImportOutcome[] = [];
      if (this.options.watchFolder !== null) {
        const root = await this.root();
        const names = (await readdir(root)).sort();
        for (const name of names) {
          if (exportFormatOf(name) === null) continue;
          files.push(await this.importNow(name));
        }
      }
      const mirror = this.options.gitRepo === null ? null : await this.mirrorNow();
      return { imported: files.reduce((sum, file) => sum + file.imported, 0), files, mirror };
    });
  }

  /** Imports one file (a name in the watch folder, or a path: refused unless it is in the folder). */
  importFile(candidate: string): Promise<ImportOutcome> {
    return this.serial(() => this.importNow(candidate));
  }

  /** Waits for the imports and syncs under way. */
  async settled(): Promise<void> {
    await this.work.catch(() => undefined);
  }

  /** Stops watching for now (server shutdown); the stored state is kept, so the next start resumes. */
  async close(): Promise<void> {
    await this.closeWatcher();
    await this.settled();
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.work.then(job, job);
    this.work = run.catch(() => undefined);
    return run;
  }

  private async root(): Promise<string> {
    if (this.options.watchFolder === null) throw new HttpError(409, NO_WATCH_FOLDER);
    let real: string;
    try {
      real = await realpath(this.options.watchFolder);
    } catch {
      throw new HttpError(409, `The watch folder ${this.options.watchFolder} does not exist`);
    }
    if (!(await stat(real)).isDirectory()) {
      throw new HttpError(409, `The watch folder ${this.options.watchFolder} is not a folder`);
    }
    this.rootReal = real;
    return real;
  }

  private async openWatcher(): Promise<void> {
    if (this.watcher) return;
    const root = await this.root();
    const settle = this.options.settleMs ?? 300;
    const watcher = watch(root, {
      depth: 0,
      // A symlink is reported as itself; confine() then refuses it when it leads out.
      followSymlinks: false,
      ignoreInitial: false,
      // An export still being written is read once it has stopped growing.
      awaitWriteFinish: { stabilityThreshold: settle, pollInterval: Math.max(20, settle / 4) },
    });
    const queue = (path: string) => {
      if (exportFormatOf(path) !== null) void this.importFile(path).catch(() => undefined);
    };
    watcher.on('add', queue);
    watcher.on('change', queue);
    watcher.on('error', (error) => {
      void this.problem(root, (error as Error).message);
    });
    await new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));
    this.watcher = watcher;
  }

  private async closeWatcher(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
  }

  private async problem(file: string, reason: string): Promise<void> {
    this.options.log.warn(`Mirror bridge: ${file}: ${reason}`);
    await this.options.store.update((data) => {
      data.problems.push({ at: this.options.clock(), file, reason });
      data.problems.splice(0, Math.max(0, data.problems.length - PROBLEM_COUNT));
    });
  }

  private async importNow(candidate: string): Promise<ImportOutcome> {
    const root = this.rootReal ?? (await this.root());
    const confined = await confine(root, candidate);
    if (!confined.ok) {
      await this.problem(candidate, confined.reason);
      return { file: candidate, imported: 0, skipped: confined.reason };
    }
    const format = exportFormatOf(confined.name);
    if (format === null) return { file: confined.name, imported: 0, skipped: 'not an export' };
    let bytes: Buffer;
    try {
      bytes = await readConfined(root, confined);
    } catch (error) {
      const reason = (error as Error).message || OUTSIDE_WATCH_FOLDER;
      await this.problem(confined.name, reason);
      return { file: confined.name, imported: 0, skipped: reason };
    }
    const hash = fileHash(bytes);
    const { store, conversations, clock, timeZone, personaName } = this.options;
    if (store.data.files.some((file) => file.hash === hash)) {
      return { file: confined.name, imported: 0, skipped: 'already imported' };
    }
    const parsed = parseExport(format, bytes.toString('utf8'), timeZone);
    const known = new Set(store.data.messageHashes);
    const log = findAccount(conversations.data, OWNER_ACCOUNT)?.log ?? [];
    const fresh: { hash: string; entry: ConversationEntry; shown: BridgeMessage }[] = [];
    for (const message of parsed.messages) {
      const side = message.type ?? sideOf(message.author, personaName);
      const contentHash = messageHash(side, message.timestamp, message.message);
      if (known.has(contentHash)) continue;
      known.add(contentHash);
      const id = importedMessageId(message.timestamp, contentHash);
      fresh.push({
        hash: contentHash,
        entry: {
          id,
          message: message.message,
          sender: side,
          timestamp: message.timestamp,
          replyToId: null,
          emotionalState: null,
          sessionId: sessionIdAt(message.timestamp, timeZone),
          answersId: null,
          imported: true,
        },
        shown: {
          author: message.author,
          timestamp: message.timestamp,
          message: message.message,
          emotion: message.emotion ?? emotionOf(message.message),
          type: side,
        },
      });
    }
    fresh.sort((a, b) => a.entry.timestamp - b.entry.timestamp);
    // The log first: its ids come from the hashes, so a repeat after a crash here skips what it holds.
    const append = fresh.map((item) => item.entry).filter((entry) => !hasEntry(log, entry.id));
    if (append.length > 0) await conversations.commit({ account: OWNER_ACCOUNT, append });
    const now = clock();
    await store.update((data) => {
      data.files.push({ hash, name: confined.name, at: now, imported: fresh.length });
      data.files.splice(0, Math.max(0, data.files.length - FILE_HASH_CAP));
      data.messageHashes.push(...fresh.map((item) => item.hash));
      data.messageHashes.splice(0, Math.max(0, data.messageHashes.length - MESSAGE_HASH_CAP));
      data.totalMessages += fresh.length;
      if (fresh.length > 0) data.lastSync = now;
      data.recent.push(...fresh.map((item) => item.shown));
      data.recent.splice(0, Math.max(0, data.recent.length - RECENT_MESSAGE_COUNT));
    });
    if (parsed.skipped.length > 0) {
      const more = parsed.skipped.length > 1 ? ` (and ${parsed.skipped.length - 1} more)` : '';
      await this.problem(confined.name, `${parsed.skipped[0]}${more}`);
    }
    this.options.log.info(`Mirror bridge: ${confined.name}: ${fresh.length} message(s) imported`);
    // Auto-sync: while running, what was imported goes on to the git mirror too.
    if (fresh.length > 0 && this.watcher && this.options.gitRepo !== null) {
      await this.mirrorNow().catch(() => null);
    }
    return { file: confined.name, imported: fresh.length };
  }

  /** The owner's conversation log, grouped by day, written and committed. */
  private async mirrorNow(): Promise<MirrorOutcome> {
    const repo = this.options.gitRepo;
    if (repo === null) throw new HttpError(409, 'No git repository is configured');
    const { personaName, timeZone } = this.options;
    const owner = this.options.ownerName() ?? 'You';
    const days = new Map<string, MirrorLine[]>();
    for (const entry of findAccount(this.options.conversations.data, OWNER_ACCOUNT)?.log ?? []) {
      const line: MirrorLine = {
        author: entry.sender === 'kiri' ? personaName : owner,
        side: entry.sender,
        timestamp: entry.timestamp,
        message: entry.message,
      };
      const day = days.get(entry.sessionId);
      if (day) day.push(line);
      else days.set(entry.sessionId, [line]);
    }
    let outcome: MirrorOutcome;
    try {
      outcome = await mirrorToGit({ repo, days, timeZone, personaName });
    } catch (error) {
      const reason = (error as Error).message;
      await this.problem(repo, reason);
      throw new HttpError(409, `Git mirror failed: ${reason}`);
    }
    const now = this.options.clock();
    await this.options.store.update((data) => {
      data.lastMirror = { at: now, commit: outcome.commit, files: outcome.files };
      if (outcome.commit !== null) data.lastSync = now;
    });
    return outcome;
  }
}
