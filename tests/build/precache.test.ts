// Offline after one visit (issue 12): every chunk the build writes is in the service worker's precache
// manifest, whatever its size. Workbox leaves out a file over maximumFileSizeToCacheInBytes with only a
// warning, and the device engine's language model is a chunk of several MB that the app needs exactly
// when the server cannot be reached.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDist, formatFinding } from '../../scripts/check-dist-syntax';
import { checkPrecache, precacheUrls } from '../../scripts/check-precache';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** What the chat loads with import() once the server is out of reach (the engine and its readers). */
const ENGINE_MODULES = {
  engine: join(ROOT, 'src/engine/companion/index.ts'),
  // The language model's reader: the largest of the engine's libraries (wink-eng-lite-web-model).
  terms: join(ROOT, 'src/engine/language/terms.ts'),
  sentiment: join(ROOT, 'src/engine/language/sentiment.ts'),
  // The engine's other libraries (issue 12: date parsing and memory search), as the engine will use them.
  chrono: 'chrono-node',
  minisearch: 'minisearch',
};
const WORKBOX_DEFAULT_LIMIT = 2 * 1024 * 1024;

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

describe('the precache manifest of a built worker', () => {
  it('lists the URLs injectManifest wrote', () => {
    const code =
      'var s=[{"revision":"abc","url":"index.html"},{"revision":null,"url":"assets/app-x.js"}];' +
      'precacheAndRoute(s)';
    expect(precacheUrls(code)).toEqual(['index.html', 'assets/app-x.js']);
  });

  it('names the chunk the worker leaves out', () => {
    const dir = tempDir('kiri-precache-');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-x.js'), 'export const a = 1;');
    writeFileSync(join(dir, 'assets', 'model-y.js'), 'export const model = "…";');
    writeFileSync(join(dir, 'assets', 'boot-z.css'), 'a{}');
    writeFileSync(
      join(dir, 'sw.js'),
      'precacheAndRoute([{"revision":null,"url":"assets/app-x.js"},{"revision":null,"url":"assets/boot-z.css"}])',
    );
    const report = checkPrecache(dir);
    expect(report.chunks).toEqual(['assets/app-x.js', 'assets/boot-z.css', 'assets/model-y.js']);
    expect(report.missing).toEqual(['assets/model-y.js']);
  });

  it('refuses a worker whose manifest it cannot read, rather than call everything missing', () => {
    const dir = tempDir('kiri-precache-');
    writeFileSync(join(dir, 'sw.js'), 'precacheAndRoute([{url:"index.html",revision:"1"}])');
    expect(() => checkPrecache(dir)).toThrow(/no precache manifest that this check can read/);
  });
});

/** Adds the engine's modules to the build as chunks of their own, as the chat's import() makes them. */
function engineChunks(): Plugin {
  return {
    name: 'kiri-test-engine-chunks',
    apply: 'build',
    buildStart() {
      for (const [name, id] of Object.entries(ENGINE_MODULES)) {
        this.emitFile({ type: 'chunk', id, name: `test-${name}` });
      }
    },
  };
}

describe("the app's build with the device engine in it", () => {
  let dir: string | undefined;
  const built = async (): Promise<string> => {
    if (dir) return dir;
    const out = tempDir('kiri-precache-build-');
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: ROOT,
      logLevel: 'error',
      plugins: [engineChunks()],
      build: { outDir: out, emptyOutDir: true },
    });
    return (dir = out);
  };

  it('precaches every chunk, the engine and its language model (over Workbox’s 2 MiB default) included', async () => {
    const out = await built();
    const report = checkPrecache(out);
    const engine = report.chunks.filter((file) => /^assets\/test-[a-z]+-/.test(file));
    expect(engine).toHaveLength(Object.keys(ENGINE_MODULES).length);
    // The model makes its chunk larger than the default limit: the case Workbox would skip.
    const largest = Math.max(...engine.map((file) => statSync(join(out, file)).size));
    expect(largest).toBeGreaterThan(WORKBOX_DEFAULT_LIMIT);
    expect(report.missing).toEqual([]);
    expect(report.urls).toEqual(expect.arrayContaining(engine));
  }, 240_000);

  it("parses on Safari 16.0: the engine's libraries in their chunks", async () => {
    const out = await built();
    // The engine's own chunk is left to `npm run build` (check-dist-syntax runs over every chunk the
    // chat's import() makes); here the libraries, which no one on the project writes, are held to it.
    const findings = checkDist(out).filter((finding) => !/test-engine-/.test(finding.file));
    expect(findings.map(formatFinding)).toEqual([]);
  }, 240_000);
});
