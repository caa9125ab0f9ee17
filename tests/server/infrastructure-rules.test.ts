// The infrastructure page's rules (server/infrastructure/infrastructure-rules.ts), one block per rule.
import { describe, expect, it } from 'vitest';
import {
  agoText,
  backupStatusOf,
  encryptionStatusOf,
  feedName,
  feedsStatusOf,
  httpsStatusOf,
  isLoopbackHost,
  probeVerdictOf,
  providersStatusOf,
  pushStatusOf,
  RECENT_SNAPSHOT_MS,
} from '../../server/infrastructure/infrastructure-rules';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('agoText', () => {
  it('the coarsest whole unit', () => {
    expect(agoText(10_000)).toBe('just now');
    expect(agoText(MINUTE)).toBe('1 minute ago');
    expect(agoText(5 * MINUTE)).toBe('5 minutes ago');
    expect(agoText(3 * 60 * MINUTE)).toBe('3 hours ago');
    expect(agoText(2 * DAY + 5 * MINUTE)).toBe('2 days ago');
  });
});

describe('pushStatusOf', () => {
  const facts = { hasKeys: true, subscriptions: 0, viewerSubscriptions: 0, subjectWarning: false };

  it('keys and a subscription: ready, saying how many are the viewer’s', () => {
    const verdict = pushStatusOf({ ...facts, subscriptions: 3, viewerSubscriptions: 1 });
    expect(verdict.status).toBe('ready');
    expect(verdict.reason).toBe('VAPID keys are present; 3 subscriptions (1 on your devices).');
  });

  it('keys but no subscription: pending', () => {
    expect(pushStatusOf(facts).status).toBe('pending');
  });

  it('no keys: disabled', () => {
    expect(pushStatusOf({ ...facts, hasKeys: false, subscriptions: 2 }).status).toBe('disabled');
  });

  it('a subject Apple refuses is said, and does not change the status', () => {
    const verdict = pushStatusOf({ ...facts, subscriptions: 1, subjectWarning: true });
    expect(verdict.status).toBe('ready');
    expect(verdict.reason).toContain("Apple's push service refuses");
  });
});

describe('probeVerdictOf', () => {
  it('2xx, 404 and 405 answers are reachable', () => {
    for (const httpStatus of [200, 204, 404, 405]) {
      expect(probeVerdictOf({ kind: 'answered', httpStatus, latencyMs: 12 }).reachable).toBe(true);
    }
  });

  it('a refused key, another answer, a timeout or no connection are not', () => {
    expect(probeVerdictOf({ kind: 'answered', httpStatus: 401, latencyMs: 5 })).toMatchObject({
      reachable: false,
      reason: 'Refused the API key (HTTP 401).',
    });
    expect(probeVerdictOf({ kind: 'answered', httpStatus: 503, latencyMs: 5 }).reachable).toBe(
      false,
    );
    expect(probeVerdictOf({ kind: 'timeout', timeoutMs: 3000 })).toMatchObject({
      reachable: false,
      reason: 'No answer within 3000 ms.',
    });
    expect(probeVerdictOf({ kind: 'network', message: 'ECONNREFUSED' })).toMatchObject({
      reachable: false,
      reason: 'Could not connect: ECONNREFUSED.',
    });
  });
});

describe('providersStatusOf', () => {
  const up = { kind: 'answered', httpStatus: 200, latencyMs: 40 } as const;
  const down = { kind: 'network', message: 'ECONNREFUSED' } as const;

  it('none configured: disabled, the local engine answers', () => {
    const verdict = providersStatusOf([]);
    expect(verdict.status).toBe('disabled');
    expect(verdict.reason).toContain("Kiri's local engine answers every message");
  });

  it('one reachable: ready, naming the first that answers', () => {
    const verdict = providersStatusOf([
      { name: 'openai', outcome: down },
      { name: 'ollama', outcome: up },
    ]);
    expect(verdict.status).toBe('ready');
    expect(verdict.reason).toBe(
      '1 of 2 configured providers reachable; the first to answer in the chain is ollama, the local engine last.',
    );
    expect(verdict.details.map((detail) => detail.status)).toEqual(['pending', 'ready']);
  });

  it('none reachable: pending', () => {
    const verdict = providersStatusOf([{ name: 'openai', outcome: down }]);
    expect(verdict.status).toBe('pending');
    expect(verdict.reason).toBe(
      "None of the 1 configured provider answered: Kiri's local engine answers until one does.",
    );
  });
});

