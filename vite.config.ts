// Build of the app and its service worker. The manifest lives in manifest.webmanifest (the one copy).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { CHAT_CHUNKS_META } from './src/app/chat-preload';
import { BUILD_TARGET } from './scripts/build-target';
import { stylesheetsBeforeEntry } from './scripts/stylesheet-first';

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const APP_START = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
/** The lazy chunks the chat route loads on every cold start (src/app/chat-route.ts). */
const PRELOADED_LAZY = [
  // The chat's route: the chat screen with the slots other features fill (src/app/screens/ChatRoute.tsx).
  './src/app/screens/ChatRoute.tsx',
  './src/features/chat/hooks/opening-read.ts',
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/**
 * The modules the app's start (src/app/start.tsx, which src/main.tsx loads with a dynamic import
 * once the opening snapshot is up) imports statically and the entry does not, collected once the
 * module graph is known. They become one 'app' chunk: one download, instead of the many small
 * chunks they would be split into, being shared with the lazy screens. The entry's own modules
 * stay out of it: there they would pull the whole app chunk into the entry's graph.
 */
const appStartModules = new Set<string>();
/** The entry's imports: their own small chunk, or the bundler would merge the shared ones into 'app'. */
const bootModules = new Set<string>();

/** `from` and what it imports statically, not entering (nor counting) the modules `skip` names. */
function staticGraph(
  from: string,
  imports: (id: string) => readonly string[],
  skip: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || skip(id)) continue;
    seen.add(id);
    queue.push(...imports(id));
  }
  return seen;
}

/**
 * lucide-react's icon modules. The package's index re-exports every icon, so the start's static graph
 * "reaches" all of them, and grouping them into 'app' put every icon any lazy screen draws into every
 * first load (a dashboard's icons grew the chat's first load). Left to the bundler, an icon goes with the
 * chunks that really use it: the start's own icons still load with it, a screen's load with the screen.
 */
function isLucideIcon(id: string): boolean {
  return /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);
}

/**
 * radix-ui's index (the meta-package) re-exports every Radix primitive the same way, and each brings
 * its own helpers (focus scopes, scroll locks, collections, popper): through it the start's graph
 * "reached" every primitive, and each one a lazy screen used (a menu, a dialog) was grouped into 'app',
 * the chat's first load. Left to the bundler, like lucide's icons.
 */
function isRadixModule(id: string): boolean {
  return /[\\/]node_modules[\\/](?:radix-ui|@radix-ui)[\\/]/.test(id);
}

function appStartChunk(): Plugin {
  return {
    name: 'kiri-app-start-chunk',
    apply: 'build',
    buildEnd() {
      appStartModules.clear();
      bootModules.clear();
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      if (!this.getModuleInfo(APP_START)) return; // another build using this config (the worker's)
      const entry = staticGraph(ENTRY, imports);
      for (const id of entry) if (id !== ENTRY) bootModules.add(id);
      // Not through radix-ui's index: its primitives' own helpers (scroll locks, focus scopes) would
      // be "reached" too.
      const skip = (id: string) => isLucideIcon(id) || isRadixModule(id);
      for (const id of staticGraph(APP_START, imports, skip)) {
        if (!entry.has(id)) appStartModules.add(id);
      }
    },
    // The app's chunks download while the snapshot reads and paints (a preload fetches without
    // running anything, so the snapshot keeps the main thread); the dynamic import then finds them
    // in the memory cache. The same for the chat's chunks, which the app's start asks for at once.
    transformIndexHtml(_html, context) {
      const bundle = context.bundle;
      if (!bundle) return;
      const seen = new Set<string>();
      /** The chunk and its static imports, less what index.html loads anyway. */
      const graph = (fileName: string, into: string[] = []): string[] => {
        const output = bundle[fileName];
        if (!output || output.type !== 'chunk' || seen.has(fileName)) return into;
        if (output.isEntry || output.name === 'boot') return into;
        seen.add(fileName);
        into.push(fileName);
        output.imports.forEach((imported) => graph(imported, into));
        return into;
      };
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const app = chunks.filter((chunk) => chunk.name === 'app').flatMap((c) => graph(c.fileName));
      const chat = chunks
        .filter((chunk) => PRELOADED_LAZY.includes(chunk.facadeModuleId ?? ''))
        .flatMap((chunk) => graph(chunk.fileName));
      return [
        ...app.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        })),
        // Only a chat path uses these: main.tsx preloads them there (any other path would download
        // them for nothing, and the browser warns of preloads left unused).
        {
          tag: 'meta',
          attrs: {
            name: CHAT_CHUNKS_META,
            content: chat.map((fileName) => `/${fileName}`).join(' '),
          },
          injectTo: 'head' as const,
        },
      ];
    },
  };
}

