// The server's bundle (scripts/server-bundle.ts, what `npm start` runs) finds the files its sources find
// beside themselves: the two worker scripts, package.json (the version the system pages show) and
// CHANGELOG.md (a fresh install's build history). Read from the bundle, each `import.meta.url` must be
// its source file's, or the files are looked for beside dist-server/ and not found.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, SERVER_BUNDLE } from '../../scripts/server-bundle';

let bundle = '';

beforeAll(async () => {
  await bundleServer();
  bundle = readFileSync(SERVER_BUNDLE, 'utf8');
}, 60_000);

const bundleUrl = () => pathToFileURL(SERVER_BUNDLE).href;

describe("the server's bundle finds what its sources find beside themselves", () => {
  it('every import.meta.url in the bundle is the URL of an existing source file', () => {
    const uses = [...bundle.matchAll(/import\.meta\.url/g)].length;
    const sourceUrls = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)\.href/g)];
    expect(uses, 'the server finds files beside its sources').toBeGreaterThanOrEqual(4);
    expect(sourceUrls.length, 'each use is rewritten to its source file').toBe(uses);
    for (const [, path] of sourceUrls) {
      const source = fileURLToPath(new URL(path!, bundleUrl()));
      expect(source).toMatch(/\.ts$/);
      expect(existsSync(source), source).toBe(true);
    }
  });

  it('the worker scripts, package.json and CHANGELOG.md resolve to files that exist', () => {
    const found = [
      ...bundle.matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g),
    ].map(([, target, source]) => fileURLToPath(new URL(target!, new URL(source!, bundleUrl()))));
    const names = found.map((path) => path.split(/[\\/]/).at(-1));
    expect(names).toEqual(
      expect.arrayContaining([
        'encryption-worker.mjs',
        'js-sandbox-worker.mjs',
        'package.json',
        'CHANGELOG.md',
      ]),
    );
    for (const path of found) expect(existsSync(path), path).toBe(true);
  });
});
