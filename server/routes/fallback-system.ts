// GET /api/fallback-system/status (spec 001 §3 "Fallback system"): the provider chain's health, as the
// dashboards poll it. Names and counters only: keys and prompts never leave the companion.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { Companion } from '../companion';
import type { AppEnv } from '../http/app-env';

export function fallbackSystemRoutes(companion: Companion) {
  return new Hono<AppEnv>().get('/status', requireSession, (c) => {
    const { chain, currentProvider } = companion.health();
    return c.json({
      primary_provider: chain[0]?.name ?? 'local',
      secondary_provider: chain[1]?.name ?? null,
      current_provider: currentProvider,
      // Not failing at its last try (or not tried yet); the local engine is always there.
      providers_available: chain.filter((health) => health.ok !== false).map((h) => h.name),
      chain,
    });
  });
}