/**
 * The built page's stylesheet ahead of its entry script (Vite writes the script first). The entry
 * applies the owner's font size and wallpaper before the app runs; in WebKit a module script that
 * comes before a stylesheet can run, and the document finish parsing, before the stylesheet is in,
 * and a reading of the page at that moment found no wallpaper (tests/webkit/frame.test.ts, seen once
 * under load). A stylesheet before a script blocks it in every engine (HTML's script-blocking style
 * sheets); the stylesheet is the worker's cached copy, so the entry waits no longer than it did.
 */
function stylesheetBeforeEntry(): Plugin {
  return {
    name: 'kiri-stylesheet-before-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesheetsBeforeEntry },
  };
}

const COMMONJS_JSON = '\0commonjs-json:';

/**
 * wink-eng-lite-web-model (the device engine's language model, issue 12) is CommonJS that require()s its
 * JSON files. The bundler makes each JSON file an ES module, and a CommonJS require() of an ES module
 * needs two more runtime helpers (__toCommonJS, __esmMin); the runtime's helpers share one chunk that
 * the chat's first load carries, so they grew it by 83 bytes gzip for a chunk loaded after the first
 * paint. Served as the CommonJS modules they are required as (module.exports = the JSON), the model's
 * files need only the helper the app already has, and the first load stays as it was.
 */
function commonJsJsonForWinkModel(): Plugin {
  return {
    name: 'kiri-commonjs-json-for-wink-model',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.endsWith('.json') || !source.startsWith('.')) return null;
      if (!importer.includes('/node_modules/wink-eng-lite-web-model/')) return null;
      return COMMONJS_JSON + resolve(dirname(importer), source);
    },
    load(id) {
      if (!id.startsWith(COMMONJS_JSON)) return null;
      const json = readFileSync(id.slice(COMMONJS_JSON.length), 'utf8');
      JSON.parse(json); // refuse anything that is not JSON before it becomes code
      return { code: `module.exports = ${json.trim()};\n`, moduleType: 'js' };
    },
  };
}

const apiTarget = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8787'}`;

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    appStartChunk(),
    stylesheetBeforeEntry(),
    commonJsJsonForWinkModel(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // globPatterns already precaches every built file, icons and robots.txt included; the plugin
      // adds manifest.webmanifest itself. Listing them again only duplicates precache entries.
      includeManifestIcons: false,
      injectManifest: {
        // The plugin builds sw/sw.ts in a Vite build of its own (configFile: false) whose target
        // defaults to this config's; set it here too, so the worker cannot drift from the app.
        target: BUILD_TARGET,
        globPatterns: ['**/*.{js,css,html,png,svg,ico,txt}'],
        // Workbox skips a file over this size with only a warning (2 MiB by default), and the device
        // engine's language model (wink-eng-lite-web-model, a 3.8 MB chunk) is needed exactly when the
        // server is out of reach (issue 12). 8 MiB leaves room for it to grow; a chunk past that fails
        // the build (scripts/check-precache.ts) instead of silently not working offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // Keep the browser's Host header: the server refuses a state-changing request whose Origin names
  // another host, and with changeOrigin the Host would be the API's while the Origin is Vite's.
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: BUILD_TARGET,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', test: (id) => bootModules.has(id), priority: 2 },
            { name: 'app', test: (id) => appStartModules.has(id), priority: 1 },
          ],
        },
      },
    },
  },
});
