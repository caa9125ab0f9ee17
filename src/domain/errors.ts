// Error catalogue of spec 000 §8 and the retry rules of §9: classification, retry decisions, the error log.

export type ErrorType = 'network' | 'server' | 'auth' | 'validation' | 'generic';
export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface ErrorClassification {
  type: ErrorType;
  severity: ErrorSeverity;
  retryable: boolean;
  message: string;
  suggestedAction: string;
}

interface ClassificationRule extends Omit<ErrorClassification, 'message' | 'suggestedAction'> {
  triggers: readonly string[];
  message: (persona: string) => string;
  suggestedAction: (persona: string) => string;
}

/** The table of spec 000 §8, in order: the first row whose trigger word occurs in the message wins. */
const RULES: readonly ClassificationRule[] = [
  {
    type: 'network',
    triggers: ['network', 'fetch', 'connection', 'timeout', 'cors', 'dns'],
    severity: 'medium',
    retryable: true,
    message: () => 'Connection issue detected. Please check your internet connection.',
    suggestedAction: () => 'Try again in a moment or check your network settings.',
  },
  {
    type: 'server',
    triggers: ['500', '502', '503', '504', 'server error', 'internal server'],
    severity: 'high',
    retryable: true,
    message: (persona) =>
      `${persona}'s services are experiencing issues. This usually resolves quickly.`,
    suggestedAction: () => 'Please wait a moment and try again.',
  },
  {
    type: 'auth',
    triggers: ['401', 'unauthorized', 'authentication', 'login', 'token'],
    severity: 'medium',
    retryable: false,
    message: () => 'Authentication required to continue.',
    suggestedAction: (persona) => `Please log in again to access ${persona}.`,
  },
  {
    type: 'validation',
    triggers: ['400', '404', 'validation', 'bad request', 'not found'],
    severity: 'low',
    retryable: false,
    message: () => 'Invalid request or resource not found.',
    suggestedAction: () => 'Please check your input and try again.',
  },
];

const GENERIC: ClassificationRule = {
  type: 'generic',
  triggers: [],
  severity: 'medium',
  retryable: false,
  message: () => 'An unexpected error occurred.',
  suggestedAction: () => 'Please try refreshing the page or contact support if the issue persists.',
};

/** The text of anything thrown: an Error's message, a string, or whatever String() makes of it. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  try {
    return String(error);
  } catch {
    return '';
  }
}

function mentions(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.some((word) => lower.includes(word));
}

export function classifyError(error: unknown, personaName = 'Kiri'): ErrorClassification {
  const text = errorMessage(error);
  const rule = RULES.find((candidate) => mentions(text, candidate.triggers)) ?? GENERIC;
  return {
    type: rule.type,
    severity: rule.severity,
    retryable: rule.retryable,
    message: rule.message(personaName),
    suggestedAction: rule.suggestedAction(personaName),
  };
}

// ---- The catch-all error screen (spec 000 §8) ----

const ERROR_SCREEN_RETRYABLE = ['network', 'fetch', 'connection', 'timeout', '502', '503', '504'];

/** Whether the catch-all error screen treats an error as a passing connection problem. */
export function isRetryableForErrorScreen(message: string): boolean {
  return mentions(message, ERROR_SCREEN_RETRYABLE);
}

export const ERROR_SCREEN_TEXT = {
  title: 'Something went wrong',
  retryable: "We're having trouble connecting. This usually resolves quickly.",
  other: 'An unexpected error occurred. Our team has been notified.',
} as const;

export function errorScreenDescription(message: string): string {
  return isRetryableForErrorScreen(message) ? ERROR_SCREEN_TEXT.retryable : ERROR_SCREEN_TEXT.other;
}

export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 10_000;

