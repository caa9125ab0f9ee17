// @vitest-environment jsdom
// Opening a browser task: after its source's delay, a new tab on a desktop (a refused pop-up is the
// menu's failure, or the overlay for Kiri's reply and the bubble), the overlay on a phone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeOverlay,
  getOverlay,
  getRecentTasks,
  openBrowserTask,
} from '@/features/browser-tasks/api/task-runner';
import { resetTaskTabsForTests } from '@/features/browser-tasks/api/task-tabs-module';

afterEach(async () => {
  await closeOverlay();
  resetTaskTabsForTests();
  vi.restoreAllMocks();
});

// The static module is not served in jsdom: the built-in list takes over (and says so once).
function quietModuleLoad() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

describe('openBrowserTask', () => {
  it("waits the source's delay, then opens a new tab on a desktop with no way back to the app", async () => {
    quietModuleLoad();
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const waited: number[] = [];
    const outcome = await openBrowserTask({
      url: 'https://example.com/',
      source: 'reply',
      desktop: true,
      wait: async (ms) => {
        waited.push(ms);
        expect(open).not.toHaveBeenCalled();
      },
    });
    expect(waited).toEqual([1500]);
    expect(outcome).toBe('tab');
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank');
    expect(tab.opener).toBeNull();
    expect(getOverlay()).toBeNull();
    expect(getRecentTasks()[0]).toMatchObject({ url: 'https://example.com/', shownIn: 'tab' });
  });

  it('a refused pop-up from the menu is a failure (the menu says so), and nothing opens', async () => {
    quietModuleLoad();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const outcome = await openBrowserTask({
      url: 'https://example.com/',
      source: 'menu',
      desktop: true,
      wait: async () => {},
    });
    expect(outcome).toBe('failed');
    expect(getOverlay()).toBeNull();
  });

  it("a refused pop-up for Kiri's reply shows the page in the overlay instead, and says why", async () => {
    quietModuleLoad();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const outcome = await openBrowserTask({
      url: 'https://example.com/',
      source: 'reply',
      desktop: true,
      wait: async () => {},
    });
    expect(outcome).toBe('overlay');
    expect(getOverlay()).toMatchObject({ popupBlocked: true, view: 'normal' });
  });

  it('on a phone opens the overlay after 1 s for a reply and 0.5 s from the bubble, never a tab', async () => {
    quietModuleLoad();
    const open = vi.spyOn(window, 'open');
    const waited: number[] = [];
    const wait = async (ms: number) => void waited.push(ms);
    await openBrowserTask({ url: 'https://a.example/', source: 'reply', desktop: false, wait });
    expect(getOverlay()?.task.url).toBe('https://a.example/');
    await openBrowserTask({ url: 'https://b.example/', source: 'bubble', desktop: false, wait });
    expect(waited).toEqual([1000, 500]);
    expect(open).not.toHaveBeenCalled();
    expect(getOverlay()).toMatchObject({
      popupBlocked: false,
      task: { url: 'https://b.example/' },
    });
    await closeOverlay();
    expect(getOverlay()).toBeNull();
    expect(getRecentTasks().map((t) => [t.url, t.closedAt === null])).toEqual([
      ['https://b.example/', false],
      // Replaced in the one overlay by the bubble's page.
      ['https://a.example/', false],
    ]);
  });
});
