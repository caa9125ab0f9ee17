// The server as one file, dist-server/index.js: `npm start`, the e2e journeys and the benchmarks run it
// with plain `node`. Started from source with tsx, a start took about a second longer (3.0 against
// 1.9 s to the first /api/health answer, docs/decisions.md): tsx's loader resolves and transforms each
// of the server's few hundred modules, where the bundle is read at once. The packages stay outside (in
// node_modules, loaded as they are), so sharp's binary and the WebAssembly files are found as before.
//
// A server file that finds something beside itself (a worker script, package.json, CHANGELOG.md) does
// so with `new URL(…, import.meta.url)`. In one bundle that URL would be the bundle's, so each source
// file's `import.meta.url` is rewritten to the URL of the file itself, relative to the bundle: the
// checkout can move and the paths still hold.
//
// Built in under a second, so `npm start` builds it every time and the e2e helper once per process:
// no run ever uses a bundle older than its sources. Written to a temporary name and renamed into place,
// so a process starting the server never reads a half-written file.
import { build, type Plugin } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE_DIR = join(ROOT, 'dist-server');
export const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, 'index.js');

/** Each source file's own `import.meta.url`, said relative to the bundle's. */
const sourceImportMetaUrl: Plugin = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const fromBundle = relative(SERVER_BUNDLE_DIR, args.path).split(sep).join('/');
      const own = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

/** Builds dist-server/index.js (and its source map) from server/index.ts. */
export async function bundleServer(): Promise<void> {
  const result = await build({
    entryPoints: [join(ROOT, 'server', 'index.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.server.json'),
    sourcemap: 'linked',
    plugins: [sourceImportMetaUrl],
    write: false,
    logLevel: 'warning',
  });
  await mkdir(SERVER_BUNDLE_DIR, { recursive: true });
  const unique = `${process.pid}-${Date.now().toString(36)}`;
  // The map first: a process that reads the new bundle finds the map that belongs to it.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    const temporary = join(dirname(file.path), `.${basename(file.path)}.${unique}`);
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  await bundleServer();
}
