// The infrastructure page's rules (spec 002 "Infrastructure", §4; docs/infrastructure.md): each feature's
// status (ready, pending or disabled) and its one-line reason, from facts the service reads. Plain
// functions, one per feature. The words of the three states:
// - ready: the feature works now;
// - pending: it is set up, but something it needs has not happened yet (a subscription, an answer, a
//   first fetch, a snapshot that is due);
// - disabled: it is not set up or turned off.
// Persistent storage on the device is the client's own rule (src/features/infrastructure/model).

export const FEATURE_STATUSES = ['ready', 'pending', 'disabled'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export interface Verdict {
  status: FeatureStatus;
  reason: string;
}

export interface DetailVerdict extends Verdict {
  name: string;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Rule: agoText. How long ago, in the coarsest whole unit: 'just now', '5 minutes ago', '2 days ago'. */
export function agoText(ms: number): string {
  const elapsed = Math.max(0, ms);
  if (elapsed < 60_000) return 'just now';
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / 60_000), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  return `${plural(Math.floor(elapsed / DAY_MS), 'day')} ago`;
}

// ---- push ----

/**
 * Rule: pushStatusOf. VAPID keys and at least one subscription: ready; keys but no subscription:
 * pending; no keys: disabled (push.json makes them at the first start, so only a damaged file has none).
 * A subject Apple refuses is said after the verdict, which it does not change: other services accept it.
 */
export function pushStatusOf(facts: {
  hasKeys: boolean;
  subscriptions: number;
  viewerSubscriptions: number;
  subjectWarning: boolean;
}): Verdict {
  if (!facts.hasKeys) {
    return { status: 'disabled', reason: 'No VAPID keys in push.json: no push can be signed.' };
  }
  const apple = facts.subjectWarning
    ? " VAPID_SUBJECT is not a real contact, so Apple's push service refuses these pushes."
    : '';
  if (facts.subscriptions === 0) {
    return {
      status: 'pending',
      reason: `VAPID keys are present; no device has subscribed yet (Sleep Mode, Notifications).${apple}`,
    };
  }
  return {
    status: 'ready',
    reason: `VAPID keys are present; ${plural(facts.subscriptions, 'subscription')} (${facts.viewerSubscriptions} on your devices).${apple}`,
  };
}

// ---- providers ----

/** What one probe of a provider saw. */
export type ProbeOutcome =
  | { kind: 'answered'; httpStatus: number; latencyMs: number }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; message: string };

/**
 * Rule: probeVerdictOf. A provider is reachable when its OpenAI-compatible `GET /models` answers 2xx,
 * or 404/405 (a server up without that list: llama.cpp's older builds). 401 and 403 mean the key was
 * refused; any other answer, a timeout or a failed connection is unreachable.
 */
export function probeVerdictOf(outcome: ProbeOutcome): Verdict & { reachable: boolean } {
  if (outcome.kind === 'timeout') {
    return {
      reachable: false,
      status: 'pending',
      reason: `No answer within ${outcome.timeoutMs} ms.`,
    };
  }
  if (outcome.kind === 'network') {
    return {
      reachable: false,
      status: 'pending',
      reason: `Could not connect: ${outcome.message}.`,
    };
  }
  const { httpStatus, latencyMs } = outcome;
  if (httpStatus >= 200 && httpStatus < 300) {
    return { reachable: true, status: 'ready', reason: `Answered in ${latencyMs} ms.` };
  }
  if (httpStatus === 404 || httpStatus === 405) {
    return {
      reachable: true,
      status: 'ready',
      reason: `Answered in ${latencyMs} ms (HTTP ${httpStatus}: no model list, but the server is up).`,
    };
  }
  if (httpStatus === 401 || httpStatus === 403) {
    return {
      reachable: false,
      status: 'pending',
      reason: `Refused the API key (HTTP ${httpStatus}).`,
    };
  }
  return { reachable: false, status: 'pending', reason: `Answered HTTP ${httpStatus}.` };
}

/**
 * Rule: providersStatusOf. None configured: disabled, the local engine answers; at least one reachable:
 * ready (the chain tries them in order, the local engine last); configured but none reachable: pending.
 */
export function providersStatusOf(
  probes: readonly { name: string; outcome: ProbeOutcome }[],
): Verdict & { details: DetailVerdict[] } {
  if (probes.length === 0) {
    return {
      status: 'disabled',
      reason:
        "No LLM provider is configured (LLM_PROVIDERS): Kiri's local engine answers every message.",
      details: [],
    };
  }
  const details = probes.map(({ name, outcome }) => {
    const { status, reason } = probeVerdictOf(outcome);
    return { name, status, reason };
  });
  const reachable = details.filter((detail) => detail.status === 'ready');
  if (reachable.length === 0) {
    return {
      status: 'pending',
      reason: `None of the ${plural(probes.length, 'configured provider')} answered: Kiri's local engine answers until one does.`,
      details,
    };
  }
  return {
    status: 'ready',
    reason: `${reachable.length} of ${plural(probes.length, 'configured provider')} reachable; the first to answer in the chain is ${reachable[0]!.name}, the local engine last.`,
    details,
  };
}

// ---- HTTPS ----

/** Rule: isLoopbackHost. localhost, 127.0.0.0/8 and ::1, with or without a port. */
export function isLoopbackHost(host: string): boolean {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  const lower = name.toLowerCase();
  return (
    lower === 'localhost' ||
    lower.endsWith('.localhost') ||
    lower === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(lower)
  );
}

/**
 * Rule: httpsStatusOf. As this request arrived (X-Forwarded-Proto only with TRUST_PROXY): HTTPS is
 * ready; plain HTTP is disabled. On a loopback address the browser treats the page as secure anyway,
 * which the reason says, since other devices still need HTTPS.
 */
