// What the Analytics and Monitoring pages ask for (docs/analytics.md): the viewer's own conversation (their
// account's log and exactly-once records, conversations.json) and the pushes sent to their own devices
// (push-log.json), read through the rules of analytics-rules.ts. Reads only; nothing is written.
import type { Viewer } from '../auth/auth-service';
import { accountOf } from '../chat/account';
import { findAccount } from '../chat/conversation-log';
import type { PushLogStore } from '../push/push-log';
import type { ConversationStore } from '../store/conversation-store';
import {
  analyticsSummary,
  monitoringSummary,
  type AnalyticsSummary,
  type MonitoringSummary,
} from './analytics-rules';

export interface AnalyticsServiceOptions {
  conversations: ConversationStore;
  pushLog: PushLogStore;
  clock: () => number;
  timeZone: string;
  /** The user ids whose devices belong to an account (the owner's devices share one account). */
  usersOf: (account: string) => string[];
}

export class AnalyticsService {
  constructor(private readonly options: AnalyticsServiceOptions) {}

  summary(viewer: Viewer, days: number): AnalyticsSummary {
    const { clock, timeZone } = this.options;
    return analyticsSummary({ ...this.conversationOf(viewer), now: clock(), timeZone, days });
  }

  monitoring(viewer: Viewer): MonitoringSummary {
    const { clock, timeZone, pushLog, usersOf } = this.options;
    const users = new Set(usersOf(accountOf(viewer)));
    return monitoringSummary({
      ...this.conversationOf(viewer),
      pushes: pushLog.data.entries.filter((entry) => users.has(entry.userId)),
      now: clock(),
      timeZone,
    });
  }

  private conversationOf(viewer: Viewer) {
    const account = findAccount(this.options.conversations.data, accountOf(viewer));
    return { log: account?.log ?? [], records: account?.idempotency ?? {} };
  }
}
