// The runner itself: MiniBrowser has no headless mode, and without a display WebKitWebDriver's
// session creation hangs without a word. The launch must fail fast with a message that says why.
import { expect, test } from 'vitest';
import { launchWebKit } from './support/webkit';

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
