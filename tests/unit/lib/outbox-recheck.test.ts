import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_INTERVAL_MS } from '@/domain/outbox-rules';
import { createOutboxRecheck, type OutboxRecheckDeps } from '@/lib/outbox-recheck';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

/** An outbox whose entries wait on a backoff grown to 30 s, and a server that is down until `up`. */
function world(options: { visible: boolean; online?: boolean }) {
  const state = {
    visible: options.visible,
    online: options.online ?? true,
    up: false,
    dueAt: Date.now() + 30_000,
    failed: true,
  };
  const replay = vi.fn<OutboxRecheckDeps['replay']>();
  const probe = vi.fn(async () => state.up);
  const recheck = createOutboxRecheck({
    outbox: async () => ({ dueAt: state.dueAt, failed: state.failed }),
    visible: () => state.visible,
    online: () => state.online,
    probe,
    replay,
  });
  return { state, replay, probe, recheck };
}

describe('the outbox recheck: in view the server is probed every few seconds; hidden, the backoff alone', () => {
  it('in view, probes every few seconds and replays (forced) within one interval of the server answering', async () => {
    const { state, replay, probe, recheck } = world({ visible: true });
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(replay).not.toHaveBeenCalled();

    state.up = true;
    const backAt = Date.now();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledWith({ force: true });
    expect(Date.now() - backAt).toBeLessThanOrEqual(PROBE_INTERVAL_MS);
    recheck.stop();
  });

  it('once the server answered, a probe does not force replays again (a 5xx waits on its backoff)', async () => {
    const { state, replay, recheck } = world({ visible: true });
    state.up = true;
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledTimes(1);
    // The replay ended with entries still waiting (the server answered 503): look again.
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(5 * PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledTimes(1);
    // Down, then back: once more.
    state.up = false;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    state.up = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledTimes(2);
    expect(replay).toHaveBeenLastCalledWith({ force: true });
    recheck.stop();
  });

  it('after an offline stretch, the first probe that finds the server forces a replay, however long ago it was last seen', async () => {
    // The chaos suite's 32 s recoveries: the server had answered a probe before the tunnel; the replay
    // forced by the 'online' event failed (the network was not usable yet) and put the messages on
    // their 30 s backoff; the probes then found the server but, having seen it before, left them there.
    const { state, replay, recheck } = world({ visible: true });
    state.up = true;
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledTimes(1);
    // Offline: a message is sent, its replay fails at once, and the page looks again.
    state.online = false;
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    // Online again, and the replay the browser's event forced failed too: the page looks again.
    state.online = true;
    await recheck.schedule();
    const backAt = Date.now();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(replay).toHaveBeenCalledTimes(2);
    expect(replay).toHaveBeenLastCalledWith({ force: true });
    expect(Date.now() - backAt).toBeLessThanOrEqual(PROBE_INTERVAL_MS);
    recheck.stop();
  });

  it('hidden, never probes and replays when the backoff is due, as before', async () => {
    const { state, replay, probe, recheck } = world({ visible: false });
    state.up = true;
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(probe).not.toHaveBeenCalled();
    expect(replay).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(replay).toHaveBeenCalledWith({ force: false });
    recheck.stop();
  });

  it('offline, waits for the browser instead of probing', async () => {
    const { probe, recheck } = world({ visible: true, online: false });
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(10 * PROBE_INTERVAL_MS);
    expect(probe).not.toHaveBeenCalled();
    recheck.stop();
  });

  it('does not knock while the only entry is on its way (nothing failed yet)', async () => {
    const { state, probe, replay, recheck } = world({ visible: true });
    state.failed = false;
    state.dueAt = Date.now();
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(replay).toHaveBeenCalledWith({ force: false });
    expect(probe).not.toHaveBeenCalled();
    recheck.stop();
  });

  it('stops probing when nothing waits any more', async () => {
    const probe = vi.fn(async () => false);
    const recheck = createOutboxRecheck({
      outbox: async () => ({ dueAt: null, failed: false }),
      visible: () => true,
      online: () => true,
      probe,
      replay: vi.fn(),
    });
    await recheck.schedule();
    await vi.advanceTimersByTimeAsync(10 * PROBE_INTERVAL_MS);
    expect(probe).not.toHaveBeenCalled();
  });
});
