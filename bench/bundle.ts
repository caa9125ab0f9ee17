// What the chat route loads before it can show anything: the entry script, its modulepreloads and
// stylesheets from dist/index.html, plus any static import of those chunks that is not preloaded,
// plus the app's start, which the entry loads at once with a dynamic import (after the opening
// snapshot, src/main.tsx) and its static imports. Other lazy chunks (the screens) do not count.
// A second figure holds the entry's own graph, which runs before the snapshot, to a small budget. Sizes are gzip -9, 1 KB = 1000 bytes (as Vite prints).
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHAT_CHUNKS_META } from '../src/app/chat-preload';
import { checkPrecache } from '../scripts/check-precache';
import type { Benchmark, Figure } from './types';

const DIST = new URL('../dist/', import.meta.url);
/** Issue 21's speed goal: the chat route's first-load JavaScript at most 120 KB gzip (170 KB before). */
export const JS_BUDGET_KB = 120;
/**
 * The first load on main before issue 21 made it smaller, gzip -9 bytes (154.3 KB, 2026-11-29): the
 * data router, Radix Toast and every Radix primitive a lazy screen used were in it (docs/bench.md).
 */
export const FIRST_LOAD_BEFORE_ISSUE_21_BYTES = 154_297;
/** The chat's own chunks (kiri-chat-chunks) on main before issue 21, gzip -9 bytes (73.6 KB). */
export const CHAT_CHUNKS_BEFORE_ISSUE_21_BYTES = 73_629;
/** The entry's own graph runs before the opening snapshot paints: every byte of it delays that. */
export const ENTRY_BUDGET_KB = 10;
/**
 * The chat route's first-load JavaScript on main before issue 12 (the device engine), gzip -9 bytes
 * (151.9 KB): the engine loads with import() after the first paint, so the first load must not grow
 * with it (an engine chunk in the first load fails on its own, below).
 */
export const FIRST_LOAD_BEFORE_ENGINE_BYTES = 151_935;
/** Everything the worker precached on main before issue 12 (54 entries), bytes on disk. */
export const PRECACHE_BEFORE_ENGINE_BYTES = 1_007_159;