export function httpsStatusOf(facts: { secure: boolean; host: string }): Verdict {
  if (facts.secure) return { status: 'ready', reason: 'This request arrived over HTTPS.' };
  if (isLoopbackHost(facts.host)) {
    return {
      status: 'disabled',
      reason:
        'This request arrived over plain HTTP on a loopback address: this browser treats it as secure, but other devices need HTTPS for the service worker, push and install.',
    };
  }
  return {
    status: 'disabled',
    reason:
      'This request arrived over plain HTTP: the service worker, push and install need HTTPS (the README says how to put Kiri behind it).',
  };
}

// ---- backups ----

/** The weekly sync snapshots once a week: a snapshot within 8 days means the last one was not missed. */
export const RECENT_SNAPSHOT_MS = 8 * DAY_MS;

/**
 * Rule: backupStatusOf. A version-guard snapshot (restorable with this DATA_KEY) within 8 days: ready.
 * Otherwise pending while the weekly sync is active (it takes one at its next run), disabled when it
 * is inactive (nothing will take one by itself).
 */
export function backupStatusOf(facts: {
  newestSnapshotAt: number | null;
  now: number;
  weeklySyncActive: boolean;
  nextWeeklySync: string | null;
}): Verdict {
  const { newestSnapshotAt, now } = facts;
  const newest =
    newestSnapshotAt === null
      ? null
      : `the newest snapshot was taken ${agoText(now - newestSnapshotAt)}`;
  if (newestSnapshotAt !== null && now - newestSnapshotAt <= RECENT_SNAPSHOT_MS) {
    return {
      status: 'ready',
      reason: `Within 8 days: ${newest} (DATA_DIR/snapshots).`,
    };
  }
  const none = newest === null ? 'No snapshot yet' : `No snapshot within 8 days: ${newest}`;
  if (facts.weeklySyncActive) {
    const when = facts.nextWeeklySync ? ` (${facts.nextWeeklySync})` : '';
    return {
      status: 'pending',
      reason: `${none}; the weekly sync takes one at its next run${when}.`,
    };
  }
  return {
    status: 'disabled',
    reason: `${none}, and the weekly sync is inactive (Sync Control): nothing takes one by itself.`,
  };
}

// ---- feeds ----

export interface FeedFacts {
  url: string;
  kind: string;
}

export interface FeedRunFacts {
  at: number;
  sources: readonly { id: string; outcome: string; added: number; reason: string | null }[];
}

/** A feed's name on the page: its host and path, never its query (which may hold a token). */
export function feedName(url: string): string {
  if (!URL.canParse(url)) return url.split('?')[0] ?? url;
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * Rule: feedsStatusOf. The consciousness stream's configured RSS/Atom feeds, from the last collection's
 * report: every feed read (new items or nothing new) is ready; a feed not fetched yet, or one that failed
 * at the last fetch, makes it pending; no feed configured is disabled.
 */
export function feedsStatusOf(facts: {
  feeds: readonly FeedFacts[];
  lastRun: FeedRunFacts | null;
  now: number;
}): Verdict & { details: DetailVerdict[] } {
  if (facts.feeds.length === 0) {
    return {
      status: 'disabled',
      reason:
        'No RSS or Atom feed is configured for the consciousness stream (its settings, /consciousness).',
      details: [],
    };
  }
  const { lastRun } = facts;
  const details = facts.feeds.map((feed): DetailVerdict => {
    const name = `${feedName(feed.url)} (${feed.kind})`;
    const report = lastRun?.sources.find((source) => source.id === `feed:${feed.url}`);
    if (!report) return { name, status: 'pending', reason: 'Not fetched yet.' };
    if (report.outcome === 'added') {
      return { name, status: 'ready', reason: `Read: ${plural(report.added, 'new item')}.` };
    }
    if (report.outcome === 'nothing-new') {
      return { name, status: 'ready', reason: 'Read: nothing new.' };
    }
    return {
      name,
      status: 'pending',
      reason: `Last fetch failed: ${report.reason ?? report.outcome}.`,
    };
  });
  const when = lastRun ? `the last collection, ${agoText(facts.now - lastRun.at)}` : null;
  const read = details.filter((detail) => detail.status === 'ready').length;
  if (read === details.length) {
    return {
      status: 'ready',
      reason: `${read === 1 ? 'The feed was' : `All ${read} feeds were`} read at ${when}.`,
      details,
    };
  }
  const unfetched = details.filter((detail) => detail.reason === 'Not fetched yet.').length;
  const failed = details.length - read - unfetched;
  const parts = [
    failed > 0 ? `${failed} of ${plural(details.length, 'feed')} failed at ${when}` : null,
    unfetched > 0 ? `${plural(unfetched, 'feed')} not fetched yet` : null,
  ].filter((part) => part !== null);
  return { status: 'pending', reason: `${parts.join('; ')}.`, details };
}

// ---- encryption at rest ----

/**
 * Rule: encryptionStatusOf. DATA_DIR's files written encrypted: ready. Otherwise disabled, saying
 * whether DATA_KEY is set (then an admin turns it on in the hybrid protocol's settings) or not.
 */
export function encryptionStatusOf(facts: { hasKey: boolean; encrypting: boolean }): Verdict {
  if (facts.encrypting) {
    return {
      status: 'ready',
      reason: "DATA_DIR's files are written encrypted (AES-256-GCM with DATA_KEY).",
    };
  }
  if (facts.hasKey) {
    return {
      status: 'disabled',
      reason:
        "DATA_KEY is set, but encryption at rest is off: an admin turns it on in the Hybrid Protocol dashboard's settings.",
    };
  }
  return { status: 'disabled', reason: "DATA_KEY is not set: DATA_DIR's files are plain JSON." };
}
