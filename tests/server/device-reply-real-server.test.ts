// Device replies through the real server process (issue 12): stored, the server killed with SIGKILL right
// after the answers, restarted, and every replay (with its device reply or not) answered as first, the log
// holding each message and its one answer once.
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import { makeDataDir, removeDataDirs } from './support/harness';
import { freePort, startRealServer, stopRealServers } from './support/real-server';

const ACCESS_CODE = 'device-reply-access-code';

afterEach(async () => {
  stopRealServers();
  await removeDataDirs();
});

const startServer = (dataDir: string, port: number) => startRealServer(dataDir, port, ACCESS_CODE);

interface Entry {
  id: string;
  sender: 'user' | 'kiri';
  answersId: string | null;
  writtenOffline?: boolean;
}

describe('device replies through the real server', () => {
  it('killed with SIGKILL after storing them, restarted: each replay gets its first answer, nothing twice', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready;
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ACCESS_CODE }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const chat = (url: string, key: string, body: unknown) =>
      fetch(`${url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
        body: JSON.stringify(body),
      });

    // Three messages answered on the device, and one the server answered whose answer the device
    // never got (it answered on its own and replays with its reply).
    const sent: { key: string; body: Record<string, unknown>; answer: unknown }[] = [];
    for (let n = 0; n < 3; n += 1) {
      const at = Date.now() - 60_000 + n * 1_000;
      const key = uuidv7(at);
      const body = {
        message: `offline message ${n}`,
        history: [],
        clientTimestamp: at,
        deviceReply: {
          kiriMessages: [
            { id: uuidv7(at + 500), message: `device reply ${n}`, timestamp: at + 500 },
          ],
        },
      };
      const response = await chat(first.url, key, body);
      expect(response.status).toBe(200);
      sent.push({ key, body, answer: await response.json() });
    }
    const onlineKey = uuidv7();
    const online = { message: 'and one online', history: [] };
    const served = await chat(first.url, onlineKey, online);
    expect(served.status).toBe(200);
    const servedAnswer = await served.json();
    // Acknowledged means durable: the kill comes right after the last answer.
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = startServer(dataDir, port);
    await second.ready;
    for (const { key, body, answer } of sent) {
      const replay = await chat(second.url, key, body);
      expect(replay.status, key).toBe(200);
      expect(replay.headers.get('idempotent-replayed'), key).toBe('true');
      expect(await replay.json(), key).toEqual(answer);
    }
    const late = await chat(second.url, onlineKey, {
      ...online,
      deviceReply: {
        kiriMessages: [{ id: uuidv7(), message: 'my own answer', timestamp: Date.now() }],
      },
    });
    expect(late.headers.get('idempotent-replayed')).toBe('true');
    expect(await late.json()).toEqual(servedAnswer);

    const log = (await (
      await fetch(`${second.url}/api/conversations`, { headers: { cookie } })
    ).json()) as Entry[];
    for (const { key, answer } of sent) {
      const [reply] = (answer as { kiriMessages: { id: string }[] }).kiriMessages;
      expect(log.filter((e) => e.id === key)).toHaveLength(1);
      // Its one answer: the device's, written offline; nothing else answers it.
      expect(log.filter((e) => e.answersId === key).map((e) => [e.id, e.writtenOffline])).toEqual([
        [reply!.id, true],
      ]);
    }
    expect(log.filter((e) => e.answersId === onlineKey).every((e) => !e.writtenOffline)).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
