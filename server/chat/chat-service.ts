// Chat and the conversation log: asks the companion, stores the exchange and the request's idempotency
// record in one update of conversations.json, and answers replays from that record (docs/chat-server.md).
import type { Viewer } from '../auth/auth-service';
import {
  BASELINE_PERSONALITY,
  type Companion,
  type CompanionInput,
  type PersonalityDimensions,
} from '../companion';
import { HttpError } from '../http/errors';
import type {
  ConversationAccount,
  ConversationEntry,
  ConversationStore,
  IdempotencyRecord,
} from '../store/conversation-store';
import type { MemoryStore } from '../store/memory-store';
import { sessionIdAt } from '../../src/domain/day-session';
import { splitTimings } from '../../src/domain/reply-timing';
import { uuidv7 } from '../../src/domain/uuidv7';
import { accountOf } from './account';
import type { ChatRequest, ConversationMessageRequest } from './chat-body';
import {
  accountIn,
  appendEntries,
  entriesSince,
  findAccount,
  hasEntry,
  recentReplies,
} from './conversation-log';
import {
  IdempotencyGate,
  isUuid,
  PRUNE_INTERVAL_MS,
  pruneRecords,
  type GateResult,
  type IdempotentRequest,
  type Outcome,
} from './idempotency';
import { addNode, chatMemoryNode, memoriesForEngine } from './memories';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const NOT_YOUR_MESSAGE = 'Only your own messages can be unsent';
/**
 * 409 to a greeting asked for a day whose conversation has begun (issue 8): a device that has not pulled
 * yet would otherwise get a greeting after messages the others already show.
 */
export const GREETING_DAY_BEGUN = 'This day already has messages: no greeting';
/** Spec 000 §8: what the chat shows for an empty reply. Only used if an engine ever returns nothing. */
export const EMPTY_REPLY_FALLBACK = "I'm here with you...";

