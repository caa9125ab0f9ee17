import { describe, expect, it } from 'vitest';
import {
  BODY_MAX,
  DEFAULT_BODY,
  DEFAULT_TAG,
  DEFAULT_TITLE,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  clickUrl,
  notificationFromPush,
  notificationUrl,
  windowToFocus,
} from '@/domain/push-notification';

const ID = '0192f0c1-7b2a-7000-8000-000000000001';

describe('a push shows a notification with the payload’s words', () => {
  it('takes title, body, tag and URL from the server’s JSON, with the app’s icon and badge', () => {
    const shown = notificationFromPush(
      JSON.stringify({
        title: 'Kiri',
        body: 'Good evening. How did the talk go?',
        url: `/?message=${ID}`,
        tag: 'kiri-evening',
        messageId: ID,
      }),
    );
    expect(shown).toEqual({
      title: 'Kiri',
      options: {
        body: 'Good evening. How did the talk go?',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        tag: 'kiri-evening',
        data: { url: `/?message=${ID}`, messageId: ID },
      },
    });
    expect(NOTIFICATION_ICON).toBe('/icons/icon-192.png');
  });

  it('without a URL, the click opens the chat at the pushed message', () => {
    const shown = notificationFromPush(JSON.stringify({ body: 'Hi', messageId: ID }));
    expect(shown.options.data).toEqual({ url: `/?message=${ID}`, messageId: ID });
  });
});

describe('a malformed or empty push still shows Kiri’s plain notification (iOS revokes silent ones)', () => {
  const plain = (text: string | null) => {
    const shown = notificationFromPush(text);
    return [shown.title, shown.options.body, shown.options.tag, shown.options.data.url];
  };
  const PLAIN = [DEFAULT_TITLE, DEFAULT_BODY, DEFAULT_TAG, '/'];

  it.each([
    ['no data', null],
    ['empty data', ''],
    ['broken JSON', '{"title": "Kiri", "body": "cut'],
    ['a JSON array', '[1, 2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['fields of the wrong type', '{"title": 42, "body": ["x"], "tag": {}, "url": 7}'],
    ['blank fields', '{"title": "  ", "body": ""}'],
  ])('%s', (_, text) => {
    expect(plain(text)).toEqual(PLAIN);
  });

  it('plain text (not JSON) becomes the body', () => {
    expect(plain('Time to stretch.')).toEqual([
      DEFAULT_TITLE,
      'Time to stretch.',
      DEFAULT_TAG,
      '/',
    ]);
  });

  it('an overlong body is cut with an ellipsis, not left to the system', () => {
    const body = notificationFromPush(JSON.stringify({ body: 'a'.repeat(2000) })).options.body;
    expect(Array.from(body)).toHaveLength(BODY_MAX);
    expect(body.endsWith('…')).toBe(true);
  });
});

describe('which URL a click opens', () => {
  it('a path of the app, as given', () => {
    expect(notificationUrl('/sleep-mode', null)).toBe('/sleep-mode');
    expect(clickUrl({ url: `/?message=${ID}`, messageId: ID })).toBe(`/?message=${ID}`);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'sleep-mode',
  ])('never another site or a script (%s): the chat instead', (url) => {
    expect(notificationUrl(url, null)).toBe('/');
    expect(notificationUrl(url, ID)).toBe(`/?message=${ID}`);
  });

  it('a notification without data (an older version’s) opens the chat', () => {
    expect(clickUrl(null)).toBe('/');
    expect(clickUrl('x')).toBe('/');
    expect(clickUrl({ messageId: ID })).toBe(`/?message=${ID}`);
  });
});

describe('which window a click brings forward', () => {
  const origin = 'https://kiri.example';
  const w = (url: string, extra: object = {}) => ({ url, ...extra });

  it('the focused window, else a visible one, else the first of the app', () => {
    const a = w(`${origin}/a`);
    const b = w(`${origin}/b`, { visibilityState: 'visible' });
    const c = w(`${origin}/c`, { focused: true });
    expect(windowToFocus([a, b, c], origin)).toBe(c);
    expect(windowToFocus([a, b], origin)).toBe(b);
    expect(windowToFocus([a], origin)).toBe(a);
  });

  it('none when no window of the app is open (another origin’s does not count)', () => {
    expect(windowToFocus([], origin)).toBeNull();
    expect(windowToFocus([w('https://other.example/', { focused: true })], origin)).toBeNull();
  });
});
