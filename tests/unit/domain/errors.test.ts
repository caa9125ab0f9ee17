import { describe, expect, it, vi } from 'vitest';
import {
  classifyError,
  createErrorLogger,
  errorScreenDescription,
  fallbackKindFor,
  isRetryableForErrorScreen,
  queryRetryDelay,
  retryDelayMs,
  serverMessageFrom,
  shouldRetryMutation,
  shouldRetryQuery,
  type ErrorReport,
} from '@/domain/errors';

describe('error classification: first matching row of the table wins, case-insensitive', () => {
  it.each([
    ['network', 'Network request failed'],
    ['fetch', 'TypeError: Failed to FETCH'],
    ['connection', 'connection reset by peer'],
    ['timeout', 'Request TIMEOUT after 10s'],
    ['cors', 'Blocked by CORS policy'],
    ['dns', 'DNS lookup failed'],
  ])('network row: "%s"', (_word, message) => {
    expect(classifyError(new Error(message))).toEqual({
      type: 'network',
      severity: 'medium',
      retryable: true,
      message: 'Connection issue detected. Please check your internet connection.',
      suggestedAction: 'Try again in a moment or check your network settings.',
    });
  });

  it.each([
    '500: oops',
    '502: Bad Gateway',
    '503: busy',
    '504: late',
    'Server Error',
    'Internal Server fault',
  ])('server row: "%s"', (message) => {
    expect(classifyError(message)).toEqual({
      type: 'server',
      severity: 'high',
      retryable: true,
      message: "Kiri's services are experiencing issues. This usually resolves quickly.",
      suggestedAction: 'Please wait a moment and try again.',
    });
  });

  it('server row names the persona given', () => {
    expect(classifyError('503: busy', 'Nova').message).toBe(
      "Nova's services are experiencing issues. This usually resolves quickly.",
    );
  });

  it.each(['401: {}', 'Unauthorized', 'Authentication needed', 'please LOGIN', 'bad token'])(
    'auth row: "%s"',
    (message) => {
      expect(classifyError(message)).toEqual({
        type: 'auth',
        severity: 'medium',
        retryable: false,
        message: 'Authentication required to continue.',
        suggestedAction: 'Please log in again to access Kiri.',
      });
    },
  );

  it.each(['400: nope', '404: gone', 'Validation failed', 'Bad Request', 'Not Found'])(
    'validation row: "%s"',
    (message) => {
      expect(classifyError(message)).toEqual({
        type: 'validation',
        severity: 'low',
        retryable: false,
        message: 'Invalid request or resource not found.',
        suggestedAction: 'Please check your input and try again.',
      });
    },
  );

  it('generic row for anything else', () => {
    expect(classifyError(new Error('Something odd'))).toEqual({
      type: 'generic',
      severity: 'medium',
      retryable: false,
      message: 'An unexpected error occurred.',
      suggestedAction: 'Please try refreshing the page or contact support if the issue persists.',
    });
    expect(classifyError(undefined).type).toBe('generic');
    expect(classifyError({ message: 'plain object' }).type).toBe('generic');
  });

  it('first match wins: network before server before auth before validation', () => {
    expect(classifyError('503: connection refused').type).toBe('network');
    expect(classifyError('500: login service down').type).toBe('server');
    expect(classifyError('401: resource not found').type).toBe('auth');
    expect(classifyError('404: token page').type).toBe('auth');
  });
});

describe('error screen: retryable when the message mentions network, fetch, connection, timeout, 502, 503, 504', () => {
  it.each([
    'network down',
    'Failed to fetch',
    'Connection lost',
    'timeout',
    '502: x',
    '503: x',
    '504: x',
  ])('retryable: "%s"', (message) => {
    expect(isRetryableForErrorScreen(message)).toBe(true);
    expect(errorScreenDescription(message)).toBe(
      "We're having trouble connecting. This usually resolves quickly.",
    );
  });

  it.each(['500: boom', '401: Unauthorized', 'TypeError: x is undefined', ''])(
    'not retryable: "%s"',
    (message) => {
      expect(isRetryableForErrorScreen(message)).toBe(false);
      expect(errorScreenDescription(message)).toBe(
        'An unexpected error occurred. Our team has been notified.',
      );
    },
  );
});