/** The day after `sessionId` (both `yyyy-MM-dd`). */
function dayAfter(sessionId: string): string {
  const [year, month, day] = sessionId.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * A message cannot come from a day that has not begun: a sessionId later than tomorrow (in the server's
 * TIME_ZONE; tomorrow, for a device whose clock or zone is a little ahead) is a 400 naming the field.
 * Past days are fine: an offline device replays old days.
 */
export function checkSessionDay(sessionId: string | null, now: number, timeZone: string): void {
  if (sessionId === null) return;
  const today = sessionIdAt(now, timeZone);
  // yyyy-MM-dd with four-digit years compares as text in date order.
  if (sessionId > dayAfter(today)) {
    throw new HttpError(
      400,
      `sessionId: must not be more than one day after today (${today} in ${timeZone})`,
    );
  }
}

export interface KiriMessage {
  id: string;
  message: string;
  timestamp: number;
}

/** POST /api/chat's answer: spec 000 §3.3's reply, plus what the device needs to file it. */
export interface ChatAnswer {
  kiriMessages: KiriMessage[];
  splitMessageTimings: number[];
  kiriResponse: { message: string };
  /** The owner's message as the server logged it; null for a greeting and the console. */
  userMessage: { id: string; sessionId: string } | null;
  provider: string;
}

export interface StoredMessageAnswer {
  success: true;
  message: ConversationEntry;
}

export interface UnsendAnswer {
  success: true;
  id: string;
}

export interface ChatServiceOptions {
  personaName: string;
  timeZone: string;
  clock: () => number;
  companion: Companion;
  conversations: ConversationStore;
  memory: MemoryStore;
  /**
   * The personality the engine speaks with. The baseline until the personality area (personality.json)
   * lands and passes its current dimensions here.
   */
  personality?: (account: string) => PersonalityDimensions;
}

/** What a request decided, and how it changes the account's data when it is committed. */
interface Prepared<A> extends Outcome<A> {
  apply(account: ConversationAccount): void;
  /** Nothing to add or remove: without a key to record, there is nothing to write. */
  unchanged?: boolean;
}

export class ChatService {
  readonly gate = new IdempotencyGate();
  /** When each account's records were last pruned (in memory: after a restart the first write prunes). */
  private readonly prunedAt = new Map<string, number>();
  private readonly personalityOf: (account: string) => PersonalityDimensions;

  constructor(private readonly options: ChatServiceOptions) {
    this.personalityOf = options.personality ?? (() => BASELINE_PERSONALITY);
  }

  /** The account's log, oldest first; with `since`, only what was appended after that entry. */
  list(viewer: Viewer, since?: string): ConversationEntry[] {
    return entriesSince(this.logOf(accountOf(viewer)), since);
  }

  async chat(
    viewer: Viewer,
    body: ChatRequest,
    request: IdempotentRequest | null,
  ): Promise<GateResult<ChatAnswer>> {
    const account = accountOf(viewer);
    return this.once(account, request, async () => {
      const { clock, timeZone } = this.options;
      const now = clock();
      checkSessionDay(body.sessionId, now, timeZone);
      const log = this.logOf(account);
      const greeting = body.isInitialGreeting;
      // The console's exchanges live in the console (spec 002 §5): they are not part of the chat's log.
      const logged = body.context !== 'manual_console';
      const userTimestamp = Math.min(body.clientTimestamp ?? now, now);
      const sessionId = body.sessionId ?? sessionIdAt(userTimestamp, timeZone);
      // The greeting opens the shared conversation of a day, or is not made (nothing runs or is written).
      if (greeting && logged && log.some((entry) => entry.sessionId === sessionId)) {
        throw new HttpError(409, GREETING_DAY_BEGUN);
      }
      const userId = greeting ? null : this.newMessageId(request, log, now);

      const input: CompanionInput = {
        message: body.message,
        isInitialGreeting: greeting,
        userName: body.userName ?? viewer.user.name,
        history: body.history,
        now,
        timeZone,
        personaName: this.options.personaName,
        personality: this.personalityOf(account),
        memories: memoriesForEngine(this.options.memory.data, account),
        recentReplies: recentReplies(log),
        context: body.context,
      };
      const reply = await this.options.companion.reply(input);
      const parts = reply.parts.map((part) => part.trim()).filter((part) => part !== '');
      if (parts.length === 0) parts.push(EMPTY_REPLY_FALLBACK);

      const repliedAt = Math.max(clock(), userTimestamp + 1);
      // 1 ms apart, after the question: the parts keep their order wherever they are sorted by time.
      const kiriEntries: ConversationEntry[] = parts.map((message, index) => ({
        id: uuidv7(repliedAt + index),
        message,
        sender: 'kiri',
        timestamp: repliedAt + index,
        replyToId: null,
        emotionalState: null,
        sessionId,
        answersId: userId,
      }));
      const entries: ConversationEntry[] = [];
      if (logged && userId !== null) {
        entries.push({
          id: userId,
          message: body.message,
          sender: 'user',
          timestamp: userTimestamp,
          replyToId: body.replyToId,
          emotionalState: null,
          sessionId,
          answersId: null,
        });
      }
      if (logged) entries.push(...kiriEntries);

      if (reply.remember) {
        // Before the log: a crash between the two writes leaves a memory and no record, so the device
        // retries, and the retry finds this node by its source message instead of adding another.
        const node = chatMemoryNode(reply.remember, repliedAt, userId);
        await this.options.memory.update((data) => {
          addNode(data, account, node);
        });
      }

      const answer: ChatAnswer = {
        kiriMessages: kiriEntries.map(({ id, message, timestamp }) => ({ id, message, timestamp })),
        splitMessageTimings: splitTimings(parts),
        kiriResponse: { message: parts.join('\n\n') },
        userMessage: logged && userId !== null ? { id: userId, sessionId } : null,
        provider: reply.provider,
      };
      return {
        status: 200,
        answer,
        apply: (data) => appendEntries(data, entries),
        unchanged: entries.length === 0,
      };
    });
  }

  /**
   * Kiri's welcome after registration goes into the log like any of her messages, so every device of
   * the account shows it in the chat (spec 000 §4: 'a welcome message is appended').
   */
  async appendWelcome(viewer: Viewer, text: string): Promise<ConversationEntry> {
    const now = this.options.clock();
    const entry: ConversationEntry = {
      id: uuidv7(now),
      message: text,
      sender: 'kiri',
      timestamp: now,
      replyToId: null,
      emotionalState: null,
      sessionId: sessionIdAt(now, this.options.timeZone),
      answersId: null,
    };
    await this.options.conversations.update((data) => {
      appendEntries(accountIn(data, accountOf(viewer)), [entry]);
    });
    return entry;
  }

  /** POST /api/conversations: a message stored as it is (the image-sharing sequence). */
  async storeMessage(
    viewer: Viewer,
    body: ConversationMessageRequest,
    request: IdempotentRequest | null,
  ): Promise<GateResult<StoredMessageAnswer>> {
    const account = accountOf(viewer);
    return this.once(account, request, async () => {
      const now = this.options.clock();
      checkSessionDay(body.sessionId, now, this.options.timeZone);
      const timestamp = Math.min(body.clientTimestamp ?? now, now);
      const entry: ConversationEntry = {
        id: this.newMessageId(request, this.logOf(account), now),
        message: body.message,
        sender: body.sender,
        timestamp,
        replyToId: body.replyToId,
        emotionalState: body.emotionalState,
        sessionId: body.sessionId ?? sessionIdAt(timestamp, this.options.timeZone),
        answersId: null,
      };
      return {
        status: 201,
        answer: { success: true, message: { ...entry } },
        apply: (data) => appendEntries(data, [entry]),
      };
    });
  }

  /** Unsend: the owner's own message leaves the log (Kiri's answers to it stay). */
  async unsend(
    viewer: Viewer,
    id: string,
    request: IdempotentRequest | null,
  ): Promise<GateResult<UnsendAnswer>> {
    const account = accountOf(viewer);
    return this.once(account, request, async () => {
      const entry = this.logOf(account).find((e) => e.id === id);
      if (!entry) throw new HttpError(404, MESSAGE_NOT_FOUND);
      if (entry.sender !== 'user') throw new HttpError(403, NOT_YOUR_MESSAGE);
      return {
        status: 200,
        answer: { success: true, id },
        apply: (data) => {
          const index = data.log.findIndex((e) => e.id === id);
          if (index !== -1) data.log.splice(index, 1);
        },
      };
    });
  }

  private logOf(account: string): ConversationEntry[] {
    return findAccount(this.options.conversations.data, account)?.log ?? [];
  }

  /** The device's own id when its key is one (a UUIDv7 it made), unless that id is taken. */
  private newMessageId(
    request: IdempotentRequest | null,
    log: readonly ConversationEntry[],
    now: number,
  ): string {
    if (request && isUuid(request.key) && !hasEntry(log, request.key)) return request.key;
    return uuidv7(now);
  }

  /**
   * Runs `work` at most once per (account, key): a replay gets the stored answer, and the change and
   * the record of a request go to disk in one file update, so neither can exist without the other.
   */
  private async once<A>(
    account: string,
    request: IdempotentRequest | null,
    work: () => Promise<Prepared<A>>,
  ): Promise<GateResult<A>> {
    const { conversations, clock } = this.options;
    const commit = async (): Promise<Outcome<A>> => {
      const prepared = await work();
      const outcome: Outcome<A> = { status: prepared.status, answer: prepared.answer };
      if (prepared.unchanged && !request) return outcome;
      const at = clock();
      await conversations.update((data) => {
        const stored = accountIn(data, account);
        prepared.apply(stored);
        if (at - (this.prunedAt.get(account) ?? -Infinity) >= PRUNE_INTERVAL_MS) {
          pruneRecords(stored.idempotency, at);
          this.prunedAt.set(account, at);
        }
        if (request) {
          stored.idempotency[request.key] = {
            route: request.route,
            bodyHash: request.bodyHash,
            status: prepared.status,
            answer: prepared.answer as IdempotencyRecord['answer'],
            at,
          };
        }
      });
      return outcome;
    };
    if (!request) return { ...(await commit()), replayed: false };
    return this.gate.run(
      account,
      request,
      () => {
        const records = findAccount(conversations.data, account)?.idempotency;
        return records && Object.hasOwn(records, request.key) ? records[request.key] : undefined;
      },
      commit,
    );
  }
}
