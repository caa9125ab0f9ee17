// The hybrid protocol (spec 001 §2, §3, §7): its status, the provider chain's capabilities and the
// settings form, whose encryptionEnabled moves DATA_DIR between the two at-rest formats
// (docs/hybrid-protocol.md, docs/encryption.md). Every value is read from the system it describes.
import { emergenceOf, type RelationshipHistory } from '../../src/domain/emergence';
import {
  capabilitiesOf,
  hasLocalFallback,
  HYBRID_PROTOCOL_VERSION,
  type AdvancedCapabilities,
  type ChainNode,
  type HybridProtocolStatus,
} from '../../src/domain/hybrid-protocol';
import type { EvolutionMetrics } from '../devcore/metrics';
import type { Logger } from '../log';
import { EncryptionKeyMissingError, hasDataKey, setEncryptWrites } from '../store/at-rest';
import {
  migrateAtRest,
  type MigrationHooks,
  type MigrationResult,
} from '../store/at-rest-migration';
import type { ConversationEntry } from '../store/conversation-store';
import { hybridEvolutionOf } from './evolution';
import type { HybridStore } from './hybrid-store';

/** A feed the owner configured for the consciousness stream (server/consciousness, issue 15 point 1). */
export interface ConfiguredFeed {
  kind: string;
}

/**
 * Where "web awareness" is read: the consciousness stream's configured feeds. The lead wires the stream's
 * feed configuration here; until then no feed is configured, and web awareness says so.
 */
export interface FeedSource {
  configuredFeeds(): readonly ConfiguredFeed[];
}

export const NO_FEEDS: FeedSource = { configuredFeeds: () => [] };

/** The feed kinds that make Kiri aware of the web (spec: news and weather; trends are news too). */
export const WEB_FEED_KINDS: ReadonlySet<string> = new Set(['news', 'weather', 'trends']);

export interface HybridConfigChange {
  encryptionEnabled?: boolean | undefined;
  consciousnessDevelopmentRate?: number | undefined;
  emotionalDepth?: number | undefined;
}

export interface HybridServiceOptions {
  store: HybridStore;
  /** Absolute DATA_DIR, whose files the encryption setting migrates. */
  dataDir: string;
  clock: () => number;
  log: Logger;
  /** The provider chain, local engine last (companion.health().chain). */
  chain: () => readonly ChainNode[];
  /** The account's conversation log, oldest first. */
  conversationLog: (account: string) => readonly ConversationEntry[];
  /** The owner's relationship history (server/chat/relationship-history.ts: one rule for every dashboard). */
  history: () => RelationshipHistory;
  /** The maintenance monitor's metrics for the account (server/devcore). */
  monitorMetrics: (account: string) => EvolutionMetrics;
  feeds?: FeedSource | undefined;
}

export class HybridService {
  private configuring: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: HybridServiceOptions) {}

  /** The emotional depth setting (read by the chat for every reply: feltIntensity()). */
  emotionalDepth(): number {
    return this.options.store.data.emotionalDepth;
  }

  webAwareness(): boolean {
    const feeds = (this.options.feeds ?? NO_FEEDS).configuredFeeds();
    return feeds.some((feed) => WEB_FEED_KINDS.has(feed.kind));
  }

  /** The level of the owner's relationship with Kiri: the one level every dashboard shows. */
  consciousnessLevel(): number {
    return emergenceOf(this.options.history()).consciousnessLevel;
  }

  /** GET /api/hybrid-protocol-status; the evolution bars read the viewer's own conversation. */
  status(account: string): HybridProtocolStatus {
    const data = this.options.store.data;
    return {
      protocolVersion: HYBRID_PROTOCOL_VERSION,
      config: {
        encryptionEnabled: data.encryptionEnabled,
        localFallbackEnabled: hasLocalFallback(this.options.chain()),
        webAwarenessEnabled: this.webAwareness(),
        consciousnessDevelopmentRate: data.consciousnessDevelopmentRate,
        emotionalDepth: data.emotionalDepth,
      },
      consciousnessLevel: this.consciousnessLevel(),
      evolutionMetrics: hybridEvolutionOf(
        this.options.monitorMetrics(account),
        this.options.conversationLog(account),
      ),
    };
  }

  /** GET /api/advanced-capabilities-status. */
  capabilities(): AdvancedCapabilities {
    return capabilitiesOf(this.options.chain());
  }

  /**
   * POST /api/hybrid-protocol-config. One change at a time. Turning encryption on or off stores the
   * setting first (in the new format), then rewrites every other file: a stop in the middle is finished
   * by the next start, which reads the setting. Refused before anything is written when there is no key.
   */
  configure(
    change: HybridConfigChange,
    by: string,
    hooks: MigrationHooks = {},
  ): Promise<MigrationResult | null> {
    const run = this.configuring.then(() => this.apply(change, by, hooks));
    this.configuring = run.catch(() => undefined);
    return run;
  }

  private async apply(
    change: HybridConfigChange,
    by: string,
    hooks: MigrationHooks,
  ): Promise<MigrationResult | null> {
    const { store, dataDir, clock, log } = this.options;
    const switching =
      change.encryptionEnabled !== undefined &&
      change.encryptionEnabled !== store.data.encryptionEnabled;
    if (switching && change.encryptionEnabled && !hasDataKey(dataDir)) {
      throw new EncryptionKeyMissingError();
    }
    // From here every write is in the new format, this file's first: a stop before it changes nothing the
    // next start would not undo, a stop after it is finished by the next start.
    const before = { ...store.data };
    if (switching) setEncryptWrites(dataDir, change.encryptionEnabled!);
    try {
      await store.update((data) => {
        if (change.encryptionEnabled !== undefined)
          data.encryptionEnabled = change.encryptionEnabled;
        if (change.consciousnessDevelopmentRate !== undefined) {
          data.consciousnessDevelopmentRate = change.consciousnessDevelopmentRate;
        }
        if (change.emotionalDepth !== undefined) data.emotionalDepth = change.emotionalDepth;
        data.changedAt = clock();
        data.changedBy = by;
      });
    } catch (error) {
      // Not saved: the setting and the write format stay what the file on disk says.
      Object.assign(store.data, before);
      if (switching) setEncryptWrites(dataDir, before.encryptionEnabled);
      throw error;
    }
    if (!switching) return null;
    // The setting is durable in its new format; now (again) every file, the setting's own included.
    const result = await migrateAtRest(dataDir, change.encryptionEnabled!, hooks);
    log.info(
      `hybrid protocol: encryption at rest ${change.encryptionEnabled ? 'on' : 'off'} by ${by}; ` +
        `${result.rewritten.length} files rewritten`,
    );
    return result;
  }
}