const kb = (bytes: number) => bytes / 1000;

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** The entry scripts, modulepreloads and stylesheets of an HTML page, as site paths. */
export function initialAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') scripts.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) scripts.add(href);
    if (rel.includes('stylesheet')) styles.add(href);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The specifiers of a chunk's static imports and re-exports. A dynamic `import(` is excluded by
 * the character class (no parenthesis may come between `import` and the specifier).
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[^\w$.])import\s*(?:[^"'`();]*?\bfrom\s*)?["']([^"']+)["']/g,
    /(?:^|[^\w$.])export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** The specifiers of a chunk's dynamic imports with a literal path, e.g. import(`./app-x.js`). */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[^\w$.])import\(\s*[`"']([^`"'$]+)[`"']\s*\)/g)].map((m) => m[1]!);
}

const isLocal = (path: string) => !/^[a-z]+:/i.test(path) && !path.startsWith('//');
const toSitePath = (path: string, from = '/') =>
  path.startsWith('/') ? path : posix.resolve(posix.dirname(from), path);

function reader(dist: URL) {
  return (sitePath: string): Buffer => readFileSync(new URL(`.${sitePath}`, dist));
}

export function measureInitialLoad(dist: URL = DIST) {
  const read = reader(dist);
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const { scripts, styles } = initialAssets(html);
  const entries = scripts.filter(isLocal).map((s) => toSitePath(s));
  const js = new Set(entries);
  const preloaded = new Set(js);
  const notPreloaded: string[] = [];
  /** Adds the static graph of what is queued; returns what it added. */
  const follow = (queue: string[]): string[] => {
    const added: string[] = [];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const specifier of staticImports(read(file).toString('utf8'))) {
        if (!isLocal(specifier) || !/^\.{0,2}\//.test(specifier)) continue; // bare names are bundled
        const target = toSitePath(specifier, file);
        if (js.has(target)) continue;
        js.add(target);
        added.push(target);
        if (!preloaded.has(target)) notPreloaded.push(target);
        queue.push(target);
      }
    }
    return added;
  };
  follow([...js]);
  const entryGraph = [...js];
  // The app's start: what the entry scripts themselves load at once with a dynamic import.
  const started: string[] = [];
  for (const entry of entries) {
    for (const specifier of dynamicImports(read(entry).toString('utf8'))) {
      const target = toSitePath(specifier, entry);
      if (js.has(target)) continue;
      js.add(target);
      started.push(target);
    }
  }
  started.push(...follow([...started]));
  const size = (paths: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const path of paths) {
      const bytes = read(path);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const css = styles.filter(isLocal).map((s) => toSitePath(s));
  return {
    js: [...js],
    entryGraph,
    started,
    css,
    notPreloaded: notPreloaded.filter((file) => !started.includes(file)),
    jsSize: size(js),
    entrySize: size(entryGraph),
    cssSize: size(css),
  };
}

const gzipSize = (read: (path: string) => Buffer, paths: Iterable<string>) => {
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const bytes = read(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
};

/**
 * The chat's own chunks: the chat screen, the device store (Dexie), its opening read, which index.html
 * lists in its kiri-chat-chunks meta tag and main.tsx preloads on a chat path only (src/app/chat-preload.ts).
 * They are not the first load (the skeleton paints without them on a first visit) but the installed
 * app's first render waits for them, so they are reported beside it: code moved out of the first load
 * into them would show here.
 */
export function measureChatChunks(dist: URL = DIST) {
  const read = reader(dist);
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (attr(tag, 'name') !== CHAT_CHUNKS_META) continue;
    for (const path of (attr(tag, 'content') ?? '').split(/\s+/)) {
      if (path.startsWith('/') && !files.includes(path)) files.push(path);
    }
  }
  return { files, size: gzipSize(read, files) };
}

/**
 * Whether a chunk is the device engine's entry: it exports the engine's `localReply` (src/engine/companion).
 * Only that name is looked for: the bundler keeps just the exports the app's import() uses.
 */
export function isEngineEntry(code: string): boolean {
  const exported = [...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!.split(',').map((item) =>
      item
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
  return exported.includes('localReply');
}

/**
 * The device engine's chunks: the chunk the app loads with import() of '@/engine/companion' and
 * every chunk reachable only through it (its libraries, the language model), found in the built
 * graph: what is reachable from index.html's scripts (static imports and literal import()s) without
 * entering the engine's chunk is left out, so a chunk the engine shares with the app is not counted.
 */
export function measureEngineChunks(dist: URL = DIST) {
  const read = reader(dist);
  const chunks = readdirSync(new URL('assets/', dist))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/assets/${file}`);
  const edges = new Map<string, string[]>();
  const codeOf = new Map<string, string>();
  for (const chunk of chunks) {
    const code = read(chunk).toString('utf8');
    codeOf.set(chunk, code);
    edges.set(
      chunk,
      [...staticImports(code), ...dynamicImports(code)]
        .filter((specifier) => isLocal(specifier) && /^\.{0,2}\//.test(specifier))
        .map((specifier) => toSitePath(specifier, chunk)),
    );
  }
  const entries = chunks.filter((chunk) => isEngineEntry(codeOf.get(chunk)!));
  const reach = (from: string[], avoid: Set<string>) => {
    const seen = new Set<string>();
    const queue = from.filter((chunk) => !avoid.has(chunk));
    while (queue.length > 0) {
      const chunk = queue.pop()!;
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const next of edges.get(chunk) ?? []) if (!avoid.has(next)) queue.push(next);
    }
    return seen;
  };
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const roots = initialAssets(html)
    .scripts.filter(isLocal)
    .map((s) => toSitePath(s));
  const app = reach(roots, new Set(entries));
  const files = [...reach(entries, new Set())].filter((chunk) => !app.has(chunk));
  const importedBy = chunks.filter((chunk) =>
    entries.some((entry) =>
      dynamicImports(codeOf.get(chunk)!).some((s) => toSitePath(s, chunk) === entry),
    ),
  );
  return { entries, files, importedBy, size: gzipSize(read, files) };
}

/** Issue 15's four dashboards (spec 001 §2): each must be a lazy chunk of its own, never in the chat's first load. */
export const DASHBOARD_ROUTES = [
  '/consciousness',
  '/hybrid-dashboard',
  '/core-systems',
  '/system-features',
] as const;

const ROUTE_TABLE = new URL('../src/app/routes.tsx', import.meta.url);

export interface DashboardScreen {
  path: string;
  /** The module the route imports lazily ('@/features/x/components/XScreen'), or null when not built. */
  module: string | null;
}

/**
 * Which module each dashboard route loads, read from the route table's source: the route's entry is
 * the text from its path to the next entry; a `notBuilt(` entry is not built; otherwise the first JSX
 * tag in it that names a `lazyComponent(() => import('…'))` declaration is the screen. Read from the
 * source because the built chunks keep no path names, and so it keeps working as the dashboards land.
 */
export function dashboardScreens(
  source: string,
  paths: readonly string[] = DASHBOARD_ROUTES,
): DashboardScreen[] {
  const lazy = new Map<string, string>();
  for (const match of source.matchAll(
    /const\s+(\w+)\s*=\s*lazyComponent\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    lazy.set(match[1]!, match[2]!);
  }
  return paths.map((path) => {
    const at = source.indexOf(`'${path}'`);
    if (at < 0) return { path, module: null };
    const lineStart = source.lastIndexOf('\n', at) + 1;
    const line = source.slice(lineStart, source.indexOf('\n', at));
    if (/\bnotBuilt\(/.test(line)) return { path, module: null };
    // The entry ends where the next one starts (its paths, or a notBuilt/adminOnly call).
    const rest = source.slice(at + path.length + 2);
    const end = rest.search(/\bpaths:|\bnotBuilt\(|\badminOnly\(|^\];/m);
    const entry = end < 0 ? rest : rest.slice(0, end);
    for (const tag of entry.matchAll(/<(\w+)/g)) {
      const module = lazy.get(tag[1]!);
      if (module) return { path, module };
    }
    return { path, module: null };
  });
}

/**
 * Each dashboard's own chunk in the build: Vite names a lazily imported module's chunk after its file
 * ('SystemFeaturesScreen-<hash>.js'). Its gzip size, and whether the chat's first load holds it.
 */
export function measureDashboardChunks(
  dist: URL = DIST,
  source: string = readFileSync(ROUTE_TABLE, 'utf8'),
) {
  const read = reader(dist);
  const chunks = readdirSync(new URL('assets/', dist)).filter((file) => file.endsWith('.js'));
  const firstLoad = new Set(measureInitialLoad(dist).js);
  return dashboardScreens(source).map(({ path, module }) => {
    if (module === null) return { path, module, chunk: null, size: null, inFirstLoad: false };
    const name = posix.basename(module).replace(/\.[tj]sx?$/, '');
    const file = chunks.find((chunk) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(chunk));
    if (!file) return { path, module, chunk: null, size: null, inFirstLoad: false };
    const chunk = `/assets/${file}`;
    return {
      path,
      module,
      chunk,
      size: gzipSize(read, [chunk]),
      inFirstLoad: firstLoad.has(chunk),
    };
  });
}

export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  description: "gzip size of what the chat route loads first (dist/index.html's initial graph)",
  async run(): Promise<Figure[]> {
    const m = measureInitialLoad();
    const engine = measureEngineChunks();
    const precache = checkPrecache(fileURLToPath(DIST));
    const files = (list: string[]) => list.map((f) => posix.basename(f)).join(', ') || 'none';
    const before = FIRST_LOAD_BEFORE_ENGINE_BYTES;
    const chat = measureChatChunks();
    const firstLoad = `the first load (${kb(m.jsSize.gzip).toFixed(1)} KB), which it must not join`;
    const dashboards = measureDashboardChunks().map((d): Figure => {
      const label = `dashboard ${d.path}: its own chunk (gzip)`;
      if (d.module === null) {
        return {
          label,
          value: 'not built',
          ratio: 0,
          baseline: firstLoad,
          note: "the route table still shows 'not built' for it",
        };
      }
      if (d.chunk === null || d.size === null) {
        return {
          label,
          value: 'no chunk of its own',
          ratio: 0,
          baseline: firstLoad,
          invalid: `no built chunk is named after ${d.module}: is it imported lazily?`,
        };
      }
      return {
        label,
        value: `${kb(d.size.gzip).toFixed(1)} KB (${kb(d.size.raw).toFixed(1)} KB raw)`,
        ratio: d.size.gzip / m.jsSize.gzip,
        baseline: firstLoad,
        note:
          `informational: ${posix.basename(d.chunk)}, loaded by the route alone` +
          (d.inFirstLoad ? '; IN THE FIRST LOAD' : ''),
        ...(d.inFirstLoad ? { invalid: `${d.path}'s chunk is in the chat's first load` } : {}),
      };
    });
    return [
      {
        label: 'initial JS (gzip)',
        value: `${kb(m.jsSize.gzip).toFixed(1)} KB (${kb(m.jsSize.raw).toFixed(1)} KB raw)`,
        ratio: kb(m.jsSize.gzip) / JS_BUDGET_KB,
        baseline: `the ${JS_BUDGET_KB} KB JavaScript budget`,
        budget: { max: 1 },
        note:
          `${m.js.length} file(s): ${files(m.js)}` +
          (m.started.length > 0
            ? `; loaded by the entry after the snapshot: ${files(m.started)}`
            : '') +
          (m.notPreloaded.length > 0 ? `; not preloaded: ${files(m.notPreloaded)}` : ''),
      },
      {
        label: "the entry's own JS, run before the opening snapshot (gzip)",
        value: `${kb(m.entrySize.gzip).toFixed(1)} KB (${kb(m.entrySize.raw).toFixed(1)} KB raw)`,
        ratio: kb(m.entrySize.gzip) / ENTRY_BUDGET_KB,
        baseline: `the ${ENTRY_BUDGET_KB} KB entry budget`,
        budget: { max: 1 },
        note: `${m.entryGraph.length} file(s): ${files(m.entryGraph)}`,
      },
      {
        label: 'initial JS vs before issue 21 (gzip)',
        value: `${kb(m.jsSize.gzip).toFixed(1)} KB (${m.jsSize.gzip} bytes)`,
        ratio: m.jsSize.gzip / FIRST_LOAD_BEFORE_ISSUE_21_BYTES,
        baseline: `the first load on main before issue 21 (${kb(FIRST_LOAD_BEFORE_ISSUE_21_BYTES).toFixed(1)} KB, ${FIRST_LOAD_BEFORE_ISSUE_21_BYTES} bytes)`,
        note:
          `informational (the budget is the ${JS_BUDGET_KB} KB above); before issue 12's engine it was ` +
          `${kb(before).toFixed(1)} KB (${before} bytes, ratio ${(m.jsSize.gzip / before).toFixed(3)} now)`,
      },
      {
        label: "the chat's own chunks, preloaded on a chat path (gzip)",
        value: `${kb(chat.size.gzip).toFixed(1)} KB (${kb(chat.size.raw).toFixed(1)} KB raw)`,
        ratio: chat.size.gzip / CHAT_CHUNKS_BEFORE_ISSUE_21_BYTES,
        baseline: `the same on main before issue 21 (${kb(CHAT_CHUNKS_BEFORE_ISSUE_21_BYTES).toFixed(1)} KB)`,
        note:
          `informational: ${chat.files.length} file(s) the installed app's first render waits for on a chat path ` +
          `(the first load ${kb(m.jsSize.gzip).toFixed(1)} KB + these = ${kb(m.jsSize.gzip + chat.size.gzip).toFixed(1)} KB): ` +
          'code moved from the first load into them would show here',
      },
      engine.entries.length === 0
        ? {
            label: 'device engine chunks (gzip)',
            value: 'not in this build',
            ratio: 0,
            baseline: `the first load (${kb(m.jsSize.gzip).toFixed(1)} KB)`,
            note: "no chunk exports the engine's API: nothing imports '@/engine/companion' yet",
          }
        : {
            label: 'device engine chunks (gzip)',
            value: `${kb(engine.size.gzip).toFixed(1)} KB (${kb(engine.size.raw).toFixed(1)} KB raw)`,
            ratio: engine.size.gzip / m.jsSize.gzip,
            baseline: `the first load (${kb(m.jsSize.gzip).toFixed(1)} KB), which they do not join`,
            note:
              `informational: ${engine.files.length} chunk(s) only the engine's import() reaches: ${files(engine.files)}; ` +
              `imported by ${files(engine.importedBy)}` +
              (engine.files.some((file) => m.js.includes(file)) ? '; IN THE FIRST LOAD' : ''),
            ...(engine.files.some((file) => m.js.includes(file))
              ? { invalid: "an engine chunk is in the chat's first load" }
              : {}),
          },
      {
        label: 'precache (the worker’s manifest)',
        value: `${kb(precache.precacheBytes).toFixed(1)} KB in ${precache.urls.length} entries`,
        ratio: precache.precacheBytes / PRECACHE_BEFORE_ENGINE_BYTES,
        baseline: `the precache on main before issue 12 (${kb(PRECACHE_BEFORE_ENGINE_BYTES).toFixed(1)} KB, 54 entries)`,
        note:
          'informational: downloaded once by the worker after the first visit, so the engine answers offline' +
          (precache.missing.length > 0 ? `; NOT PRECACHED: ${files(precache.missing)}` : ''),
        ...(precache.missing.length > 0
          ? { invalid: `built chunks the worker does not precache: ${files(precache.missing)}` }
          : {}),
      },
      {
        label: 'initial CSS (gzip)',
        value: `${kb(m.cssSize.gzip).toFixed(1)} KB (${kb(m.cssSize.raw).toFixed(1)} KB raw)`,
        ratio: kb(m.cssSize.gzip) / JS_BUDGET_KB,
        baseline: `the ${JS_BUDGET_KB} KB JavaScript budget (CSS has no budget of its own)`,
        note: `${m.css.length} file(s): ${files(m.css)}`,
      },
      ...dashboards,
    ];
  },
};