/** Delay before retry number `attempt` (0 for the first): 1 s, 2 s, 4 s … capped at 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt), RETRY_MAX_DELAY_MS);
}

// ---- Typed fallbacks (spec 000 §8, 002 §8) ----

export type FallbackKind = ErrorType | 'loading';

// A screen's code that failed to download is a loading failure, whatever words the browser used.
const LOADING_FAILURE = [
  'dynamically imported module',
  'importing a module script failed',
  'loading chunk',
];

/** Which typed fallback shows an error: a failed code download is 'loading', else its classification. */
export function fallbackKindFor(error: unknown): FallbackKind {
  const text = errorMessage(error);
  if (mentions(text, LOADING_FAILURE)) return 'loading';
  return classifyError(text).type;
}

export const FALLBACK_TEXT: Record<FallbackKind, { title: string; description: string }> = {
  network: {
    title: 'Connection Lost',
    description: 'Connection issue detected. Please check your internet connection.',
  },
  server: {
    title: 'Service Unavailable',
    description: 'The service is experiencing issues. This usually resolves quickly.',
  },
  auth: {
    title: 'Authentication Required',
    description: 'Authentication required to continue.',
  },
  loading: {
    title: 'Loading Failed',
    description: 'This part of the app could not be loaded.',
  },
  validation: {
    title: 'Invalid Request',
    description: 'Invalid request or resource not found.',
  },
  generic: {
    title: 'Something went wrong',
    description: 'An unexpected error occurred.',
  },
};

// ---- Fetch-cache retry rules (spec 000 §9) ----

export const QUERY_MAX_RETRIES = 2;
export const MUTATION_MAX_RETRIES = 1;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** Queries: up to 2 retries, none for errors mentioning 429 or 401. `failureCount` starts at 0. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (mentions(errorMessage(error), ['429', '401'])) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

/** Mutations: at most one retry, none on 429. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (mentions(errorMessage(error), ['429'])) return false;
  return failureCount < MUTATION_MAX_RETRIES;
}

/** Delay before query retry number `attempt` (0 for the first): 1 s doubling, capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt), QUERY_RETRY_MAX_DELAY_MS);
}

// ---- Server error bodies ----

/**
 * The readable message of an error answer's body: `error` or `message` of the JSON body
 * ({ success: false, error, message }), or the text itself when it is short plain text.
 */
export function serverMessageFrom(bodyText: string | undefined | null): string | undefined {
  const text = bodyText?.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { error, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error) return error;
      if (typeof message === 'string' && message) return message;
      return undefined;
    }
    return typeof parsed === 'string' && parsed ? parsed : undefined;
  } catch {
    // A proxy's HTML page is not a message for a person.
    if (text.startsWith('<') || text.length > 200) return undefined;
    return text;
  }
}

// ---- The error log ----

export interface ErrorReport {
  timestamp: string;
  error: { name: string; message: string; stack?: string | undefined };
  classification: ErrorClassification;
  context: Record<string, unknown>;
  userAgent: string;
  url: string;
}

export interface ErrorLoggerEnv {
  now: () => Date;
  userAgent: () => string;
  url: () => string;
  write: (label: string, report: ErrorReport) => void;
}

/**
 * A logger that writes only high or critical errors (spec 000 §8). The environment is passed in so
 * this stays pure; lib/ gives it the browser's agent, URL and console.
 */
export function createErrorLogger(env: ErrorLoggerEnv) {
  return function logError(
    error: unknown,
    context: Record<string, unknown> = {},
    severity?: ErrorSeverity,
  ): ErrorReport | null {
    const classification = classifyError(error);
    const effective = severity ?? classification.severity;
    if (effective !== 'high' && effective !== 'critical') return null;
    const report: ErrorReport = {
      timestamp: env.now().toISOString(),
      error: {
        name: error instanceof Error ? error.name : typeof error,
        message: errorMessage(error),
        stack: error instanceof Error ? error.stack : undefined,
      },
      classification: { ...classification, severity: effective },
      context,
      userAgent: env.userAgent(),
      url: env.url(),
    };
    env.write('[Kiri] error', report);
    return report;
  };
}
