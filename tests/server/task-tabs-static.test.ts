// /hydra/task_tabs.js (spec 000 §7) is a static file: served as JavaScript from the build, and a missing
// file under it (or any other named file) is a 404, never index.html in its place.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isFilePath } from '../../server/http/static-files';
import { expectError, makeDataDir, removeDataDirs, startTestApp } from './support/harness';

afterEach(removeDataDirs);

async function appWithTaskTabs() {
  const staticDir = join(await makeDataDir(), 'dist');
  await mkdir(join(staticDir, 'hydra'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Kiri</title>');
  await writeFile(
    join(staticDir, 'hydra', 'task_tabs.js'),
    await readFile(new URL('../../public/hydra/task_tabs.js', import.meta.url)),
  );
  return startTestApp({ env: { SERVE_STATIC: 'true', STATIC_DIR: staticDir } });
}

describe('the task module as a static file', () => {
  it('serves /hydra/task_tabs.js as JavaScript', async () => {
    const { browser } = await appWithTaskTabs();
    const response = await browser().request('/hydra/task_tabs.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toContain('export function createTaskTabs');
  });

  it('answers a missing named file with 404, not index.html; app routes still get index.html', async () => {
    const { browser } = await appWithTaskTabs();
    const b = browser();
    for (const path of ['/hydra/missing.js', '/hydra/task_tabs.js.map', '/icon-999.png']) {
      const response = await b.request(path);
      await expectError(response, 404, 'Not found');
    }
    const route = await b.request('/browser-bubble-settings');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Kiri</title>');
  });

  it('tells file paths from app routes by an extension on the last segment', () => {
    expect(isFilePath('/hydra/task_tabs.js')).toBe(true);
    expect(isFilePath('/a/b.c/d')).toBe(false);
    expect(isFilePath('/browser-bubble-settings')).toBe(false);
    expect(isFilePath('/settings/.hidden')).toBe(false);
    expect(isFilePath('/trailing.')).toBe(false);
  });
});
