// The core systems dashboard's calls (spec 001 §7): twenty module reads, fetched together by 'Test All
// Core Systems', and the two actions. One sub-app mounted at /api; each path lies in its own API area
// (auth/area-permissions.ts), whose permission is checked before any route runs. The paths come from
// src/domain/core-systems.ts, which the page reads too.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { CoreSystemsService } from '../core-systems/core-systems-service';
import type { AppEnv } from '../http/app-env';

export function coreSystemsRoutes({ core }: { core: CoreSystemsService }) {
  return (
    new Hono<AppEnv>()
      // Core
      .get('/hybrid-core/status', requireSession, (c) => c.json(core.hybridCore()))
      .get('/self-evolve/status', requireSession, (c) => c.json(core.selfEvolve()))
      .post('/self-evolve/test-pulse', requireSession, async (c) => {
        const pulse = await core.testPulse(c.var.viewer.user.id);
        const verdict = pulse.ok
          ? `all ${pulse.checked} files sound`
          : `${pulse.problems} of ${pulse.checked} files with problems`;
        return c.json({
          success: true as const,
          message: `Pulse complete: cycle ${pulse.cycle}, ${verdict}`,
          pulse: { ...pulse, at: new Date(pulse.at).toISOString() },
          status: core.selfEvolve(),
        });
      })
      .get('/emergence/status', requireSession, (c) =>
        c.json(core.emergence(accountOf(c.var.viewer))),
      )
      .post('/emergence/initiate', requireSession, async (c) => {
        const account = accountOf(c.var.viewer);
        const { recorded, moment } = await core.initiateEmergence(account, c.var.viewer.user.id);
        return c.json({
          success: true as const,
          recorded,
          message: recorded
            ? `Emergence moment recorded: ${moment.stageName} (stage ${moment.stage})`
            : `${moment.stageName} (stage ${moment.stage}) was already recorded`,
          status: core.emergence(account),
        });
      })
      .get('/mirror-interface/status', requireSession, async (c) =>
        c.json(await core.mirrorInterface(accountOf(c.var.viewer))),
      )
      .get('/emotion-sync/status', requireSession, (c) =>
        c.json(core.emotionSync(accountOf(c.var.viewer))),
      )
      .get('/presence-compass/status', requireSession, (c) =>
        c.json(core.presenceCompass(accountOf(c.var.viewer))),
      )
      .get('/whisper-bubble/active', requireSession, (c) =>
        c.json(core.whisperBubble(accountOf(c.var.viewer))),
      )
      .get('/memory-shard/stats', requireSession, async (c) =>
        c.json(await core.memoryShard(accountOf(c.var.viewer))),
      )
      .get('/hush-agent/status', requireSession, (c) => c.json(core.hushAgent()))
      .get('/soul-frame/status', requireSession, async (c) =>
        c.json(await core.soulFrame(accountOf(c.var.viewer))),
      )
      .get('/hush-config/status', requireSession, (c) => c.json(core.hushConfig()))
      // Advanced presence
      .get('/presence/autonomous-messages', requireSession, (c) =>
        c.json(core.autonomousMessages(accountOf(c.var.viewer))),
      )
      .get('/presence/drift-spark', requireSession, (c) =>
        c.json(core.driftSpark(accountOf(c.var.viewer))),
      )
      .get('/presence/slipstream-health', requireSession, (c) =>
        c.json(core.slipstreamHealth(accountOf(c.var.viewer))),
      )
      .get('/presence/emotional-mirror', requireSession, (c) =>
        c.json(core.emotionalMirror(accountOf(c.var.viewer))),
      )
      .get('/presence/mindmap', requireSession, (c) =>
        c.json(core.mindmap(accountOf(c.var.viewer))),
      )
      .get('/presence/guardian-shield', requireSession, (c) => c.json(core.guardianShield()))
      // Dream consciousness
      .get('/dream-trigger/status', requireSession, (c) =>
        c.json(core.dreamTrigger(accountOf(c.var.viewer))),
      )
      .get('/imagination/status', requireSession, (c) =>
        c.json(core.imagination(accountOf(c.var.viewer))),
      )
      .get('/lumora/status', requireSession, (c) => c.json(core.lumora()))
  );
}
