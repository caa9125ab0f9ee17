// Fails the build when a built chunk is not in the service worker's precache manifest. Workbox skips a
// file over `maximumFileSizeToCacheInBytes` with nothing but a warning in the build's output, and the
// app then works offline only until it needs that chunk: the device engine and its language model
// (issue 12) are exactly such lazy chunks, needed first when the server is out of reach.
// Run by `npm run build` after `vite build`; `tsx scripts/check-precache.ts [dir]`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The URLs in the precache manifest that injectManifest wrote into a built worker: entries of the
 * form {"revision":…,"url":"assets/x.js"} (revision null for hashed file names).
 */
export function precacheUrls(workerCode: string): string[] {
  const urls: string[] = [];
  for (const match of workerCode.matchAll(
    /\{"revision":(?:null|"[^"]*"),"url":"((?:[^"\\]|\\.)*)"\}/g,
  )) {
    urls.push(JSON.parse(`"${match[1]!}"`) as string);
  }
  return urls;
}

export interface PrecacheReport {
  /** The built JavaScript and CSS files (paths relative to the folder, with '/'), the worker excepted. */
  chunks: string[];
  /** Those of them the worker does not precache. */
  missing: string[];
  /** The precached URLs. */
  urls: string[];
  /** The bytes of every precached file that exists in the folder. */
  precacheBytes: number;
}

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** What the worker built into `dir` precaches of the chunks beside it. */
export function checkPrecache(dir: string): PrecacheReport {
  const worker = join(dir, 'sw.js');
  if (!existsSync(worker)) throw new Error(`${worker} is missing: build the app first.`);
  const urls = precacheUrls(readFileSync(worker, 'utf8'));
  // No entry at all means the manifest's shape changed (a Workbox update), not that nothing is cached.
  if (urls.length === 0)
    throw new Error(`${worker} holds no precache manifest that this check can read.`);
  const listed = new Set(urls);
  const chunks = builtFiles(dir).filter((file) => /\.(m?js|css)$/.test(file) && file !== 'sw.js');
  let precacheBytes = 0;
  for (const url of urls) {
    const path = join(dir, url);
    if (existsSync(path)) precacheBytes += statSync(path).size;
  }
  return { chunks, missing: chunks.filter((file) => !listed.has(file)), urls, precacheBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  const report = checkPrecache(dir);
  if (report.missing.length > 0) {
    console.error(
      `${dir}/sw.js does not precache ${report.missing.length} built file(s), so the app cannot load ` +
        `them offline:\n${report.missing
          .map(
            (file) =>
              `  ${file} (${(statSync(join(dir, file)).size / 1024 / 1024).toFixed(2)} MiB)`,
          )
          .join('\n')}\n` +
        'Raise injectManifest.maximumFileSizeToCacheInBytes in vite.config.ts (Workbox skips larger ' +
        'files with only a warning) or make the chunk smaller.',
    );
    process.exit(1);
  }
  console.log(
    `${dir}/: all ${report.chunks.length} chunks precached (${report.urls.length} entries, ` +
      `${(report.precacheBytes / 1024).toFixed(0)} KiB).`,
  );
}
