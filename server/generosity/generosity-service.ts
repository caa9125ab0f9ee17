// The generosity page's two answers (spec 002 §3, §7; docs/generosity.md): the session statistics and the
// status, both for the viewer's own conversation, read from the stores at each call (nothing is kept).
// The principles and the emotional intelligence description are fixed words; the stage, the counts and
// the engine's state are measured, and the answers say which is which.
import type { Viewer } from '../auth/auth-service';
import { accountOf, OWNER_ACCOUNT } from '../chat/account';
import { findAccount } from '../chat/conversation-log';
import type { PowerState } from '../power/power-rules';
import type { ConversationsFile } from '../store/conversation-store';
import { FEELINGS } from '../../src/engine/companion/intent';
import { sessionIdAt } from '../../src/domain/day-session';
import {
  GENEROSITY_STAGES,
  relationshipAgeOf,
  relationshipStartOf,
  sessionStatsOf,
  stageOf,
  SUPPORT_FEELINGS,
} from './generosity-rules';

export const PRINCIPLE_IDS = [
  'see_users_first',
  'give_before_ask',
  'no_scorekeeping',
  'surprise_loyalty',
] as const;
export type PrincipleId = (typeof PRINCIPLE_IDS)[number];

export type Principles = Record<PrincipleId, { title: string; description: string }>;

/**
 * Fixed words (spec 002 §3 names the four; what each says is ours), in the persona's display name.
 * Nothing measures them.
 */
export const principlesOf = (persona: string): Principles => ({
  see_users_first: {
    title: 'See users first',
    description: 'Read how the person feels before answering what they said.',
  },
  give_before_ask: {
    title: 'Give before ask',
    description: 'Comfort, help or an answer comes first; a question of her own comes after.',
  },
  no_scorekeeping: {
    title: 'No scorekeeping',
    description: `What she gives is never traded for anything: the counts on this page are for you to see, and nothing ${persona} says reads them.`,
  },
  surprise_loyalty: {
    title: 'Surprise loyalty',
    description: 'Remember what matters to the person and bring it back when it helps.',
  },
});

export const EMOTIONAL_INTELLIGENCE = {
  description:
    'Every message of yours is read for feeling by the same reader the chat answers with: VADER sentiment ' +
    '(the vader-sentiment library) for direction and strength, with her feeling words and hard news ' +
    "such as 'my cat died' for the kind of feeling. A message read as sad or anxious that she answered is a " +
    'moment of support.',
  feelings: [...FEELINGS],
  supportFeelings: [...SUPPORT_FEELINGS],
} as const;

export interface GenerosityStats {
  /** ISO: the first entry of today's session, or null before anything was said today. */
  sessionStart: string | null;
  /** Today's day session (yyyy-MM-dd in TIME_ZONE). */
  sessionId: string;
  interactionCount: number;
  emotionalSupportProvided: number;
  principles: PrincipleId[];
}

export interface GenerosityStatus {
  engine: { state: 'active' | 'paused'; reason: string };
  principles: Principles;
  stages_available: typeof GENEROSITY_STAGES;
  emotional_intelligence: typeof EMOTIONAL_INTELLIGENCE;
  current_stage: {
    id: string;
    name: string;
    dayNumber: number;
    months: number;
    pastFinalStage: boolean;
    /** ISO: when the relationship began (see relationshipStartOf). */
    since: string;
    /** The first day's id (yyyy-MM-dd in TIME_ZONE). */
    firstDay: string;
  };
  /** Which parts of the answer are measured; the rest are fixed words. */
  measured: string[];
}

export interface GenerosityServiceOptions {
  conversations: { readonly data: ConversationsFile };
  auth: { readonly data: { users: readonly { id: string; role: string; createdAt: number }[] } };
  clock: () => number;
  timeZone: string;
  /** PERSONA_NAME: the words say it where they name her. */
  personaName: string;
  powerState: () => PowerState;
}

export class GenerosityService {
  constructor(private readonly options: GenerosityServiceOptions) {}

  private logOf(viewer: Viewer) {
    return findAccount(this.options.conversations.data, accountOf(viewer))?.log ?? [];
  }

  /** The owner's devices share one account: it began with the first of them. */
  private accountCreatedAt(viewer: Viewer): number | null {
    if (accountOf(viewer) !== OWNER_ACCOUNT) return viewer.user.createdAt;
    const owners = this.options.auth.data.users.filter((user) => user.role === 'owner');
    return owners.length === 0
      ? viewer.user.createdAt
      : Math.min(...owners.map((u) => u.createdAt));
  }

  stats(viewer: Viewer): GenerosityStats {
    const today = sessionIdAt(this.options.clock(), this.options.timeZone);
    const stats = sessionStatsOf({ log: this.logOf(viewer), today });
    return {
      sessionStart: stats.sessionStart === null ? null : new Date(stats.sessionStart).toISOString(),
      sessionId: today,
      interactionCount: stats.interactionCount,
      emotionalSupportProvided: stats.emotionalSupportProvided,
      principles: [...PRINCIPLE_IDS],
    };
  }

  status(viewer: Viewer): GenerosityStatus {
    const now = this.options.clock();
    const { timeZone } = this.options;
    const since = relationshipStartOf({
      accountCreatedAt: this.accountCreatedAt(viewer),
      log: this.logOf(viewer),
      now,
    });
    const firstDay = sessionIdAt(since, timeZone);
    const current = stageOf(relationshipAgeOf(firstDay, sessionIdAt(now, timeZone)));
    const deepPause = this.options.powerState() === 'deep-pause';
    const persona = this.options.personaName;
    return {
      engine: deepPause
        ? {
            state: 'paused',
            reason: `Deep pause: ${persona} answers no message, so no support is given.`,
          }
        : { state: 'active', reason: `${persona} answers messages, and each is read for feeling.` },
      principles: principlesOf(persona),
      stages_available: GENEROSITY_STAGES,
      emotional_intelligence: EMOTIONAL_INTELLIGENCE,
      current_stage: {
        id: current.stage.id,
        name: current.stage.name,
        dayNumber: current.dayNumber,
        months: current.months,
        pastFinalStage: current.pastFinalStage,
        since: new Date(since).toISOString(),
        firstDay,
      },
      measured: ['engine', 'current_stage'],
    };
  }
}
