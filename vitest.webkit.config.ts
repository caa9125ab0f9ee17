// The WebKit suite (tests/webkit): Debian's WebKitGTK and WPE WebKit driven over WebDriver against the
// built app (dist/) and the real server. One file at a time: each starts browsers and servers, and the
// machine has two cores. `npm run test:webkit` runs it alone; `npm test` runs it after Playwright's.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'webkit',
    include: ['tests/webkit/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    reporters: ['verbose'],
  },
});
