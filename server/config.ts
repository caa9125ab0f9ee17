// The server's settings, read from the environment and checked once at start. The only reader of process.env.
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseAllowedPushHost, type AllowedPushHost } from './push/push-hosts';
import { parseDataKey, type DataKey } from './store/at-rest';

export const OWNER_DEVICE_POLICIES = ['enroll', 'apple'] as const;
export type OwnerDevicePolicy = (typeof OWNER_DEVICE_POLICIES)[number];

export interface LlmProvider {
  name: string;
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  accessCode?: string | undefined;
  personaName: string;
  ownerName?: string | undefined;
  timeZone: string;
  vapidSubject?: string | undefined;
  /** Push services beyond the defaults (Apple, Google, Mozilla, Microsoft) the server may post to. */
  pushAllowedHosts: AllowedPushHost[];
  ownerDevicePolicy: OwnerDevicePolicy;
  trustProxy: boolean;
  serveStatic: boolean;
  /** Absolute. */
  staticDir: string;
  llmProviders: LlmProvider[];
  /** Spontaneous thoughts a day (0: off, the default; at most 3). */
  spontaneousThoughtsPerDay: number;
  /** The mirror bridge's watch folder (absolute), or null: not configured (docs/mirror-bridge.md). */
  mirrorWatchFolder: string | null;
  /** The git work tree the conversation is mirrored into (absolute), or null: not configured. */
  mirrorGitRepo: string | null;
  /**
   * DATA_KEY: the key of encryption at rest (docs/encryption.md), never stored in DATA_DIR and never
   * printed (DataKey hides its bytes from logs and JSON).
   */
  dataKey?: DataKey | undefined;
  /** CONSOLE_PYTHON: the manual console may run Python (docs/sandbox.md); off by default. */
  consolePython: boolean;
  /** CONSOLE_PYTHON_COMMAND: the python3 the console runs ('python3' from PATH by default). */
  consolePythonCommand: string;
}

export const DEFAULT_LLM_TIMEOUT_MS = 20_000;
/** A code anyone can guess in a few days of throttled attempts is no protection. */
export const MIN_ACCESS_CODE_LENGTH = 8;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    });

