// `npm start` builds the app when dist/ is missing or older than its sources, then the server serves it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = [
  'src',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'scripts/build-target.ts',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = existsSync('dist/index.html') && existsSync('dist/sw.js');
const stale = built && sources.some((s) => newestMtime(s) > statSync('dist/index.html').mtimeMs);
if (!built || stale) {
  console.log(
    built ? 'Sources changed since the last build: building the app…' : 'Building the app…',
  );
  execSync('npm run build', { stdio: 'inherit' });
}
