// GET /api/health: a bare liveness answer for proxies and the benchmark.
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

export function healthRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ ok: true as const }));
}