const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const providerSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty'),
  baseUrl: z
    .string()
    .trim()
    .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
      message: 'must be an http:// or https:// URL',
    }),
  apiKey: z.string().trim().min(1, 'must not be empty when given').optional(),
  model: z.string().trim().min(1, 'must not be empty'),
  timeoutMs: z
    .number()
    .int('must be a whole number of milliseconds')
    .min(1_000, 'must be at least 1000')
    .max(600_000, 'must be at most 600000')
    .default(DEFAULT_LLM_TIMEOUT_MS),
});

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return 8787;
      const port = Number(value);
      if (Number.isInteger(port) && port >= 1 && port <= 65_535) return port;
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from 1 to 65535 (got "${value}")`,
      });
      return z.NEVER;
    }),
  HOST: text('127.0.0.1'),
  DATA_DIR: text('./data'),
  ACCESS_CODE: optionalText.refine(
    (code) => code === undefined || code.length >= MIN_ACCESS_CODE_LENGTH,
    // Never echo the value: it is a secret.
    `must be at least ${MIN_ACCESS_CODE_LENGTH} characters (or leave it unset to have one generated)`,
  ),
  PERSONA_NAME: text('Kiri'),
  OWNER_NAME: optionalText,
  TIME_ZONE: text('Asia/Shanghai').superRefine((zone, ctx) => {
    if (!isTimeZone(zone)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an IANA time zone such as Asia/Shanghai or Europe/Paris (got "${zone}")`,
      });
    }
  }),
  VAPID_SUBJECT: optionalText.superRefine((subject, ctx) => {
    if (subject === undefined) return;
    // A localhost one is let through for development: push works with it except on Apple's
    // service, which the server says once at start (server/push/vapid.ts).
    const url = URL.canParse(subject) ? new URL(subject) : null;
    const ok =
      (url?.protocol === 'mailto:' && subject.length > 'mailto:'.length) ||
      url?.protocol === 'https:';
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a mailto: address or an https: URL (got "${subject}")`,
      });
    }
  }),
  PUSH_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx): AllowedPushHost[] => {
      const hosts: AllowedPushHost[] = [];
      for (const entry of (value ?? '').split(',')) {
        if (entry.trim() === '') continue;
        try {
          hosts.push(parseAllowedPushHost(entry));
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: `must be comma-separated host or host:port entries: ${(error as Error).message}`,
          });
          return z.NEVER;
        }
      }
      return hosts;
    }),
  OWNER_DEVICE_POLICY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const policy = value?.trim().toLowerCase() || 'enroll';
      if ((OWNER_DEVICE_POLICIES as readonly string[]).includes(policy)) {
        return policy as OwnerDevicePolicy;
      }
      ctx.addIssue({ code: 'custom', message: `must be enroll or apple (got "${value}")` });
      return z.NEVER;
    }),
  TRUST_PROXY: flag(false),
  SERVE_STATIC: flag(true),
  STATIC_DIR: text('./dist'),
  THOUGHTS_PER_DAY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return 0;
      const count = Number(value);
      if (Number.isInteger(count) && count >= 0 && count <= 3) return count;
      ctx.addIssue({ code: 'custom', message: `must be 0 (off), 1, 2 or 3 (got "${value}")` });
      return z.NEVER;
    }),
  MIRROR_WATCH_FOLDER: optionalText,
  MIRROR_GIT_REPO: optionalText,
  CONSOLE_PYTHON: flag(false),
  CONSOLE_PYTHON_COMMAND: text('python3'),
  DATA_KEY: z
    .string()
    .optional()
    .transform((value, ctx): DataKey | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const key = parseDataKey(value);
      if (key) return key;
      // Never echo the value: it is a secret.
      ctx.addIssue({
        code: 'custom',
        message: 'must be 32 random bytes in base64, 44 characters (openssl rand -base64 32)',
      });
      return z.NEVER;
    }),
  LLM_PROVIDERS: z
    .string()
    .optional()
    .transform((value, ctx): LlmProvider[] => {
      if (value === undefined || value.trim() === '') return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        // The text may hold API keys: say what is wrong, not what it says.
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON array of {name, baseUrl, apiKey?, model, timeoutMs?}',
        });
        return z.NEVER;
      }
      const result = z.array(providerSchema).safeParse(parsed);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const where = issue.path.length
            ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
            : '';
          ctx.addIssue({ code: 'custom', message: `${where || 'value'}: ${issue.message}` });
        }
        return z.NEVER;
      }
      const names = new Set<string>();
      for (const provider of result.data) {
        if (names.has(provider.name)) {
          ctx.addIssue({ code: 'custom', message: `two providers are named "${provider.name}"` });
          return z.NEVER;
        }
        names.add(provider.name);
      }
      return result.data;
    }),
});

/** Reads the settings from an environment. Pure apart from resolving relative paths against the cwd. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${String(issue.path[0] ?? 'env')} ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    accessCode: e.ACCESS_CODE,
    personaName: e.PERSONA_NAME,
    ownerName: e.OWNER_NAME,
    timeZone: e.TIME_ZONE,
    vapidSubject: e.VAPID_SUBJECT,
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS,
    ownerDevicePolicy: e.OWNER_DEVICE_POLICY,
    trustProxy: e.TRUST_PROXY,
    serveStatic: e.SERVE_STATIC,
    staticDir: resolve(e.STATIC_DIR),
    llmProviders: e.LLM_PROVIDERS,
    spontaneousThoughtsPerDay: e.THOUGHTS_PER_DAY,
    mirrorWatchFolder: e.MIRROR_WATCH_FOLDER === undefined ? null : resolve(e.MIRROR_WATCH_FOLDER),
    mirrorGitRepo: e.MIRROR_GIT_REPO === undefined ? null : resolve(e.MIRROR_GIT_REPO),
    dataKey: e.DATA_KEY,
    consolePython: e.CONSOLE_PYTHON,
    consolePythonCommand: e.CONSOLE_PYTHON_COMMAND,
  };
}

/** The environment of this process. Kept here so that nothing else touches process.env. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
