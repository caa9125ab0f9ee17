// The second fence of the error logs (docs/settings-health.md): a message that carries a query string or
// a secret-named value anyway loses it; ordinary words stay as they were.
import { describe, expect, it } from 'vitest';
import {
  capMessage,
  loggableMessage,
  MAX_LOGGED_MESSAGE_CHARS,
  QUERY_REMOVED,
  REDACTED,
  scrubSecrets,
} from '@/domain/secret-scrub';

describe("rule 'no secret in an error log'", () => {
  it('a URL keeps its path and loses its query string', () => {
    expect(scrubSecrets('GET https://kiri.test/api/x?token=abc&y=2 failed')).toBe(
      `GET https://kiri.test/api/x${QUERY_REMOVED} failed`,
    );
    expect(scrubSecrets('/api/conversations?since=0190d4c8')).toBe(
      `/api/conversations${QUERY_REMOVED}`,
    );
  });

  it('a question without a query stays a question', () => {
    expect(scrubSecrets('Is the server up? No.')).toBe('Is the server up? No.');
  });

  it('secret-named pairs lose their value: name=value, "name":"value", name: value', () => {
    expect(scrubSecrets('password=hunter2 retry=3')).toBe(`password=${REDACTED} retry=3`);
    expect(scrubSecrets('{"accessCode":"k1w1-code"}')).toBe(`{"accessCode":${REDACTED}`);
    expect(scrubSecrets('"password": "hunter2", "name": "Ada"')).toBe(
      `"password": ${REDACTED} "name": "Ada"`,
    );
    expect(scrubSecrets('Cookie: kiri_session=abc')).toBe(`Cookie: ${REDACTED}`);
    expect(scrubSecrets('kiri_session=abc; Path=/')).toBe(`kiri_session=${REDACTED} Path=/`);
  });

  it('an Authorization value loses its scheme and credential', () => {
    expect(scrubSecrets('Authorization: Bearer eyJhbGci.x.y sent')).toBe(
      `Authorization: ${REDACTED} ${REDACTED} sent`,
    );
    expect(scrubSecrets('with Bearer eyJhbGci.x.y')).toBe(`with Bearer ${REDACTED}`);
  });

  it('ordinary words, statuses and paths are untouched', () => {
    const text = '500: Internal server error at /api/chat (status code 500)';
    expect(scrubSecrets(text)).toBe(text);
  });
});

describe("rule 'a logged message is short'", () => {
  it('one line, cut with an ellipsis at the cap', () => {
    expect(capMessage('a\n  b')).toBe('a b');
    const long = capMessage('x'.repeat(1000));
    expect(long).toHaveLength(MAX_LOGGED_MESSAGE_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a secret at the cut is still recognised and removed', () => {
    const text = `${'x '.repeat(140)}token=abcdefghijklmnop`;
    expect(loggableMessage(text)).not.toContain('abcdef');
  });
});
