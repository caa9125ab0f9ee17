// The error-test page's cases (issue 14 item 6): each a real failure the app can meet, and what the app
// makes of it, read from the same rules the app uses (domain/errors.ts, domain/error-retry.ts): the
// classification of spec 000 §8, the catch-all screen's retry decision and the typed fallback.
import {
  FALLBACK_TEXT,
  classifyError,
  errorMessage,
  errorScreenDescription,
  fallbackKindFor,
  isRetryableForErrorScreen,
  type ErrorClassification,
  type FallbackKind,
} from '@/domain/errors';

export type ErrorCase =
  | { id: string; label: string; how: string; request: { kind: 'status'; status: number } }
  | { id: string; label: string; how: string; request: { kind: 'network' } }
  | { id: string; label: string; how: string; request: { kind: 'timeout' } }
  | { id: string; label: string; how: string; request: { kind: 'loading' } }
  | { id: string; label: string; how: string; request: { kind: 'render' } };

/** The page gives up on the slow answer after this long (the server holds it 10 s). */
export const ERROR_TEST_TIMEOUT_MS = 3000;

/** A module that is never built: asking for it is a real failed code download. */
export const MISSING_CHUNK_URL = '/assets/error-test-missing-chunk.js';

const status = (code: number, label: string): ErrorCase => ({
  id: `status-${code}`,
  label,
  how: `GET /api/error-test/status/${code}: the server answers ${code} in its error format.`,
  request: { kind: 'status', status: code },
});

export const ERROR_CASES: readonly ErrorCase[] = [
  {
    id: 'network',
    label: 'Network failure',
    how: 'GET /api/error-test/network: the server closes the connection without an answer.',
    request: { kind: 'network' },
  },
  {
    id: 'timeout',
    label: 'Timeout',
    how: `GET /api/error-test/slow: the server answers after 10 s; the page gives up after ${ERROR_TEST_TIMEOUT_MS / 1000} s.`,
    request: { kind: 'timeout' },
  },
  status(500, 'Server error (500)'),
  status(503, 'Service unavailable (503)'),
  status(401, 'Not authorised (401)'),
  status(403, 'Forbidden (403)'),
  status(404, 'Not found (404)'),
  status(400, 'Bad request (400)'),
  status(429, 'Rate limited (429)'),
  {
    id: 'loading',
    label: 'Failed code download',
    how: `import('${MISSING_CHUNK_URL}'): a part of the app that cannot be downloaded.`,
    request: { kind: 'loading' },
  },
  {
    id: 'render',
    label: 'A screen that crashes',
    how: 'A component reads a property of undefined while it renders.',
    request: { kind: 'render' },
  },
];

/** Raised when the page's own timer gave up on a request; the words are the classification's. */
export class RequestTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly ms: number,
  ) {
    super(`Request timeout: no answer from ${url} in ${ms / 1000} s`);
    this.name = 'RequestTimeoutError';
  }
}

/** What happened when a case ran. */
export type CaseOutcome =
  | { kind: 'thrown'; error: unknown }
  /** The helper returned the answer instead of throwing (a 429: spec 000 §8). */
  | { kind: 'answered'; status: number; retryAfter: string | null; queryError: unknown };

export interface OutcomeView {
  /** The error's own text, as the app sees it. */
  message: string;
  classification: ErrorClassification;
  /** The catch-all error screen retries it by itself (1 s, 2 s, 4 s). */
  autoRetried: boolean;
  errorScreenText: string;
  fallbackKind: FallbackKind;
  fallbackTitle: string;
}

/** How the app treats an error: all from the app's own rules, nothing decided here. */
export function viewOf(error: unknown, personaName = 'Kiri'): OutcomeView {
  const message = errorMessage(error);
  const fallbackKind = fallbackKindFor(error);
  return {
    message,
    classification: classifyError(error, personaName),
    autoRetried: isRetryableForErrorScreen(message),
    errorScreenText: errorScreenDescription(message),
    fallbackKind,
    fallbackTitle: FALLBACK_TEXT[fallbackKind].title,
  };
}

/** The error an outcome puts on the error screen: the thrown one, or a 429's query error. */
export function errorOf(outcome: CaseOutcome): unknown {
  return outcome.kind === 'thrown' ? outcome.error : outcome.queryError;
}
