// Chat and the conversation log: asks the companion, stores the exchange and the request's idempotency
// record as one op of conversations.json, and answers replays rebuilt from that record and the log
// (docs/chat-server.md).
import type { Viewer } from '../auth/auth-service';
import { viewerPermissions } from '../auth/access-rules';
import {
  BASELINE_PERSONALITY,
  type Companion,
  type CompanionInput,
  type PersonalityDimensions,
} from '../companion';
import {
  DEVICE_PROVIDER,
  MAX_CONTEXT_MEMORIES,
  type DeviceReplyPart,
  type EngineContext,
  type MoodInput,
} from '../../src/engine/companion/types';
import { analyse, resolveRemember } from '../../src/engine/companion/intent';
import { engineReadable } from '../../src/engine/companion/text';
import { HttpError } from '../http/errors';
import type {
  ConversationEntry,
  ConversationStore,
  IdempotencyRecord,
  StoredAnswer,
} from '../store/conversation-store';
import type { MemoryLattice } from '../memory/memory-lattice';
import { consoleMemoryFields } from '../memory-sync/memory-sync-rules';
import type { DeferredMessage } from '../power/power-store';
import type { ChatReminders } from '../reminders/chat-reminders';
import { sessionIdAt } from '../../src/domain/day-session';
import { splitTimings } from '../../src/domain/reply-timing';
import { uuidv7 } from '../../src/domain/uuidv7';
import { accountOf } from './account';
import type { ChatRequest, ConversationMessageRequest } from './chat-body';
import {
  entriesSince,
  findAccount,
  hasEntry,
  recentReplies,
  type ConversationOp,
} from './conversation-log';
import {
  IdempotencyGate,
  isUuid,
  PRUNE_INTERVAL_MS,
  recordRoomOf,
  tooManyRecords,
  type GateResult,
  type IdempotentRequest,
  type Outcome,
  type PendingOutcome,
  type StoredOutcome,
} from './idempotency';
import { type ChatPause, DEEP_PAUSE_STATUS, deepPauseAnswer, PAUSED_PROVIDER } from './deep-pause';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const NOT_YOUR_MESSAGE = 'Only your own messages can be unsent';
/**
 * 409 to a greeting asked for a day whose conversation has begun (issue 8): a device that has not pulled
 * yet would otherwise get a greeting after messages the others already show.
 */
export const GREETING_DAY_BEGUN = 'This day already has messages: no greeting';
/** A device reply stands for a message sent once: only a keyed request can be made exactly once. */
export const DEVICE_REPLY_NEEDS_KEY = 'deviceReply: must be sent with an Idempotency-Key';
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

/**
 * Rule 'device reply times' (issue 12): each part keeps the time the device showed it, clamped to no
 * later than the server's clock and after the owner's message, in order and 1 ms apart at least (the
 * log sorts by time on the devices). When the owner's message is itself stamped now, 'after it' wins
 * over 'not in the future' by a millisecond per part, as for the server's own parts.
 */
export function deviceReplyTimes(
  times: readonly number[],
  userTimestamp: number,
  now: number,
): number[] {
  const out: number[] = [];
  let earliest = userTimestamp + 1;
  for (const time of times) {
    const clamped = Math.max(Math.floor(Math.min(time, now)), earliest);
    out.push(clamped);
    earliest = clamped + 1;
  }
  return out;
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
  /** Set on the 202 of deep pause: the reply comes later (chat/deep-pause.ts). */
  deepPause?: boolean;
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
  /** The memory lattice (server/memory): 'remember that …' adds to it, the engine reads from it. */
  memory: MemoryLattice;
  /**
   * The personality the engine speaks with. The baseline until the personality area (personality.json)
   * lands and passes its current dimensions here.
   */
  personality?: (account: string) => PersonalityDimensions;
  /** Deep pause (server/power): messages are stored unanswered and answered after waking. */
  pause?: ChatPause;
  /** Kiri's mood for the account (server/mood), which colours the engine's and the prompt's tone. */
  mood?: (account: string) => MoodInput | null;
  /** 'remind me …' in the chat (server/reminders/chat-reminders.ts). */
  reminders?: ChatReminders;
  /** Commands said in the chat, asked before the reminders: 'bloom sync' (server/weekly-sync/chat-bloom.ts). */
  commands?: ChatCommands;
}

