// The built app: files from STATIC_DIR with cache rules that suit a PWA, and index.html for app routes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/** Vite puts content-hashed files here: a changed file gets a new name, so they never go stale. */
const HASHED_PREFIX = '/assets/';

/**
 * Hashed files are kept for good. Everything else keeps its name across builds and is revalidated on every
 * load: index.html, sw.js and the manifest must be, or an update never reaches the installed app; the
 * rest (icons, robots.txt) is small enough that checking each time costs nothing.
 */
export function cacheControlFor(path: string): string {
  return path.startsWith(HASHED_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * A path whose last segment has an extension names a file (/hydra/task_tabs.js, /icon.png): when it is
 * missing, index.html in its place would load as a script or an image and fail in a way that hides
 * the cause, so it is a 404. App routes have no extension (the worker's navigation rule is the same).
 */
export function isFilePath(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1;
}

export function hasBuiltApp(staticDir: string): boolean {
  return existsSync(join(staticDir, 'index.html'));
}

export function staticFiles(staticDir: string) {
  const serveFile = serveStatic<AppEnv>({ root: staticDir });
  const serveIndex = serveStatic<AppEnv>({ root: staticDir, path: 'index.html' });
  const nothing = async () => {};

  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || isApiPath(c.req.path)) return next();

    // Set before serving: serveStatic builds its answer from the headers set so far.
    c.header('Cache-Control', cacheControlFor(c.req.path));
    const file = await serveFile(c, nothing);
    if (file) return file;

    // A missing hashed file is an old build's, and a missing named file is missing: answering either
    // with HTML would only break it differently.
    if (c.req.path.startsWith(HASHED_PREFIX) || isFilePath(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return next();
    }
    c.header('Cache-Control', 'no-cache');
    const index = await serveIndex(c, nothing);
    if (index) return index;
    c.header('Cache-Control', 'no-store');
    return next();
  });
}
