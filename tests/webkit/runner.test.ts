// The runner itself: MiniBrowser has no headless mode, and without a display WebKitWebDriver's
// session creation hangs without a word. The launch must fail fast with a message that says why. And a
// browser that dies under a test must be named as gone at once, not waited for.
import { execSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { BROWSER_GONE, launchWebKit } from './support/webkit';

test('without a display, the WebKitGTK launch fails with a message naming the missing display', async () => {
  const started = Date.now();
  await expect(
    launchWebKit('webkitgtk', {
      baseURL: 'http://127.0.0.1:9/',
      display: null,
      sessionTimeoutMs: 3000,
    }),
  ).rejects.toThrow(/needs an X display \(DISPLAY=unset\): is Xvfb running\?/);
  expect(Date.now() - started).toBeLessThan(20_000);
});

test("when the browser dies under a wait, the wait fails at once saying it is gone, with the browser's last words", async () => {
  const page = await launchWebKit('webkitgtk', { baseURL: 'about:blank' });
  try {
    await page.driver.get('data:text/html,<p>still here</p>');
    expect(await page.text()).toBe('still here');
    // The browser is the driver's child (MiniBrowser, or a launcher before it): all of them go.
    const children = execSync(`pgrep -P ${page.driverPid} || true`)
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
    expect(children.length).toBeGreaterThan(0);
    for (const pid of children) process.kill(pid, 'SIGKILL');

    const started = Date.now();
    const error = await page.waitForVisible('#never-there', { timeout: 60_000 }).then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).toContain(`webkitgtk: ${BROWSER_GONE}: its WebDriver session ended`);
    expect(error?.message).toContain('What the driver and the browser printed last');
    // Far sooner than the wait's own 60 s: nothing could bring the browser back.
    expect(Date.now() - started).toBeLessThan(30_000);
  } finally {
    await page.close();
  }
});
