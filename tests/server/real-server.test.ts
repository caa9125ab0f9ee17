// The real server process: a kill at any moment loses no acknowledged write, one DATA_DIR has one server,
// SIGTERM is a clean stop. These pay the real scrypt cost, so they log in only a few times.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDirs } from './support/harness';
import { freePort, startRealServer, stopRealServers } from './support/real-server';

const ACCESS_CODE = 'real-server-access-code';

afterEach(async () => {
  stopRealServers();
  await removeDataDirs();
});

function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  return startRealServer(dataDir, port, ACCESS_CODE, env);
}

interface Session {
  cookie: string;
  clientId: string;
}

async function login(url: string, password = ACCESS_CODE): Promise<Session> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  expect(response.status).toBe(200);
  const { clientId } = (await response.json()) as { clientId: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, clientId };
}

async function registeredName(url: string, session: Session): Promise<string | null> {
  const response = await fetch(`${url}/api/users/check-registration`, {
    headers: { cookie: session.cookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { name: string } | null }).user?.name ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the real server', () => {
  it('killed with SIGKILL during a burst of writes, restarts with every acknowledged write', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready;
    const sessions: Session[] = [];
    for (let i = 0; i < 4; i += 1) sessions.push(await login(first.url));

    // Each session renames itself as fast as it can, one request at a time, so that at most one of its
    // writes is in flight when the kill lands: the name after restart must be the last acknowledged
    // one, or the one sent after it.
    let killed = false;
    const acknowledged = sessions.map(() => -1);
    const sent = sessions.map(() => -1);
    const writers = sessions.map(async (session, s) => {
      for (let n = 0; !killed; n += 1) {
        sent[s] = n;
        try {
          const response = await fetch(`${first.url}/api/users/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: session.cookie },
            body: JSON.stringify({ name: `writer ${s} name ${n}`, clientId: session.clientId }),
          });
          if (response.status !== 200) throw new Error(`register answered ${response.status}`);
          await response.arrayBuffer();
          acknowledged[s] = n;
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    });
    let writerFailure: unknown = null;
    writers.forEach((writer) => writer.catch((error: unknown) => (writerFailure ??= error)));
    while (acknowledged.some((n) => n < 5)) {
      if (writerFailure) throw writerFailure;
      await sleep(10);
    }
    await sleep(50 + Math.random() * 250);
    killed = true;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);

    // Every JSON file parses as it was left by the kill (the restart must not be what fixes them).
    for (const file of (await readdir(dataDir)).filter((f) => f.endsWith('.json'))) {
      const text = await readFile(join(dataDir, file), 'utf8');
      expect(() => JSON.parse(text), file).not.toThrow();
    }

    const second = startServer(dataDir, port);
    await second.ready;
    expect(second.output()).not.toContain('Access code:');
    for (const [s, session] of sessions.entries()) {
      const name = await registeredName(second.url, session);
      const lastAcknowledged = acknowledged[s] ?? -1;
      const lastSent = sent[s] ?? -1;
      const allowed = [`writer ${s} name ${lastAcknowledged}`];
      if (lastSent > lastAcknowledged) allowed.push(`writer ${s} name ${lastSent}`);
      expect(allowed, `session ${s}`).toContain(name);
    }
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('killed with SIGKILL during a burst of chats, restarts with every acknowledged chat, each replayed as first answered', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready;
    const sessions: Session[] = [];
    for (let i = 0; i < 4; i += 1) sessions.push(await login(first.url));
    const chat = (url: string, session: Session, key: string, n: number) =>
      fetch(`${url}/api/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: session.cookie,
          'idempotency-key': key,
        },
        body: JSON.stringify({ message: `message ${n} from this writer`, history: [] }),
      });

    // Each session chats as fast as it can (conversations.json's journal, group commits across them).
    let killed = false;
    const answered: { session: Session; key: string; n: number; answer: unknown }[] = [];
    const writers = sessions.map(async (session) => {
      for (let n = 0; !killed; n += 1) {
        const key = crypto.randomUUID();
        try {
          const response = await chat(first.url, session, key, n);
          if (response.status !== 200) throw new Error(`chat answered ${response.status}`);
          answered.push({ session, key, n, answer: await response.json() });
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    });
    let writerFailure: unknown = null;
    writers.forEach((writer) => writer.catch((error: unknown) => (writerFailure ??= error)));
    while (answered.length < 20) {
      if (writerFailure) throw writerFailure;
      await sleep(10);
    }
    await sleep(50 + Math.random() * 250);
    killed = true;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);

    const second = startServer(dataDir, port);
    await second.ready;
    for (const { session, key, n, answer } of answered) {
      const replay = await chat(second.url, session, key, n);
      expect(replay.status, key).toBe(200);
      expect(replay.headers.get('idempotent-replayed'), key).toBe('true');
      expect(await replay.json(), key).toEqual(answer);
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('prints a generated code once, refuses a second server on the same DATA_DIR, stops cleanly on SIGTERM', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const first = startServer(dataDir, port, { ACCESS_CODE: '' });
    await first.ready;
    expect(first.output()).toContain(`Kiri is running at http://127.0.0.1:${port}`);
    const code = /Access code: ([A-Z2-9-]{19})/.exec(first.output())?.[1];
    expect(code).toBeDefined();
    expect(await readFile(join(dataDir, 'auth.json'), 'utf8')).not.toContain(code);
    // The lock's first line is the pid (the second, on Linux, which process that is).
    expect((await readFile(join(dataDir, '.lock'), 'utf8')).split('\n')[0]).toBe(
      String(first.child.pid),
    );

    const second = startServer(dataDir, await freePort(), { ACCESS_CODE: '' });
    const { code: exitCode } = await second.exited;
    expect(exitCode).not.toBe(0);
    expect(second.output()).toContain(
      `Another Kiri server (pid ${first.child.pid}) is already using the data folder ${dataDir}`,
    );
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, '.lock'))).toBe(false);

    // Restarted, it keeps the code it generated and does not show it again.
    const third = startServer(dataDir, port, { ACCESS_CODE: '' });
    await third.ready;
    expect(third.output()).not.toContain('Access code:');
    const session = await login(third.url, code!.toLowerCase());
    expect(await registeredName(third.url, session)).toBeNull();
    third.child.kill('SIGINT');
    expect(await third.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('says once at start why Apple refuses pushes without a real VAPID_SUBJECT; the VAPID key survives a restart', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const publicKey = async (url: string) => {
      const response = await fetch(`${url}/api/notifications/public-key`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { publicKey: string }).publicKey;
    };
    const first = startServer(dataDir, port, { VAPID_SUBJECT: '' });
    await first.ready;
    const key = await publicKey(first.url);
    expect(first.output().match(/BadJwtToken/g)).toHaveLength(1);
    expect(first.output()).toContain('VAPID_SUBJECT is not set');
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    const second = startServer(dataDir, port, { VAPID_SUBJECT: 'mailto:mei@example.com' });
    await second.ready;
    expect(await publicKey(second.url)).toBe(key);
    expect(second.output()).not.toContain('BadJwtToken');
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('refuses to start on a bad setting, naming it', async () => {
    const server = startServer(await makeDataDir(), await freePort(), { TIME_ZONE: 'Moon/Base' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('TIME_ZONE must be an IANA time zone');
  }, 30_000);

  it('refuses to start on a corrupt auth.json, and leaves it alone', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'auth.json'), '{"version": 1, "us');
    const server = startServer(dataDir, await freePort());
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('auth.json cannot be read: it is not valid JSON');
    expect(await readFile(join(dataDir, 'auth.json'), 'utf8')).toBe('{"version": 1, "us');
    expect(existsSync(join(dataDir, '.lock'))).toBe(false);
  }, 30_000);
});
