import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionInput } from '../../server/companion';
import { BASELINE_PERSONALITY, createCompanion } from '../../server/companion';

interface Recorded {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    temperature: number;
    messages: { role: string; content: string }[];
  };
}

interface Fake {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: Recorded['body']) => void;

const servers: Fake[] = [];

async function fake(handler: Handler): Promise<Fake> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Recorded['body'];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const instance: Fake = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(instance);
  return instance;
}

function answer(content: string): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
  };
}

/** A port on which nothing listens. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const KEY_A = 'sk-test-first-0123456789abcdef';
const KEY_B = 'sk-test-second-0123456789abcdef';

function input(overrides: Partial<CompanionInput> = {}): CompanionInput {
  return {
    message: 'I had a long day at work',
    isInitialGreeting: false,
    userName: 'Mei',
    history: [
      { role: 'user', content: 'hi kiri' },
      { role: 'assistant', content: 'helloooo ~' },
    ],
    now: Date.UTC(2025, 2, 3, 6, 0),
    timeZone: 'Asia/Shanghai',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: { mode: 'nurturing', intensity: 0.7 },
    memories: [{ content: 'my sister is called Ana', timestamp: Date.UTC(2025, 2, 1) }],
    recentReplies: [],
    seed: 3,
    ...overrides,
  };
}

describe('createCompanion', () => {
  it('falls back to the second provider when the first times out', async () => {
    const late = answer('too late');
    const slow = await fake((req, res, body) => {
      setTimeout(() => late(req, res, body), 2_000);
    });
    const quick = await fake(
      answer('oh no, a long day?\n\nCome sit with me and tell me about it ~'),
    );
    const lines: string[] = [];
    const companion = createCompanion({
      providers: [
        { name: 'llama', baseUrl: slow.url, apiKey: KEY_A, model: 'llama-3', timeoutMs: 150 },
        {
          name: 'mistral',
          baseUrl: quick.url,
          apiKey: KEY_B,
          model: 'mistral-small',
          timeoutMs: 1_000,
        },
      ],
      log: (line) => lines.push(line),
    });
    const started = Date.now();
    const reply = await companion.reply(input());
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(reply.provider).toBe('mistral');
    expect(reply.parts).toEqual(['oh no, a long day?', 'Come sit with me and tell me about it ~']);
    // The intent is the engine's reading of the owner's message ('a long day' is tired), whoever wrote the reply.
    expect(reply.intent).toBe('feeling');

    const { chain, currentProvider } = companion.health();
    expect(currentProvider).toBe('mistral');
    expect(chain.map((entry) => entry.name)).toEqual(['llama', 'mistral', 'local']);
    expect(chain[0]).toMatchObject({ ok: false, failures: 1, successes: 0 });
    expect(chain[0]!.lastError).toMatch(/timed out after 150 ms/);
    expect(chain[0]!.lastLatencyMs).toBeGreaterThanOrEqual(140);
    expect(chain[1]).toMatchObject({ ok: true, failures: 0, successes: 1, lastError: null });
    expect(chain[1]!.lastUsedAt).toBeTypeOf('number');
    expect(chain[2]).toMatchObject({ ok: null, successes: 0 });
    expect(lines.join('\n')).not.toContain(KEY_A);
    expect(lines.join('\n')).not.toContain(KEY_B);
  });

  it('answers locally when every provider fails, and records why', async () => {
    const broken = await fake((req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`internal error for key ${req.headers.authorization ?? ''}`);
    });
    const lines: string[] = [];
    const companion = createCompanion({
      providers: [
        {
          name: 'gemini',
          baseUrl: broken.url,
          apiKey: KEY_A,
          model: 'gemini-flash',
          timeoutMs: 300,
        },
        {
          name: 'openai',
          baseUrl: await closedPortUrl(),
          apiKey: KEY_B,
          model: 'gpt-4o-mini',
          timeoutMs: 300,
        },
      ],
      log: (line) => lines.push(line),
    });
    const reply = await companion.reply(input({ message: "I'm so tired" }));
    expect(reply.provider).toBe('local');
    expect(reply).toMatchObject({ intent: 'feeling', feeling: 'tired' });
    expect(reply.parts.length).toBeGreaterThanOrEqual(1);

    const { chain, currentProvider } = companion.health();
    expect(currentProvider).toBe('local');
    expect(chain[0]).toMatchObject({ name: 'gemini', ok: false, failures: 1 });
    expect(chain[0]!.lastError).toMatch(/^HTTP 500/);
    expect(chain[1]).toMatchObject({ name: 'openai', ok: false, failures: 1 });
    expect(chain[1]!.lastError).toMatch(/network error/);
    expect(chain[2]).toMatchObject({ name: 'local', ok: true, successes: 1 });
    const everything = JSON.stringify(chain) + lines.join('\n');
    expect(everything).not.toContain(KEY_A);
    expect(everything).not.toContain(KEY_B);
    expect(everything).not.toContain('warm, caring');
  });

  it('sends the model, the bearer key, the history and a system prompt about the owner', async () => {
    const server = await fake(answer('hi Mei ~ that sounds like a lot'));
    const companion = createCompanion({
      providers: [
        {
          name: 'local-llama',
          baseUrl: `${server.url}/`,
          apiKey: KEY_A,
          model: 'llama-3.1-8b',
          timeoutMs: 1_000,
        },
      ],
    });
    const reply = await companion.reply(input());
    expect(reply.provider).toBe('local-llama');
    const [request] = server.requests;
    expect(request).toBeDefined();
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe(`Bearer ${KEY_A}`);
    expect(request!.body.model).toBe('llama-3.1-8b');
    expect(request!.body.temperature).toBeGreaterThan(0);
    const [system, ...rest] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Kiri');
    expect(system!.content).toContain('Mei');
    expect(system!.content).toContain('2025');
    expect(system!.content).toContain('Asia/Shanghai');
    expect(system!.content).toMatch(/softness 0\.70/);
    expect(system!.content).toMatch(/nurturing/);
    expect(system!.content).toContain('my sister is called Ana');
    expect(rest).toEqual([
      { role: 'user', content: 'hi kiri' },
      { role: 'assistant', content: 'helloooo ~' },
      { role: 'user', content: 'I had a long day at work' },
    ]);
  });

  it("sends a provider the long message and turns as the prompt allows, not the local engine's cut", async () => {
    // The local engine reads 2,000 characters (its text handling must stay cheap); a model reads more.
    const server = await fake(answer('that is a lot to take in ~'));
    const companion = createCompanion({
      providers: [{ name: 'ollama', baseUrl: server.url, model: 'qwen', timeoutMs: 1_000 }],
    });
    const long = `${'word '.repeat(700)}the end`;
    await companion.reply(
      input({
        message: long,
        history: [
          { role: 'user', content: long },
          { role: 'assistant', content: 'ok' },
        ],
      }),
    );
    const sent = server.requests[0]!.body.messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: long.trim() });
    expect(sent[1]).toEqual({ role: 'user', content: long });
  });

  it('sends no authorization header without a key', async () => {
    const server = await fake(answer('hello ~'));
    const companion = createCompanion({
      providers: [{ name: 'ollama', baseUrl: server.url, model: 'qwen' }],
    });
    await companion.reply(input());
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('takes remember and intent from the message, whoever answers', async () => {
    const server = await fake(
      answer("Got it! I'll remember that your sister's birthday is in June."),
    );
    const companion = createCompanion({
      providers: [{ name: 'openai', baseUrl: server.url, apiKey: KEY_A, model: 'gpt' }],
    });
    const reply = await companion.reply(
      input({ message: "remember that my sister's birthday is in June" }),
    );
    expect(reply).toMatchObject({
      provider: 'openai',
      intent: 'remember',
      remember: "my sister's birthday is in June",
      feeling: null,
    });
    expect(server.requests[0]!.body.messages[0]!.content).toContain(
      "my sister's birthday is in June",
    );
  });

  it('falls back on an empty answer and on a reply it gave recently', async () => {
    const empty = await fake(answer('   '));
    const repeat = await fake(answer('hello again ~'));
    const companion = createCompanion({
      providers: [
        { name: 'empty', baseUrl: empty.url, model: 'a', timeoutMs: 500 },
        { name: 'repeat', baseUrl: repeat.url, model: 'b', timeoutMs: 500 },
      ],
    });
    const reply = await companion.reply(
      input({ message: 'hello', recentReplies: ['hello again ~'] }),
    );
    expect(reply.provider).toBe('local');
    expect(reply.parts.join(' ')).not.toBe('hello again ~');
    const [emptyHealth, repeatHealth] = companion.health().chain;
    expect(emptyHealth).toMatchObject({ ok: false, lastError: 'empty answer' });
    expect(repeatHealth).toMatchObject({ ok: true, successes: 1 });
  });

  it('greets through the provider on the initial greeting', async () => {
    const server = await fake(answer('good afternoon Mei ~ how is your day going?'));
    const companion = createCompanion({
      providers: [{ name: 'openai', baseUrl: server.url, model: 'gpt' }],
    });
    const reply = await companion.reply(
      input({ message: '', isInitialGreeting: true, history: [] }),
    );
    expect(reply).toMatchObject({
      provider: 'openai',
      intent: 'initial_greeting',
      remember: null,
      feeling: null,
    });
    const messages = server.requests[0]!.body.messages;
    expect(messages[messages.length - 1]).toEqual({
      role: 'user',
      content: '(Mei just opened the app.)',
    });
    expect(messages[0]!.content).toMatch(/just opened the app/);
  });

  it('uses the local engine when no provider is configured', async () => {
    const companion = createCompanion({ providers: [] });
    expect(companion.health()).toEqual({
      chain: [
        {
          name: 'local',
          ok: null,
          lastUsedAt: null,
          lastError: null,
          lastLatencyMs: null,
          successes: 0,
          failures: 0,
        },
      ],
      currentProvider: 'local',
    });
    const reply = await companion.reply(input({ message: 'hello' }));
    expect(reply.provider).toBe('local');
    expect(companion.health().chain[0]).toMatchObject({ ok: true, successes: 1 });
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const companion = createCompanion({
      providers: [{ name: 'stub', baseUrl: 'http://stub.invalid/v1', model: 'm' }],
      fetch: async (url) => {
        calls.push(String(url));
        return new Response(
          JSON.stringify({
            choices: [{ message: { content: '<think>hmm</think>Kiri: hi there ~' } }],
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    const reply = await companion.reply(input({ message: 'hello' }));
    expect(calls).toEqual(['http://stub.invalid/v1/chat/completions']);
    expect(reply.parts).toEqual(['hi there ~']);
  });
});
