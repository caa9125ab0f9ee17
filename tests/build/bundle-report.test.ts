// The bundle report (bench/bundle.ts) finds the device engine's chunks in a build by its graph: the
// chunk that exports the engine's API, loaded with import(), and what only it reaches. A chunk the
// engine shares with the app is the app's; a build without the engine says so.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  DASHBOARD_ROUTES,
  dashboardScreens,
  isEngineEntry,
  measureChatChunks,
  measureDashboardChunks,
  measureEngineChunks,
  measureInitialLoad,
} from '../../bench/bundle';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A built folder of tiny chunks: index.html loads index.js, which starts app.js. */
function dist(files: Record<string, string>, head = ''): URL {
  const dir = mkdtempSync(join(tmpdir(), 'kiri-bundle-'));
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>${head}<script type="module" crossorigin src="/assets/index-a.js"></script>`,
  );
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), code);
  return pathToFileURL(`${dir}/`);
}

const ENGINE_API =
  'export{r as BASELINE_PERSONALITY,a as DEVICE_PROVIDER,nr as localReply,Sn as splitIntoParts}';

describe('the device engine chunks of a build', () => {
  it("are the engine's chunk and what only it reaches, not a chunk it shares with the app", () => {
    const built = dist({
      'index-a.js': 'import"./boot-b.js";import(`./app-c.js`);',
      'boot-b.js': 'export const b=1;',
      'app-c.js':
        'import{s}from"./shared-d.js";const go=()=>import(`./companion-e.js`);export const c=s;',
      'shared-d.js': 'export const s=2;',
      'companion-e.js': `import{s}from"./shared-d.js";import{m}from"./model-f.js";const x=s+m;${ENGINE_API}`,
      'model-f.js': 'export const m="a large model";',
      'Screen-g.js': 'export const screen=3;',
    });
    const engine = measureEngineChunks(built);
    expect(engine.entries).toEqual(['/assets/companion-e.js']);
    expect(engine.files.sort()).toEqual(['/assets/companion-e.js', '/assets/model-f.js']);
    expect(engine.importedBy).toEqual(['/assets/app-c.js']);
    expect(engine.size.gzip).toBeGreaterThan(0);
    // And the chat's first load holds none of them.
    const first = measureInitialLoad(built);
    expect(first.js.sort()).toEqual(
      ['/assets/app-c.js', '/assets/boot-b.js', '/assets/index-a.js', '/assets/shared-d.js'].sort(),
    );
  });

  it('are none in a build that does not import the engine', () => {
    const built = dist({
      'index-a.js': 'import(`./app-c.js`);',
      'app-c.js': 'export const localReply=()=>"a name alone is not the engine";',
    });
    expect(measureEngineChunks(built)).toMatchObject({ entries: [], files: [] });
  });

  it("recognise the engine's entry by its exported API", () => {
    expect(isEngineEntry(ENGINE_API)).toBe(true);
    // What the app's build really makes: the bundler keeps only the exports the import() uses (the
    // device takes localReply alone), so the rest of the API is not there to look for.
    expect(isEngineEntry('export{Gn as localReply};')).toBe(true);
    expect(isEngineEntry('export{a as splitIntoParts}')).toBe(false);
    expect(isEngineEntry('const localReply=1,DEVICE_PROVIDER=2;')).toBe(false);
  });
});

/** A route table in the real one's shape: lazy declarations, plain entries, notBuilt and adminOnly calls. */
const TABLE = `
const NotBuilt = lazyComponent(() => import('./screens/NotBuiltRoute'));
const Stream = lazyComponent(() => import('@/features/consciousness/components/StreamScreen'));
const Features = lazyComponent(
  () => import('@/features/system-features/components/SystemFeaturesScreen'),
);
export const SCREENS = [
  { paths: ['/consciousness'], title: 'Consciousness Stream', element: <Stream /> },
  notBuilt(['/hybrid-dashboard'], 'Hybrid Protocol Dashboard'),
  {
    paths: ['/system-features'],
    title: 'System Features',
    element: (
      <AdminGuard>
        <Features />
      </AdminGuard>
    ),
  },
  adminOnly(notBuilt(['/console'], 'Manual Console'), true),
];
`;

describe("the dashboards' own chunks", () => {
  it("find each dashboard's screen module from its route, and say 'not built' for the others", () => {
    expect(dashboardScreens(TABLE)).toEqual([
      { path: '/consciousness', module: '@/features/consciousness/components/StreamScreen' },
      { path: '/hybrid-dashboard', module: null },
      { path: '/core-systems', module: null },
      {
        path: '/system-features',
        module: '@/features/system-features/components/SystemFeaturesScreen',
      },
    ]);
  });

  it('reads the real route table: every dashboard route is in it', () => {
    const source = readFileSync(new URL('../../src/app/routes.tsx', import.meta.url), 'utf8');
    const screens = dashboardScreens(source);
    expect(screens.map((s) => s.path)).toEqual([...DASHBOARD_ROUTES]);
    expect(screens.find((s) => s.path === '/system-features')?.module).toBe(
      '@/features/system-features/components/SystemFeaturesScreen',
    );
  });

  it("measure a lazy dashboard chunk and flag one the chat's first load holds", () => {
    const lazy = dist({
      'index-a.js': 'import(`./app-c.js`);',
      'app-c.js': 'const go=()=>import(`./SystemFeaturesScreen-x1.js`);export const c=1;',
      'SystemFeaturesScreen-x1.js': 'export default function S(){return "features"}',
      'StreamScreen-y2.js': 'export default 1;',
    });
    const measured = measureDashboardChunks(lazy, TABLE);
    expect(measured.find((d) => d.path === '/system-features')).toMatchObject({
      chunk: '/assets/SystemFeaturesScreen-x1.js',
      inFirstLoad: false,
    });
    expect(measured.find((d) => d.path === '/system-features')?.size?.gzip).toBeGreaterThan(0);
    // The same screen imported statically by the app's start: now the chat's first load holds it.
    const eager = dist({
      'index-a.js': 'import(`./app-c.js`);',
      'app-c.js': 'import S from"./SystemFeaturesScreen-x1.js";export const c=S;',
      'SystemFeaturesScreen-x1.js': 'export default function S(){return "features"}',
    });
    expect(
      measureDashboardChunks(eager, TABLE).find((d) => d.path === '/system-features'),
    ).toMatchObject({ inFirstLoad: true });
  });
});

describe("the chat's own chunks", () => {
  it('are the files index.html lists for a chat path, measured apart from the first load', () => {
    const built = dist(
      {
        'index-a.js': 'import(`./app-c.js`);',
        'app-c.js': 'const go=()=>import(`./ChatRoute-d.js`);export const c=1;',
        'ChatRoute-d.js': 'import{x}from"./db-e.js";export default function Chat(){return x}',
        'db-e.js': 'export const x="the device store";',
      },
      '<meta name="kiri-chat-chunks" content="/assets/ChatRoute-d.js /assets/db-e.js">',
    );
    const chat = measureChatChunks(built);
    expect(chat.files).toEqual(['/assets/ChatRoute-d.js', '/assets/db-e.js']);
    expect(chat.size.gzip).toBeGreaterThan(0);
    expect(measureInitialLoad(built).js).not.toContain('/assets/ChatRoute-d.js');
    // A build without the list: none.
    expect(measureChatChunks(dist({ 'index-a.js': 'export{}' })).files).toEqual([]);
  });
});