describe('error screen retry delay: 1 s doubling, capped at 10 s', () => {
  it('doubles from 1 s', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at 10 s', () => {
    expect(retryDelayMs(4)).toBe(10_000);
    expect(retryDelayMs(20)).toBe(10_000);
  });
});

describe('query retry rules (spec 000 §9)', () => {
  it('queries retry up to 2 times', () => {
    const error = new Error('500: boom');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });
  it('queries never retry errors mentioning 429 or 401', () => {
    expect(shouldRetryQuery(0, new Error('429: Too many attempts'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('401: {"error":"Not logged in"}'))).toBe(false);
  });
  it('mutations retry at most once', () => {
    const error = new Error('Failed to fetch');
    expect(shouldRetryMutation(0, error)).toBe(true);
    expect(shouldRetryMutation(1, error)).toBe(false);
  });
  it('mutations never retry a 429', () => {
    expect(shouldRetryMutation(0, new Error('429: slow down'))).toBe(false);
  });
  it('query retry delay doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(queryRetryDelay(5)).toBe(30_000);
    expect(queryRetryDelay(12)).toBe(30_000);
  });
});

describe('typed fallback: which one shows', () => {
  it('a screen whose code failed to download is a loading failure', () => {
    expect(
      fallbackKindFor(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe('loading');
    expect(fallbackKindFor(new TypeError('Importing a module script failed.'))).toBe('loading');
  });
  it('otherwise the classification decides', () => {
    expect(fallbackKindFor(new Error('Failed to fetch'))).toBe('network');
    expect(fallbackKindFor(new Error('503: down'))).toBe('server');
    expect(fallbackKindFor(new Error('401: no'))).toBe('auth');
    expect(fallbackKindFor(new Error('400: bad'))).toBe('validation');
    expect(fallbackKindFor(new Error('weird'))).toBe('generic');
  });
});

describe('server message of an error answer', () => {
  it('reads error, then message, of the JSON body', () => {
    expect(serverMessageFrom('{"success":false,"error":"Invalid password","message":"x"}')).toBe(
      'Invalid password',
    );
    expect(serverMessageFrom('{"message":"Only message"}')).toBe('Only message');
  });
  it('keeps short plain text and drops HTML pages and empty bodies', () => {
    expect(serverMessageFrom('Too many requests')).toBe('Too many requests');
    expect(serverMessageFrom('<html><body>502</body></html>')).toBeUndefined();
    expect(serverMessageFrom('')).toBeUndefined();
    expect(serverMessageFrom('{}')).toBeUndefined();
  });
});

describe('error log: only high or critical errors are written', () => {
  const env = () => {
    const write = vi.fn<(label: string, report: ErrorReport) => void>();
    const log = createErrorLogger({
      now: () => new Date('2025-01-02T03:04:05.000Z'),
      userAgent: () => 'TestAgent/1.0',
      url: () => 'https://kiri.test/console',
      write,
    });
    return { log, write };
  };

  it('writes a high error with timestamp, error, classification, context, agent and URL', () => {
    const { log, write } = env();
    log(new Error('503: Service Unavailable'), { where: 'chat' });
    expect(write).toHaveBeenCalledTimes(1);
    const report = write.mock.calls[0]![1];
    expect(report).toMatchObject({
      timestamp: '2025-01-02T03:04:05.000Z',
      error: { name: 'Error', message: '503: Service Unavailable' },
      classification: { type: 'server', severity: 'high' },
      context: { where: 'chat' },
      userAgent: 'TestAgent/1.0',
      url: 'https://kiri.test/console',
    });
  });

  it('writes a critical error when the caller says so', () => {
    const { log, write } = env();
    log(new Error('disk full'), {}, 'critical');
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('skips medium and low errors', () => {
    const { log, write } = env();
    expect(log(new Error('Failed to fetch'))).toBeNull();
    expect(log(new Error('404: Not Found'))).toBeNull();
    expect(log(new Error('weird'))).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });
});
