// The push module's rules, each a plain function: the endpoint allowlist, payload size, Topic, TTL,
// what each answer of a push service means, retry delays, the VAPID subject and the fan-out bound.
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../../server/push/concurrency';
import {
  DEFAULT_PUSH_HOSTS,
  parseAllowedPushHost,
  pushEndpointProblem,
} from '../../server/push/push-hosts';
import {
  clipText,
  DEFAULT_TTL_SECONDS,
  fitPayload,
  MAX_PAYLOAD_BYTES,
  MAX_TTL_SECONDS,
  pushTopicOf,
  pushTtlOf,
} from '../../server/push/push-payload';
import {
  DEFAULT_RETRY_POLICY,
  pushAnswerKind,
  retryAfterMs,
  retryDelayMs,
} from '../../server/push/push-retry';
import type { PushMessage } from '../../server/push/push-sender';
import { FALLBACK_VAPID_SUBJECT, vapidSubjectOf } from '../../server/push/vapid';

describe('rule: the push allowlist (pushEndpointProblem)', () => {
  it('lets through the real endpoints of Apple, Google, Mozilla and Microsoft', () => {
    for (const endpoint of [
      'https://web.push.apple.com/QGuQyavXutnMH7LBzeMs5Hx5tEFEaAQJVKn5QRt3pJA',
      'https://fcm.googleapis.com/fcm/send/dZbCW2ng0hU:APA91bG',
      'https://fcm.googleapis.com/wp/dZbCW2ng0hU:APA91bG',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect(pushEndpointProblem(endpoint, []), endpoint).toBeNull();
    }
  });

  it('refuses look-alikes, other ports, http, credentials and other hosts', () => {
    for (const endpoint of [
      'https://push.apple.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'nonsense',
    ]) {
      expect(pushEndpointProblem(endpoint, []), endpoint).not.toBeNull();
    }
    expect(pushEndpointProblem('https://evil.example/x', [])).toMatch(
      /evil\.example is not a known push service.*PUSH_ALLOWED_HOSTS/,
    );
  });

  it('PUSH_ALLOWED_HOSTS adds a host on one port; a bare host means 443', () => {
    const extra = [
      parseAllowedPushHost('127.0.0.1:8931'),
      parseAllowedPushHost('push.example.org'),
    ];
    expect(pushEndpointProblem('https://127.0.0.1:8931/push/a', extra)).toBeNull();
    expect(pushEndpointProblem('https://127.0.0.1:8932/push/a', extra)).not.toBeNull();
    expect(pushEndpointProblem('https://push.example.org/a', extra)).toBeNull();
    expect(pushEndpointProblem('https://push.example.org:444/a', extra)).not.toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:8931/push/a', extra)).not.toBeNull();
  });

  it('reads host, host:port, *.suffix and [IPv6]:port, and refuses anything else', () => {
    expect(parseAllowedPushHost(' Push.Example.org ')).toEqual({
      host: 'push.example.org',
      port: 443,
    });
    expect(parseAllowedPushHost('*.example.org:8443')).toEqual({
      host: '*.example.org',
      port: 8443,
    });
    expect(parseAllowedPushHost('[::1]:8930')).toEqual({ host: '[::1]', port: 8930 });
    for (const bad of [
      'https://x.org',
      'x.org/path',
      'x.org:0',
      'x.org:99999',
      'a:b:c',
      '',
      'a b',
    ]) {
      expect(() => parseAllowedPushHost(bad), bad).toThrow();
    }
    const wildcard = [parseAllowedPushHost('*.example.org')];
    expect(pushEndpointProblem('https://a.b.example.org/x', wildcard)).toBeNull();
    expect(pushEndpointProblem('https://example.org/x', wildcard)).not.toBeNull();
  });

  it('the defaults are https hosts on 443', () => {
    expect(DEFAULT_PUSH_HOSTS.every((entry) => entry.port === 443)).toBe(true);
  });
});

const message: PushMessage = { title: 'Kiri', body: 'hello', url: '/', tag: 'kiri' };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('rule: the payload size (fitPayload)', () => {
  it('keeps a small message whole', () => {
    expect(fitPayload({ ...message, messageId: 'm1', topic: 'x' })).toEqual({
      title: 'Kiri',
      body: 'hello',
      url: '/',
      tag: 'kiri',
      messageId: 'm1',
    });
  });

  it('cuts a long body at a character boundary, under the limit, with an ellipsis', () => {
    for (const unit of ['a', 'é', '🌸', '👩‍👩‍👧', '"\n', '\u0001']) {
      const body = unit.repeat(5000);
      const payload = fitPayload({ ...message, body });
      expect(bytes(payload), unit).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(payload.body.endsWith('…')).toBe(true);
      const kept = payload.body.slice(0, -1);
      expect(body.startsWith(kept)).toBe(true);
      // Whole units only (no half emoji, no lone surrogate), and as many as fit.
      expect(kept.length % unit.length).toBe(0);
      const oneMore = { ...payload, body: body.slice(0, kept.length + unit.length) + '…' };
      expect(bytes(oneMore)).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    }
  });

  it('clips an oversized title and tag, drops an oversized URL to "/", still fits the body', () => {
    const payload = fitPayload({
      title: '🌸'.repeat(1000),
      body: 'b'.repeat(5000),
      url: `/?q=${'x'.repeat(5000)}`,
      tag: 't'.repeat(500),
      messageId: 'm'.repeat(500),
    });
    expect(bytes(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(payload.url).toBe('/');
    expect(payload.messageId).toBeUndefined();
    expect(payload.title.endsWith('…')).toBe(true);
    expect(payload.body.length).toBeGreaterThan(500);
  });

  it('clipText never splits a grapheme', () => {
    expect(clipText('👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧', 2)).toBe('👩‍👩‍👧…');
    expect(clipText('short', 10)).toBe('short');
  });
});

describe('rule: the Topic header (pushTopicOf)', () => {
  it('keeps a topic of at most 32 URL-safe base64 characters', () => {
    expect(pushTopicOf('morning')).toBe('morning');
    expect(pushTopicOf('kiri-evening_2026')).toBe('kiri-evening_2026');
  });

  it('hashes any other to 32 such characters, the same for the same topic', () => {
    for (const topic of ['morning greeting', 'x'.repeat(33), 'rappel:é', 'a/b+c=']) {
      const sent = pushTopicOf(topic);
      expect(sent).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(pushTopicOf(topic)).toBe(sent);
    }
    expect(pushTopicOf('a b')).not.toBe(pushTopicOf('a c'));
  });
});

describe('rule: the TTL (pushTtlOf)', () => {
  it('hours, not weeks: 4 h by default, at most a day, never negative', () => {
    expect(pushTtlOf(undefined)).toBe(DEFAULT_TTL_SECONDS);
    expect(DEFAULT_TTL_SECONDS).toBe(4 * 3600);
    expect(pushTtlOf(4 * 7 * 86_400)).toBe(MAX_TTL_SECONDS);
    expect(pushTtlOf(-5)).toBe(0);
    expect(pushTtlOf(90.7)).toBe(90);
    expect(pushTtlOf(Number.NaN)).toBe(DEFAULT_TTL_SECONDS);
  });
});

describe('rule: push answers (pushAnswerKind)', () => {
  it('2xx sent; only 404 and 410 are gone; 429, 5xx and network errors retry; the rest failed', () => {
    expect([200, 201, 202].map(pushAnswerKind)).toEqual(['sent', 'sent', 'sent']);
    expect([404, 410].map(pushAnswerKind)).toEqual(['gone', 'gone']);
    expect([429, 500, 502, 503, null].map(pushAnswerKind)).toEqual([
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
    ]);
    expect([400, 401, 403, 413, 301].map(pushAnswerKind)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
  });
});

describe('rule: the retry delay (retryDelayMs, retryAfterMs)', () => {
  const now = Date.UTC(2026, 0, 15, 8);

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(retryAfterMs(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('backs off ×4 with ±20% jitter, stops after the last try', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(policy, 1, null, () => 0.5)).toBe(1000);
    expect(retryDelayMs(policy, 2, null, () => 0.5)).toBe(4000);
    expect(retryDelayMs(policy, 1, null, () => 0)).toBe(800);
    expect(retryDelayMs(policy, 1, null, () => 1)).toBe(1200);
    expect(retryDelayMs(policy, policy.attempts, null, () => 0.5)).toBeNull();
  });

  it('honours Retry-After up to the policy’s longest wait, and gives up past it', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(policy, 1, 7000, () => 0.5)).toBe(7000);
    expect(retryDelayMs(policy, 1, policy.maxDelayMs + 1, () => 0.5)).toBeNull();
  });
});

describe('rule: the VAPID subject (vapidSubjectOf)', () => {
  it('uses a real contact as it is, and says nothing', () => {
    expect(vapidSubjectOf('mailto:mei@example.com')).toEqual({
      subject: 'mailto:mei@example.com',
      warning: null,
    });
    expect(vapidSubjectOf('https://kiri.example.com/contact').warning).toBeNull();
  });

  it('unset or local: a placeholder, and a warning that names Apple and the fix', () => {
    for (const configured of [
      undefined,
      'https://localhost',
      'https://localhost:8787/about',
      'mailto:me@localhost',
      'https://kiri.local',
      'https://127.0.0.1',
    ]) {
      const { subject, warning } = vapidSubjectOf(configured);
      expect(subject, configured).toBe(FALLBACK_VAPID_SUBJECT);
      expect(warning, configured).toMatch(/Apple.*BadJwtToken.*VAPID_SUBJECT/s);
    }
  });
});

describe('rule: the fan-out bound (ConcurrencyLimit)', () => {
  it('never runs more than its limit at once, and runs every task', async () => {
    const limit = new ConcurrencyLimit(3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    // Release one at a time as they start: the queue must refill the freed slot.
    for (let released = 0; released < 10; released += 1) {
      while (releases.length === 0) await Promise.resolve();
      expect(running).toBeLessThanOrEqual(3);
      releases.shift()!();
      await Promise.resolve();
    }
    expect(await Promise.all(tasks)).toEqual([...Array(10).keys()]);
    expect(most).toBe(3);
    expect(limit.active).toBe(0);
  });

  it('a failing task frees its slot', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
