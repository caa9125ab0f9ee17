// Headless Debian Chromium for the browser benchmarks, launched as the e2e tests launch it (never a
// downloaded browser), with a throwaway profile on disk so IndexedDB and Cache Storage live on disk as
// they would on a phone (an incognito context keeps them in memory).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BenchBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBenchBrowser(
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'kiri-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    serviceWorkers: options.serviceWorkers ?? 'allow',
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