/** A command said in the chat: Kiri's reply when the message is one, else null (answered as usual). */
export interface ChatCommands {
  replyTo(request: {
    account: string;
    /** The owner's message id: a retried message carries the same one. */
    messageId: string;
    text: string;
    /** The viewer holds system_control (the sync control's permission). */
    mayRunSyncs: boolean;
  }): Promise<string | null>;
}

/** What a request decided: its answer, how it changes the account's log, and what rebuilds the answer. */
interface Prepared<A> extends Outcome<A> {
  change: Pick<ConversationOp, 'append' | 'remove'>;
  stored: StoredAnswer;
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

  /**
   * `writes`, given by POST /api/chat/batch: the exchange is applied and its journal line started, but
   * not waited for; its durable write is handed to `writes` instead, and the batch answers once every
   * one has settled (one fdatasync for many messages). Without it, the answer waits for its own write.
   */
  async chat(
    viewer: Viewer,
    body: ChatRequest,
    request: IdempotentRequest | null,
    writes?: (durable: Promise<void>) => void,
  ): Promise<GateResult<ChatAnswer>> {
    const account = accountOf(viewer);
    if (body.deviceReply && !request) throw new HttpError(400, DEVICE_REPLY_NEEDS_KEY);
    // Replies owed from a deep pause are written first, so this one comes after them.
    await this.options.pause?.settled();
    if (body.deviceReply && request) {
      const parts = body.deviceReply;
      return this.once(account, request, () => this.deviceChat(account, body, request, parts), {
        supersedeDeepPause: true,
        writes,
      });
    }
    return this.once(
      account,
      request,
      async () => {
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
        if (this.options.pause?.isDeepPaused()) {
          return this.pausedChat(account, viewer, body, request, {
            userId,
            sessionId,
            userTimestamp,
          });
        }

        const input: CompanionInput = {
          message: body.message,
          isInitialGreeting: greeting,
          userName: body.userName ?? viewer.user.name,
          history: body.history,
          now,
          timeZone,
          personaName: this.options.personaName,
          personality: this.personalityOf(account),
          mood: this.options.mood?.(account) ?? null,
          memories: this.options.memory.forEngine(account, body.message),
          recentReplies: recentReplies(log),
          context: body.context,
        };
        const commandReply =
          logged && userId !== null
            ? await this.options.commands?.replyTo({
                account,
                messageId: userId,
                text: body.message,
                mayRunSyncs: viewerPermissions(viewer).includes('system_control'),
              })
            : null;
        const reminderReply =
          logged && userId !== null && !commandReply
            ? await this.options.reminders?.replyTo({
                account,
                messageId: userId,
                text: body.message,
                at: userTimestamp,
                now,
              })
            : null;
        const localReply = commandReply ?? reminderReply;
        const reply = localReply
          ? { parts: [localReply], provider: 'local', remember: null }
          : await this.options.companion.reply(input);
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
          ...(index === 0 && reply.provider ? { provider: reply.provider } : {}),
        }));
        const entries: ConversationEntry[] = [];
        if (logged && userId !== null) {
          entries.push(ownerEntry(body, userId, userTimestamp, sessionId));
        }
        if (logged) entries.push(...kiriEntries);

        if (reply.remember && !logged) {
          // The console's 'remember that …' is a console memory (where it was made is recorded on the
          // node: docs/memory-sync.md); console-memory then finds this node instead of adding another.
          await this.options.memory.create(
            account,
            consoleMemoryFields(reply.remember, body.message, userId),
          );
        } else if (reply.remember) {
          // Before the log: a crash between the two writes leaves a memory and no record, so the device
          // retries, and the retry finds this node by its source message instead of adding another.
          await this.options.memory.rememberFromChat(
            account,
            reply.remember,
            body.message,
            userId,
            repliedAt,
          );
        }
        if ('intent' in reply && reply.intent === 'recall')
          await this.options.memory.noteRecall(account, body.message);

