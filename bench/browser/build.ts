// The build the browser benchmarks run against, made once per `npm run bench` into a temporary folder:
//  - the app itself, built with the project's own vite.config.ts (so the same service worker source and
//    Workbox set-up), plus one extra file: a static page of the cold-start day's 1,000 messages, which
//    the worker's injectManifest step then precaches like any other built file;
//  - under /bench/, the benchmarks' own pages (newest.html, replay.html), built from bench/browser/ with
//    the real src/db modules.
// The real server serves the folder (STATIC_DIR), so every page is of the app's origin.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { coldStartMessages, STATIC_PAGE, staticDayPage } from './cold-start-data';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const HERE = join(ROOT, 'bench', 'browser');

export interface BenchBuild {
  /** Serve this as STATIC_DIR. */
  dir: string;
}

let building: Promise<BenchBuild> | undefined;
const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function staticPagePlugin(): Plugin {
  return {
    name: 'kiri-bench-static-day',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: STATIC_PAGE,
        source: staticDayPage(coldStartMessages(), 'A day of 1,000 messages'),
      });
    },
  };
}

async function make(): Promise<BenchBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'kiri-bench-build-'));
  made.push(dir);
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    plugins: [staticPagePlugin()],
    build: { outDir: dir, emptyOutDir: true },
  });
  const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  if (!worker.includes(STATIC_PAGE)) {
    throw new Error(`The bench build's worker does not precache ${STATIC_PAGE}.`);
  }
  await build({
    configFile: false,
    root: HERE,
    base: '/bench/',
    logLevel: 'warn',
    resolve: { alias: { '@': join(ROOT, 'src') } },
    build: {
      outDir: join(dir, 'bench'),
      emptyOutDir: false,
      target: 'es2022',
      rolldownOptions: {
        input: { newest: join(HERE, 'newest.html'), replay: join(HERE, 'replay.html') },
      },
    },
  });
  for (const page of ['index.html', 'bench/newest.html', 'bench/replay.html']) {
    if (!existsSync(join(dir, page))) throw new Error(`The bench build has no ${page}.`);
  }
  return { dir };
}

/** The bench build, made on first use and shared by the browser benchmarks of this run. */
export function benchBuild(): Promise<BenchBuild> {
  building ??= make().catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}
