import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      accessCode: undefined,
      personaName: 'Kiri',
      ownerName: undefined,
      timeZone: 'Asia/Shanghai',
      vapidSubject: undefined,
      pushAllowedHosts: [],
      ownerDevicePolicy: 'enroll',
      trustProxy: false,
      serveStatic: true,
      staticDir: resolve('./dist'),
      llmProviders: [],
      spontaneousThoughtsPerDay: 0,
      mirrorWatchFolder: null,
      mirrorGitRepo: null,
      consolePython: false,
      consolePythonCommand: 'python3',
    });
  });

  it('reads CONSOLE_PYTHON as a flag (off unless set) and CONSOLE_PYTHON_COMMAND as the interpreter', () => {
    expect(loadConfig({ CONSOLE_PYTHON: 'true' }).consolePython).toBe(true);
    expect(loadConfig({ CONSOLE_PYTHON: 'off' }).consolePython).toBe(false);
    expect(() => loadConfig({ CONSOLE_PYTHON: 'maybe' })).toThrow(/CONSOLE_PYTHON/);
    expect(loadConfig({ CONSOLE_PYTHON_COMMAND: '/usr/bin/python3.11' }).consolePythonCommand).toBe(
      '/usr/bin/python3.11',
    );
  });

  it('reads MIRROR_WATCH_FOLDER and MIRROR_GIT_REPO as absolute paths, unset or blank as not configured', () => {
    const config = loadConfig({ MIRROR_WATCH_FOLDER: 'exports', MIRROR_GIT_REPO: ' /srv/mirror ' });
    expect(config.mirrorWatchFolder).toBe(resolve('exports'));
    expect(config.mirrorGitRepo).toBe('/srv/mirror');
    expect(loadConfig({ MIRROR_WATCH_FOLDER: '  ' }).mirrorWatchFolder).toBeNull();
  });

  it('reads THOUGHTS_PER_DAY from 0 to 3 and refuses anything else', () => {
    expect(loadConfig({ THOUGHTS_PER_DAY: '2' }).spontaneousThoughtsPerDay).toBe(2);
    for (const bad of ['4', '-1', '1.5', 'often']) {
      expect(() => loadConfig({ THOUGHTS_PER_DAY: bad })).toThrow(
        /THOUGHTS_PER_DAY must be 0 \(off\), 1, 2 or 3/,
      );
    }
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/kiri',
      ACCESS_CODE: 'open sesame please',
      PERSONA_NAME: 'Mira',
      OWNER_NAME: 'Ada',
      TIME_ZONE: 'Europe/Paris',
      VAPID_SUBJECT: 'mailto:ada@example.com',
      OWNER_DEVICE_POLICY: 'apple',
      TRUST_PROXY: 'true',
      SERVE_STATIC: 'no',
      STATIC_DIR: '/srv/kiri',
      LLM_PROVIDERS: JSON.stringify([
        { name: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' },
        {
          name: 'openai',
          baseUrl: 'https://api.openai.com/v1',
          apiKey: 'sk-x',
          model: 'gpt-4o',
          timeoutMs: 5000,
        },
      ]),
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/kiri',
      accessCode: 'open sesame please',
      personaName: 'Mira',
      ownerName: 'Ada',
      timeZone: 'Europe/Paris',
      vapidSubject: 'mailto:ada@example.com',
      ownerDevicePolicy: 'apple',
      trustProxy: true,
      serveStatic: false,
      staticDir: '/srv/kiri',
      llmProviders: [
        {
          name: 'ollama',
          baseUrl: 'http://127.0.0.1:11434/v1',
          model: 'llama3',
          timeoutMs: 20_000,
        },
        {
          name: 'openai',
          baseUrl: 'https://api.openai.com/v1',
          apiKey: 'sk-x',
          model: 'gpt-4o',
          timeoutMs: 5000,
        },
      ],
    });
  });

  it('reads PUSH_ALLOWED_HOSTS as hosts on ports, 443 when none is given', () => {
    expect(loadConfig({}).pushAllowedHosts).toEqual([]);
    expect(
      loadConfig({ PUSH_ALLOWED_HOSTS: ' 127.0.0.1:8931, push.example.org ,, *.wns.example' })
        .pushAllowedHosts,
    ).toEqual([
      { host: '127.0.0.1', port: 8931 },
      { host: 'push.example.org', port: 443 },
      { host: '*.wns.example', port: 443 },
    ]);
  });

  it('accepts a localhost VAPID_SUBJECT: push works in development (the start warns about Apple)', () => {
    // Issue 10 changed this from a refusal: server/push/vapid.ts replaces it and says why once.
    expect(loadConfig({ VAPID_SUBJECT: 'https://localhost' }).vapidSubject).toBe(
      'https://localhost',
    );
  });

  it('treats empty values as unset', () => {
    expect(
      loadConfig({ OWNER_NAME: '', ACCESS_CODE: '  ', LLM_PROVIDERS: '', PORT: '' }),
    ).toMatchObject({ ownerName: undefined, accessCode: undefined, llmProviders: [], port: 8787 });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT must be a whole number/],
    [{ PORT: '80.5' }, /^PORT must be a whole number/],
    [
      { TIME_ZONE: 'Mars/Olympus' },
      /^TIME_ZONE must be an IANA time zone .* \(got "Mars\/Olympus"\)$/,
    ],
    [
      { VAPID_SUBJECT: 'ada@example.com' },
      /^VAPID_SUBJECT must be a mailto: address or an https: URL/,
    ],
    [{ VAPID_SUBJECT: 'http://example.com' }, /^VAPID_SUBJECT must be/],
    [
      { OWNER_DEVICE_POLICY: 'android' },
      /^OWNER_DEVICE_POLICY must be enroll or apple \(got "android"\)$/,
    ],
    [
      { PUSH_ALLOWED_HOSTS: 'push.example.org,https://other.example' },
      /^PUSH_ALLOWED_HOSTS must be comma-separated host or host:port entries: "https:\/\/other.example" is not a host/,
    ],
    [{ PUSH_ALLOWED_HOSTS: '127.0.0.1:99999' }, /^PUSH_ALLOWED_HOSTS .* has a port that is not/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be true or false \(got "maybe"\)$/],
    [{ SERVE_STATIC: '2' }, /^SERVE_STATIC must be true or false/],
    [{ LLM_PROVIDERS: '[{"name": ' }, /^LLM_PROVIDERS must be a JSON array of/],
    [{ LLM_PROVIDERS: '{"name": "x"}' }, /^LLM_PROVIDERS value: /],
    [
      { LLM_PROVIDERS: '[{"name": "a", "baseUrl": "ftp://x", "model": "m"}]' },
      /^LLM_PROVIDERS \[0\]\.baseUrl: must be an http:\/\/ or https:\/\/ URL$/,
    ],
    [{ LLM_PROVIDERS: '[{"name": "a", "baseUrl": "http://x"}]' }, /^LLM_PROVIDERS \[0\]\.model: /],
    [
      { LLM_PROVIDERS: '[{"name": "a", "baseUrl": "http://x", "model": "m", "timeoutMs": 10}]' },
      /^LLM_PROVIDERS \[0\]\.timeoutMs: must be at least 1000$/,
    ],
    [
      {
        LLM_PROVIDERS:
          '[{"name": "a", "baseUrl": "http://x", "model": "m"}, {"name": "a", "baseUrl": "http://y", "model": "n"}]',
      },
      /^LLM_PROVIDERS two providers are named "a"$/,
    ],
    [{ ACCESS_CODE: 'short' }, /^ACCESS_CODE must be at least 8 characters/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('lists every bad variable at once, in one readable message', () => {
    try {
      loadConfig({ PORT: 'x', TIME_ZONE: 'Nowhere' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(
        /^Invalid configuration:\n {2}- PORT .*\n {2}- TIME_ZONE /,
      );
    }
  });

  it('never repeats a secret in its messages', () => {
    const [short] = problemsOf({ ACCESS_CODE: 'hunter2' });
    expect(short).not.toContain('hunter2');
    const [provider] = problemsOf({
      LLM_PROVIDERS: '[{"name": "a", "baseUrl": "nope", "apiKey": "sk-very-secret", "model": "m"}]',
    });
    expect(provider).not.toContain('sk-very-secret');
    const [unparseable] = problemsOf({ LLM_PROVIDERS: '[{"apiKey": "sk-very-secret"' });
    expect(unparseable).not.toContain('sk-very-secret');
  });
});