        const answer = chatAnswer(
          kiriEntries,
          logged && userId !== null ? { id: userId, sessionId } : null,
          reply.provider,
        );
        return {
          status: 200,
          answer,
          change: { append: entries },
          stored: {
            kind: 'chat',
            kiriIds: answer.kiriMessages.map((part) => part.id),
            userMessage: answer.userMessage,
            provider: answer.provider,
            // Not in the log (the console's): the parts themselves, as a replay needs them.
            ...(logged ? {} : { parts: answer.kiriMessages }),
          },
          unchanged: entries.length === 0,
        };
      },
      { writes },
    );
  }

  /**
   * A message Kiri already answered on the device (issue 12, docs/chat-server.md "Device replies"): the
   * owner's message and the device's parts are stored as they are (the device's ids, times clamped by
   * deviceReplyTimes, each part `writtenOffline`), the companion is not asked, and the server learns from
   * the message as it would online: 'remember that …', a recall, a reminder (setSilently); mood and
   * affection are read from the log. Deep pause and sleep do not defer it: the owner has read the reply.
   * A message already in the log (stored in deep pause, its record then superseded; or its record gone)
   * is not stored again, and one that already has an answer gets that answer: never a second one.
   */
  private async deviceChat(
    account: string,
    body: ChatRequest,
    request: IdempotentRequest,
    deviceParts: readonly DeviceReplyPart[],
  ): Promise<Prepared<ChatAnswer>> {
    const { clock, timeZone } = this.options;
    const now = clock();
    checkSessionDay(body.sessionId, now, timeZone);
    const log = this.logOf(account);
    const known =
      isUuid(request.key) && hasEntry(log, request.key)
        ? log.find((entry) => entry.id === request.key && entry.sender === 'user')
        : undefined;
    const userTimestamp = known?.timestamp ?? Math.min(body.clientTimestamp ?? now, now);
    const sessionId = known?.sessionId ?? body.sessionId ?? sessionIdAt(userTimestamp, timeZone);
    const userId = known?.id ?? this.newMessageId(request, log, now);
    const userMessage = { id: userId, sessionId };

    const given = known ? log.filter((entry) => entry.answersId === known.id) : [];
    if (given.length > 0) return this.givenAnswer(userMessage, given);

    await this.learnFromDeviceMessage(account, body, userId, userTimestamp, now);

    const times = deviceReplyTimes(
      deviceParts.map((part) => part.timestamp),
      userTimestamp,
      now,
    );
    const kiriEntries: ConversationEntry[] = deviceParts.map((part, index) => {
      const timestamp = times[index]!;
      return {
        // Never two entries with one id: a taken id (it cannot be this reply's, checked above) is
        // replaced, and the device replaces its row with the answer's, as for any server answer.
        id: hasEntry(log, part.id) || part.id === userId ? uuidv7(timestamp) : part.id,
        message: part.message,
        sender: 'kiri',
        timestamp,
        replyToId: null,
        emotionalState: null,
        sessionId,
        answersId: userId,
        writtenOffline: true,
      };
    });
    // Written in the meantime (an answer owed from a deep pause, while the memory was written)? Then
    // that one is the answer: checked again with no await before the commit.
    const late = known ? this.logOf(account).filter((e) => e.answersId === known.id) : [];
    if (late.length > 0) return this.givenAnswer(userMessage, late);

    const entries: ConversationEntry[] = [];
    if (!known) {
      entries.push(ownerEntry(body, userId, userTimestamp, sessionId));
    }
    entries.push(...kiriEntries);
    return {
      status: 200,
      answer: chatAnswer(kiriEntries, userMessage, DEVICE_PROVIDER),
      change: { append: entries },
      stored: {
        kind: 'chat',
        kiriIds: kiriEntries.map((entry) => entry.id),
        userMessage,
        provider: DEVICE_PROVIDER,
      },
    };
  }

  /** The answer a message already has in the log: given again, nothing appended (no second answer). */
  private givenAnswer(
    userMessage: { id: string; sessionId: string },
    given: readonly ConversationEntry[],
  ): Prepared<ChatAnswer> {
    // The device if its parts say so, else the provider its first part names (replies written before
    // the log kept it name none: the server's engine, as this answer said then).
    const provider = given.every((entry) => entry.writtenOffline)
      ? DEVICE_PROVIDER
      : (given.find((entry) => entry.provider)?.provider ?? 'local');
    return {
      status: 200,
      answer: chatAnswer(given, userMessage, provider),
      change: {},
      stored: { kind: 'chat', kiriIds: given.map((entry) => entry.id), userMessage, provider },
    };
  }

  /**
   * What the server learns from an owner's message the device answered, as it would online: the
   * engine's own reading of the message (analyse, resolveRemember: what the providers' chain reads),
   * so 'remember that …' said offline reaches memory.json and a recall counts an access; a reminder
   * asked for is set (chat-reminders setSilently). Each is idempotent for a retried request: the node
   * by its source message, the reminder by the message's id.
   */
  private async learnFromDeviceMessage(
    account: string,
    body: ChatRequest,
    userId: string,
    userTimestamp: number,
    now: number,
  ): Promise<void> {
    const message = engineReadable(body.message);
    const analysis = analyse(message);
    const history = body.history.map((turn) => ({
      ...turn,
      content: engineReadable(turn.content),
    }));
    const remember = resolveRemember(analysis, message, history);
    if (remember) {
      await this.options.memory.rememberFromChat(account, remember, body.message, userId, now);
    }
    if (analysis.intent === 'recall') await this.options.memory.noteRecall(account, body.message);
    await this.options.reminders?.setSilently?.({
      account,
      messageId: userId,
      text: body.message,
      at: userTimestamp,
      now,
    });
  }

  /**
   * GET /api/companion/context: what the device's engine needs to answer offline (EngineContext), for
   * the caller's account, read as a chat request would read it now.
   */
  engineContext(viewer: Viewer): EngineContext {
    const account = accountOf(viewer);
    return {
      userName: viewer.user.name ?? null,
      personaName: this.options.personaName,
      timeZone: this.options.timeZone,
      personality: this.personalityOf(account),
      mood: this.options.mood?.(account) ?? null,
      // No message to rank by: the newest, as many as the device keeps (memory.json holds fewer).
      memories: this.options.memory.forEngine(account, '', MAX_CONTEXT_MEMORIES),
      // The contract's order is newest last (the device appends its own new replies).
      recentReplies: recentReplies(this.logOf(account)).reverse(),
    };
  }

  /**
   * A chat in deep pause: the owner's message is stored and queued (queued first: a crash between the
   * two leaves a queue entry whose message is not in the log, which is skipped), nothing runs, and the
   * answer is a 202 saying Kiri will answer later. Not logged (the greeting, the console): only the note.
   */
  private async pausedChat(
    account: string,
    viewer: Viewer,
    body: ChatRequest,
    request: IdempotentRequest | null,
    message: { userId: string | null; sessionId: string; userTimestamp: number },
  ): Promise<Prepared<ChatAnswer>> {
    const logged = body.context !== 'manual_console' && message.userId !== null;
    const userMessage = logged ? { id: message.userId!, sessionId: message.sessionId } : null;
    const entries: ConversationEntry[] = [];
    if (logged) {
      await this.options.pause!.defer({
        account,
        messageId: message.userId!,
        key: request?.key ?? null,
        userName: body.userName ?? viewer.user.name ?? null,
        at: this.options.clock(),
      });
      entries.push({
        id: message.userId!,
        message: body.message,
        sender: 'user',
        timestamp: message.userTimestamp,
        replyToId: body.replyToId,
        emotionalState: null,
        sessionId: message.sessionId,
        answersId: null,
      });
    }
    return {
      status: DEEP_PAUSE_STATUS,
      answer: deepPauseAnswer(userMessage),
      change: { append: entries },
      stored: {
        kind: 'chat',
        kiriIds: [],
        userMessage,
        provider: PAUSED_PROVIDER,
        deepPause: true,
        ...(logged ? {} : { parts: [] }),
      },
      unchanged: entries.length === 0,
    };
  }

  /**
   * Kiri's answer to a message kept in deep pause, written after waking: into the log after the
   * exchanges so far, answering that message (`answersId`), and into the request's record, so a
   * replay of it now gets this answer. Nothing is written when the message has left the log or
   * already has an answer (a crash after the answer, before the queue entry was removed).
   */
  async answerDeferred(item: DeferredMessage): Promise<boolean> {
    const { clock, timeZone, conversations } = this.options;
    const account = item.account;
    const log = this.logOf(account);
    const index = log.findIndex((entry) => entry.id === item.messageId);
    if (index === -1 || log.some((entry) => entry.answersId === item.messageId)) return false;
    const question = log[index]!;
    const now = clock();
    const reminderReply = await this.options.reminders?.replyTo({
      account,
      messageId: question.id,
      text: question.message,
      at: question.timestamp,
      now,
    });
    let parts: string[];
    let provider = 'local';
    if (reminderReply) {
      parts = [reminderReply];
    } else {
      const reply = await this.options.companion.reply({
        message: question.message,
        isInitialGreeting: false,
        userName: item.userName,
        history: log.slice(Math.max(0, index - 10), index).map((entry) => ({
          role: entry.sender === 'user' ? ('user' as const) : ('assistant' as const),
          content: entry.message,
        })),
        now,
        timeZone,
        personaName: this.options.personaName,
        personality: this.personalityOf(account),
        mood: this.options.mood?.(account) ?? null,
        memories: this.options.memory.forEngine(account, question.message),
        recentReplies: recentReplies(log),
        context: 'chat',
      });
      parts = reply.parts.map((part) => part.trim()).filter((part) => part !== '');
      provider = reply.provider;
      if (reply.remember) {
        await this.options.memory.rememberFromChat(
          account,
          reply.remember,
          question.message,
          question.id,
          now,
        );
      }
      if (reply.intent === 'recall')
        await this.options.memory.noteRecall(account, question.message);
    }
    if (parts.length === 0) parts.push(EMPTY_REPLY_FALLBACK);
    const repliedAt = Math.max(now, question.timestamp + 1);
    const kiriEntries: ConversationEntry[] = parts.map((message, i) => ({
      id: uuidv7(repliedAt + i),
      message,
      sender: 'kiri',
      timestamp: repliedAt + i,
      replyToId: null,
      emotionalState: null,
      sessionId: question.sessionId,
      answersId: question.id,
      ...(i === 0 && provider ? { provider } : {}),
    }));
    // Answered meanwhile (the device's reply arrived while the companion was asked): no second answer.
    if (this.logOf(account).some((entry) => entry.answersId === item.messageId)) return false;
    const op: ConversationOp = { account, append: kiriEntries };
    const records = findAccount(conversations.data, account)?.idempotency;
    const record =
      item.key && records && Object.hasOwn(records, item.key) ? records[item.key] : null;
    if (item.key && record && record.answer.kind === 'chat' && record.answer.deepPause) {
      op.record = {
        key: item.key,
        value: {
          ...record,
          status: 200,
          answer: {
            kind: 'chat',
            kiriIds: kiriEntries.map((entry) => entry.id),
            userMessage: { id: question.id, sessionId: question.sessionId },
            provider,
          },
        },
      };
    }
    await conversations.commit(op);
    return true;
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
    await this.options.conversations.commit({ account: accountOf(viewer), append: [entry] });
    return entry;
  }

  /**
   * POST /api/conversations: a message stored as it is (the image-sharing sequence). `answersId` is the
   * server's own say (never the request's): the image service names the 'Image sent' entry Kiri's
   * answer answers, as a chat reply names its message.
   */
  async storeMessage(
    viewer: Viewer,
    body: ConversationMessageRequest,
    request: IdempotentRequest | null,
    answersId: string | null = null,
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
        answersId,
      };
      const { message: _text, ...meta } = entry;
      return {
        status: 201,
        answer: { success: true, message: { ...entry } },
        change: { append: [entry] },
        stored: { kind: 'stored', entry: meta },
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
        change: { remove: id },
        stored: { kind: 'unsent', id },
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
   * Runs `work` at most once per (account, key): a replay gets the first answer again, rebuilt from the
   * log entries its record names, and the change and the record of a request are one journal line of
   * conversations.json, so neither can exist without the other.
   */
  private async once<A>(
    account: string,
    request: IdempotentRequest | null,
    work: () => Promise<Prepared<A>>,
    options: {
      supersedeDeepPause?: boolean;
      /** Takes the durable write instead of waiting for it (chat's `writes`). */
      writes?: (durable: Promise<void>) => void;
    } = {},
  ): Promise<GateResult<A>> {
    const { conversations, clock } = this.options;
    const commit = async (): Promise<PendingOutcome<A>> => {
      if (request) this.checkRecordRoom(account);
      const prepared = await work();
      const outcome: Outcome<A> = { status: prepared.status, answer: prepared.answer };
      if (prepared.unchanged && !request) return outcome;
      const at = clock();
      const op: ConversationOp = { account, ...prepared.change };
      if (at - (this.prunedAt.get(account) ?? -Infinity) >= PRUNE_INTERVAL_MS) {
        op.pruneAt = at;
        this.prunedAt.set(account, at);
      }
      if (request) {
        const value: IdempotencyRecord = {
          route: request.route,
          bodyHash: request.bodyHash,
          status: prepared.status,
          answer: prepared.stored,
          at,
        };
        op.record = { key: request.key, value };
      }
      const durable = conversations.commit(op);
      if (options.writes) {
        // Applied in memory now (the next message of the batch reads it); on disk before the answer.
        options.writes(durable);
        return { ...outcome, durable };
      }
      await durable;
      return outcome;
    };
    if (!request) {
      const { durable: _written, ...outcome } = await commit();
      return { ...outcome, replayed: false };
    }
    return this.gate.run(
      account,
      request,
      () => {
        const records = findAccount(conversations.data, account)?.idempotency;
        if (!records || !Object.hasOwn(records, request.key)) return undefined;
        const record = records[request.key]!;
        // The message was stored in deep pause and its 202 never reached the device, which answered
        // it itself: that reply is the answer (it runs, and its record replaces this one), not a later one.
        if (
          options.supersedeDeepPause &&
          record.answer.kind === 'chat' &&
          record.answer.deepPause &&
          record.route === request.route &&
          record.bodyHash === request.bodyHash
        ) {
          return undefined;
        }
        return this.replayOf(account, record);
      },
      commit,
    );
  }

  /**
   * An account whose records fill the caps within the replay window gets a 429 for a new keyed request
   * (before the engine runs: nothing is written), never a dropped record a phone may still replay.
   */
  private checkRecordRoom(account: string): void {
    const records = findAccount(this.options.conversations.data, account)?.idempotency;
    const seconds = recordRoomOf(records, this.options.clock());
    if (seconds !== null) {
      throw new HttpError(429, tooManyRecords(seconds), { 'Retry-After': String(seconds) });
    }
  }

  /**
   * The first answer, rebuilt from the record and the log. Parts that have left the log since (the
   * 1000-entry cap) are left out; docs/chat-server.md says what that answers.
   */
  private replayOf(account: string, record: IdempotencyRecord): StoredOutcome {
    const stored = record.answer;
    const byId = new Map(this.logOf(account).map((entry) => [entry.id, entry]));
    let answer: unknown;
    if (stored.kind === 'chat' && stored.deepPause) {
      answer = deepPauseAnswer(stored.userMessage);
    } else if (stored.kind === 'chat') {
      const kiriMessages =
        stored.parts ??
        stored.kiriIds.flatMap((id) => {
          const entry = byId.get(id);
          return entry ? [{ id, message: entry.message, timestamp: entry.timestamp }] : [];
        });
      answer = chatAnswer(kiriMessages, stored.userMessage, stored.provider);
    } else if (stored.kind === 'stored') {
      const message: ConversationEntry = {
        ...stored.entry,
        message: byId.get(stored.entry.id)?.message ?? '',
      };
      answer = { success: true, message } satisfies StoredMessageAnswer;
    } else {
      answer = { success: true, id: stored.id } satisfies UnsendAnswer;
    }
    return { route: record.route, bodyHash: record.bodyHash, status: record.status, answer };
  }
}

/** The owner's message as the log keeps it. */
function ownerEntry(
  body: ChatRequest,
  id: string,
  timestamp: number,
  sessionId: string,
): ConversationEntry {
  return {
    id,
    message: body.message,
    sender: 'user',
    timestamp,
    replyToId: body.replyToId,
    emotionalState: null,
    sessionId,
    answersId: null,
  };
}

/** The chat's answer from Kiri's parts: the same shape for a first answer, a device reply and a replay. */
function chatAnswer(
  kiriParts: readonly KiriMessage[],
  userMessage: ChatAnswer['userMessage'],
  provider: string,
): ChatAnswer {
  const parts = kiriParts.map((part) => part.message);
  return {
    kiriMessages: kiriParts.map(({ id, message, timestamp }) => ({ id, message, timestamp })),
    splitMessageTimings: splitTimings(parts),
    kiriResponse: { message: parts.join('\n\n') },
    userMessage,
    provider,
  };
}
