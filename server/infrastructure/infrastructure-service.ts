// The infrastructure page's answer (spec 002 "Infrastructure", §4; docs/infrastructure.md): each server
// feature's status, read from the system it describes at each call (push.json, the provider chain by a
// probe, the request itself, the version guard and the weekly sync, the consciousness stream's feeds, the
// at-rest setting). Nothing is stored. Persistent storage is the device's own, added by the client.
import type { Config } from '../config';
import type { PushFile } from '../store/push-store';
import { hasDataKey, isEncryptingWrites } from '../store/at-rest';
import {
  backupStatusOf,
  encryptionStatusOf,
  feedsStatusOf,
  httpsStatusOf,
  providersStatusOf,
  pushStatusOf,
  type DetailVerdict,
  type FeatureStatus,
  type FeedFacts,
  type FeedRunFacts,
  type ProbeOutcome,
  type Verdict,
} from './infrastructure-rules';
import { probeProvider, type ProbeFetch } from './provider-probe';

export const FEATURE_IDS = [
  'push',
  'providers',
  'https',
  'backups',
  'feeds',
  'encryption',
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const FEATURE_NAMES: Record<FeatureId, string> = {
  push: 'Push notifications',
  providers: 'LLM providers',
  https: 'HTTPS',
  backups: 'Backups',
  feeds: 'News feeds',
  encryption: 'Encryption at rest',
};

export interface FeatureReport {
  id: FeatureId;
  name: string;
  status: FeatureStatus;
  reason: string;
  /** ISO: when this server looked. */
  checkedAt: string;
  /** One line per provider or feed, where the feature has several. */
  details: DetailVerdict[];
}

export interface InfrastructureStatus {
  checkedAt: string;
  features: FeatureReport[];
}

export interface InfrastructureOptions {
  config: Pick<Config, 'dataDir' | 'llmProviders'>;
  clock: () => number;
  /** push.json, and whether the VAPID subject is one Apple refuses (PushService.subjectWarning). */
  push: { readonly data: PushFile };
  pushSubjectWarning: string | null;
  /** The newest snapshot this server's DATA_KEY can restore (its time), or null. */
  newestSnapshotAt: () => number | null;
  weeklySync: () => {
    enabled: boolean;
    nextSyncDay: string;
    nextSyncTime: string;
    nextSyncAt: string | null;
  };
  feeds: () => { feeds: readonly FeedFacts[]; lastRun: FeedRunFacts | null };
  /** Tests only: a shorter probe, another fetch. */
  probe?: { timeoutMs?: number; fetch?: ProbeFetch };
}

export class InfrastructureService {
  /** One probe round at a time: a second caller shares the one under way rather than probing again. */
  private probing: Promise<{ name: string; outcome: ProbeOutcome }[]> | null = null;

  constructor(private readonly options: InfrastructureOptions) {}

  private probeAll(): Promise<{ name: string; outcome: ProbeOutcome }[]> {
    this.probing ??= Promise.all(
      this.options.config.llmProviders.map(async (provider) => ({
        name: provider.name,
        outcome: await probeProvider(provider, this.options.probe),
      })),
    ).finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  async status(request: {
    viewerId: string;
    secure: boolean;
    host: string;
  }): Promise<InfrastructureStatus> {
    const probes = await this.probeAll();
    const now = this.options.clock();
    const checkedAt = new Date(now).toISOString();
    const { push, config } = this.options;
    const weekly = this.options.weeklySync();
    const feeds = this.options.feeds();
    const verdicts: Record<FeatureId, Verdict & { details?: DetailVerdict[] }> = {
      push: pushStatusOf({
        hasKeys: push.data.vapid !== null,
        subscriptions: push.data.subscriptions.length,
        viewerSubscriptions: push.data.subscriptions.filter((s) => s.userId === request.viewerId)
          .length,
        subjectWarning: this.options.pushSubjectWarning !== null,
      }),
      providers: providersStatusOf(probes),
      https: httpsStatusOf({ secure: request.secure, host: request.host }),
      backups: backupStatusOf({
        newestSnapshotAt: this.options.newestSnapshotAt(),
        now,
        weeklySyncActive: weekly.enabled,
        nextWeeklySync: weekly.nextSyncAt ? `${weekly.nextSyncDay} ${weekly.nextSyncTime}` : null,
      }),
      feeds: feedsStatusOf({ ...feeds, now }),
      encryption: encryptionStatusOf({
        hasKey: hasDataKey(config.dataDir),
        encrypting: isEncryptingWrites(config.dataDir),
      }),
    };
    return {
      checkedAt,
      features: FEATURE_IDS.map((id) => ({
        id,
        name: FEATURE_NAMES[id],
        status: verdicts[id].status,
        reason: verdicts[id].reason,
        checkedAt,
        details: verdicts[id].details ?? [],
      })),
    };
  }
}