describe('isLoopbackHost', () => {
  it('localhost, 127.0.0.0/8 and ::1, with a port or not', () => {
    for (const host of [
      'localhost',
      'localhost:8787',
      '127.0.0.1:5173',
      '127.1.2.3',
      '[::1]:8787',
      'kiri.localhost',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      'kiri.example.com',
      '192.168.1.10:8787',
      '[2001:db8::1]:443',
      '128.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('httpsStatusOf', () => {
  it('HTTPS: ready; plain HTTP: disabled, saying when the address is loopback', () => {
    expect(httpsStatusOf({ secure: true, host: 'kiri.example.com' }).status).toBe('ready');
    const loopback = httpsStatusOf({ secure: false, host: '127.0.0.1:8787' });
    expect(loopback.status).toBe('disabled');
    expect(loopback.reason).toContain('loopback');
    const lan = httpsStatusOf({ secure: false, host: '192.168.1.10:8787' });
    expect(lan.status).toBe('disabled');
    expect(lan.reason).not.toContain('loopback');
  });
});

describe('backupStatusOf', () => {
  const now = Date.UTC(2026, 0, 15);
  const facts = { now, weeklySyncActive: true, nextWeeklySync: 'Sunday 03:00' };

  it('a snapshot within 8 days: ready', () => {
    const verdict = backupStatusOf({ ...facts, newestSnapshotAt: now - 2 * DAY });
    expect(verdict.status).toBe('ready');
    expect(verdict.reason).toContain('2 days ago');
    expect(backupStatusOf({ ...facts, newestSnapshotAt: now - RECENT_SNAPSHOT_MS }).status).toBe(
      'ready',
    );
  });

  it('older, or none, while the weekly sync is active: pending, saying when the next is due', () => {
    const old = backupStatusOf({ ...facts, newestSnapshotAt: now - RECENT_SNAPSHOT_MS - 1 });
    expect(old.status).toBe('pending');
    expect(old.reason).toContain('(Sunday 03:00)');
    expect(backupStatusOf({ ...facts, newestSnapshotAt: null }).reason).toMatch(/^No snapshot yet/);
  });

  it('no recent snapshot and the weekly sync inactive: disabled', () => {
    expect(
      backupStatusOf({ ...facts, weeklySyncActive: false, newestSnapshotAt: now - 20 * DAY })
        .status,
    ).toBe('disabled');
    expect(
      backupStatusOf({ ...facts, weeklySyncActive: false, newestSnapshotAt: now - DAY }).status,
    ).toBe('ready');
  });
});

describe('feedName', () => {
  it('host and path, never the query', () => {
    expect(feedName('https://news.example.com/rss.xml?token=secret')).toBe(
      'news.example.com/rss.xml',
    );
    expect(feedName('https://example.com/')).toBe('example.com');
  });
});

describe('feedsStatusOf', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  const news = { url: 'https://a.example/feed', kind: 'news' };
  const trends = { url: 'https://b.example/atom', kind: 'trends' };
  const run = (
    sources: { id: string; outcome: string; added: number; reason: string | null }[],
  ) => ({
    at: now - 5 * MINUTE,
    sources,
  });

  it('no feed configured: disabled', () => {
    expect(feedsStatusOf({ feeds: [], lastRun: null, now }).status).toBe('disabled');
  });

  it('configured, not fetched yet: pending', () => {
    const verdict = feedsStatusOf({ feeds: [news], lastRun: null, now });
    expect(verdict.status).toBe('pending');
    expect(verdict.reason).toBe('1 feed not fetched yet.');
  });

  it('every feed read at the last collection (new items or nothing new): ready', () => {
    const verdict = feedsStatusOf({
      feeds: [news, trends],
      lastRun: run([
        { id: `feed:${news.url}`, outcome: 'added', added: 3, reason: null },
        { id: `feed:${trends.url}`, outcome: 'nothing-new', added: 0, reason: 'Nothing new' },
      ]),
      now,
    });
    expect(verdict.status).toBe('ready');
    expect(verdict.reason).toBe('All 2 feeds were read at the last collection, 5 minutes ago.');
    expect(verdict.details).toEqual([
      { name: 'a.example/feed (news)', status: 'ready', reason: 'Read: 3 new items.' },
      { name: 'b.example/atom (trends)', status: 'ready', reason: 'Read: nothing new.' },
    ]);
  });

  it('a feed that failed at its last fetch: pending, with its reason', () => {
    const verdict = feedsStatusOf({
      feeds: [news, trends],
      lastRun: run([
        { id: `feed:${news.url}`, outcome: 'skipped', added: 0, reason: 'HTTP 500' },
        { id: `feed:${trends.url}`, outcome: 'added', added: 1, reason: null },
      ]),
      now,
    });
    expect(verdict.status).toBe('pending');
    expect(verdict.reason).toBe('1 of 2 feeds failed at the last collection, 5 minutes ago.');
    expect(verdict.details[0]!.reason).toBe('Last fetch failed: HTTP 500.');
  });
});

describe('encryptionStatusOf', () => {
  it('written encrypted: ready; a key but off, or no key: disabled, saying which', () => {
    expect(encryptionStatusOf({ hasKey: true, encrypting: true }).status).toBe('ready');
    const off = encryptionStatusOf({ hasKey: true, encrypting: false });
    expect(off.status).toBe('disabled');
    expect(off.reason).toContain('DATA_KEY is set');
    const none = encryptionStatusOf({ hasKey: false, encrypting: false });
    expect(none.status).toBe('disabled');
    expect(none.reason).toContain('DATA_KEY is not set');
  });
});
