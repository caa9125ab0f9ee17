// The device engine bundled for a page of its own (bench/browser/engine-page/), built with Vite's
// build API into a temporary folder that the real server serves (STATIC_DIR), so the benchmark and the
// WebKit parity test load the engine the way the app does (an import() of '@/engine/companion', its
// libraries in lazy chunks, the app's build target) without depending on the chat's wiring.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { build } from 'vite';
import { BUILD_TARGET } from '../../scripts/build-target';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const PAGE = join(ROOT, 'bench', 'browser', 'engine-page');

export interface EngineBuild {
  /** Serve this as STATIC_DIR; the page is its index.html. */
  dir: string;
  /** The JavaScript the page loads: its own module and the engine's chunks, gzip -9 bytes in all. */
  gzipBytes: number;
  rawBytes: number;
}

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

let building: Promise<EngineBuild> | undefined;

async function make(): Promise<EngineBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'kiri-engine-page-'));
  made.push(dir);
  await build({
    configFile: false,
    root: PAGE,
    base: '/',
    logLevel: 'error',
    resolve: { alias: { '@': join(ROOT, 'src') } },
    build: {
      outDir: dir,
      emptyOutDir: true,
      target: BUILD_TARGET,
      // The language model makes a chunk of several MB: that is known, not news.
      chunkSizeWarningLimit: 10_000,
    },
  });
  if (!existsSync(join(dir, 'index.html')))
    throw new Error('The engine page build has no index.html.');
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const entry of readdirSync(join(dir, 'assets'))) {
    if (!entry.endsWith('.js')) continue;
    const path = join(dir, 'assets', entry);
    rawBytes += statSync(path).size;
    gzipBytes += gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return { dir, gzipBytes, rawBytes };
}

/** The engine page, built on first use and shared by whoever asks in this process. */
export function engineBuild(): Promise<EngineBuild> {
  building ??= make().catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}
