// The engine reaches the device after the first paint, and its language model is read before a reply
// needs it (issue 12): two idle tasks, never the first paint's work.
import { afterEach, describe, expect, it, vi } from 'vitest';

const warmUp = vi.fn();
const localReply = vi.fn();
vi.mock('@/engine/companion', () => ({ warmUp, localReply }));

type IdleTask = () => void;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  warmUp.mockReset();
});

describe('the device engine', () => {
  it('is loaded when the app is idle, then its language model is read in a later idle task', async () => {
    const tasks: IdleTask[] = [];
    vi.stubGlobal('requestIdleCallback', (task: IdleTask) => tasks.push(task));
    const { loadDeviceEngine, preloadDeviceEngineWhenIdle } = await import('@/lib/device-engine');

    preloadDeviceEngineWhenIdle();
    expect(tasks).toHaveLength(1); // nothing loads before the browser is idle
    tasks.shift()!();
    await expect(loadDeviceEngine()).resolves.toBe(localReply);
    await vi.waitFor(() => expect(tasks).toHaveLength(1));
    expect(warmUp).not.toHaveBeenCalled(); // not in the task that loaded it

    tasks.shift()!();
    expect(warmUp).toHaveBeenCalledTimes(1);
  });
});
