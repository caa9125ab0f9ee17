// What an error log may keep of a message (docs/settings-health.md): the device's error ring and the
// server's recent errors are never given a request body, a cookie or a query string in the first place;
// this is the second fence, for text that carries one anyway (a URL in an exception's message, a
// 'token=…' pair echoed by a library). Read in one pass over whitespace-separated words: linear time.

/** The longest message an error log keeps; a longer one is cut with an ellipsis. */
export const MAX_LOGGED_MESSAGE_CHARS = 300;

/** Names whose value is a secret: `name=value` and `name: value` lose the value. */
const SECRET_NAMES = new Set([
  'password',
  'passcode',
  'accesscode',
  'pairingcode',
  'pairing_code',
  'access_code',
  'access-code',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'client_secret',
  'key',
  'apikey',
  'api_key',
  'api-key',
  'cookie',
  'set-cookie',
  'session',
  'sid',
  'kiri_session',
  'kiri_device',
  'authorization',
  'auth',
]);

/** Words of an Authorization header's value that come before the credential. */
const AUTH_SCHEMES = new Set(['bearer', 'basic', 'digest', 'token']);

export const REDACTED = '[redacted]';
export const QUERY_REMOVED = '?[query removed]';

/** A word's name without quotes or brackets around it, lower case. */
function bareName(text: string): string {
  return text.replace(/^["'{(,[]+|["']+$/g, '').toLowerCase();
}

function scrubWord(word: string): { text: string; hidesNext: boolean } {
  // A query string (a '?' followed later by '='): the path stays, the query goes.
  const question = word.indexOf('?');
  if (question >= 0 && word.indexOf('=', question) > question) {
    return { text: `${word.slice(0, question)}${QUERY_REMOVED}`, hidesNext: false };
  }
  // 'Bearer abc': the word after it is the credential.
  if (word.toLowerCase() === 'bearer') return { text: word, hidesNext: true };
  const at = word.search(/[=:]/);
  if (at <= 0 || !SECRET_NAMES.has(bareName(word.slice(0, at)))) {
    return { text: word, hidesNext: false };
  }
  // 'Cookie:' or '"password":' alone: its value is the next word; 'token=abc': the rest of this one.
  if (at === word.length - 1) return { text: word, hidesNext: true };
  return { text: `${word.slice(0, at + 1)}${REDACTED}`, hidesNext: false };
}

/** Rule 'no secret in an error log': query strings removed, secret-named values redacted. */
export function scrubSecrets(text: string): string {
  const parts = text.split(/(\s+)/);
  let hideNext = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '' || /^\s+$/.test(part)) continue;
    if (hideNext) {
      parts[i] = REDACTED;
      // 'Authorization: Bearer abc': the scheme, then the credential after it.
      hideNext = AUTH_SCHEMES.has(part.toLowerCase());
      continue;
    }
    const { text: scrubbed, hidesNext } = scrubWord(part);
    parts[i] = scrubbed;
    hideNext = hidesNext;
  }
  return parts.join('');
}

/** Rule 'a logged message is short': cut to `max` characters (the last one an ellipsis). */
export function capMessage(text: string, max = MAX_LOGGED_MESSAGE_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** A message as an error log keeps it: cut first (so scrubbing reads a bounded text), then scrubbed. */
export function loggableMessage(text: string, max = MAX_LOGGED_MESSAGE_CHARS): string {
  // Cut a little long first, so a secret cut in half at the end is still recognised, then cut again.
  return capMessage(scrubSecrets(capMessage(text, max * 2)), max);
}
