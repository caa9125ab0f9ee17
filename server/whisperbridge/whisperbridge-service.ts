// WhisperBridge Lite's state (whisperbridge.json) and what it does to Kiri's replies
// (docs/whisperbridge.md): the stats, adding a pair with its sync quality, the mirror prompt, the
// settings, and the ToneStyle the chat's engine and prompt read while tone_mirroring is on.
import {
  averageQuality,
  MAX_SYNC_ENTRIES,
  recentQuality,
  type SyncDraft,
  type WhisperConfig,
} from '../../src/domain/whisperbridge';
import { uuidv7 } from '../../src/domain/uuidv7';
import { MAX_STYLE_EXAMPLES, type ToneStyle } from '../../src/engine/companion/tone-style';
import type { Companion } from '../../src/engine/companion/types';
import { HttpError } from '../http/errors';
import { buildMirrorPrompt, type MirrorPrompt } from './mirror-prompt';
import { syncQuality } from './sync-quality';
import type { SyncEntry, WhisperbridgeStore, WhisperConfigPatch } from './whisperbridge-store';

export const TOOL_DISABLED =
  'WhisperBridge Lite is disabled: turn it on in Settings to add sync entries';
export const TRAINING_OFF = 'Training mode is off: turn it on in Settings to add sync entries';
export const HISTORY_FULL = `The sync history is full (${MAX_SYNC_ENTRIES} entries)`;

export interface WhisperStats {
  recent_quality: number | null;
  total_sync_entries: number;
  average_quality: number | null;
}

/** An entry as the API answers it (who added it stays on the server). */
export type PublicSyncEntry = Omit<SyncEntry, 'addedBy'>;

const publicEntry = ({ addedBy: _by, ...entry }: SyncEntry): PublicSyncEntry => entry;

export class WhisperBridgeService {
  constructor(
    private readonly store: WhisperbridgeStore,
    private readonly clock: () => number,
  ) {}

  config(): WhisperConfig {
    return { ...this.store.data.config };
  }

  stats(): WhisperStats {
    const qualities = this.store.data.entries.map((entry) => entry.sync_quality);
    return {
      recent_quality: recentQuality(qualities),
      total_sync_entries: qualities.length,
      average_quality: averageQuality(qualities),
    };
  }

  /** Newest first, as the history shows them. */
  entries(): PublicSyncEntry[] {
    return this.store.data.entries.map(publicEntry).reverse();
  }

  /** Adds a checked, trimmed pair with its sync quality; resolves once it is on disk. */
  async add(draft: SyncDraft, by: string): Promise<PublicSyncEntry> {
    const { config, entries } = this.store.data;
    if (!config.enabled) throw new HttpError(409, TOOL_DISABLED);
    if (!config.training_mode) throw new HttpError(409, TRAINING_OFF);
    if (entries.length >= MAX_SYNC_ENTRIES) throw new HttpError(409, HISTORY_FULL);
    const now = this.clock();
    const entry: SyncEntry = {
      id: uuidv7(now),
      gpt_line: draft.gpt_line,
      gemini_mirror: draft.gemini_mirror,
      emotion_tone: draft.emotion_tone,
      sync_quality: syncQuality(draft.gpt_line, draft.gemini_mirror, draft.emotion_tone),
      timestamp: new Date(now).toISOString(),
      addedBy: by,
    };
    await this.store.commit({ type: 'add', entry });
    return publicEntry(entry);
  }

  mirrorPrompt(gptInput: string): MirrorPrompt {
    return buildMirrorPrompt(this.entries(), gptInput);
  }

  async updateConfig(patch: WhisperConfigPatch): Promise<WhisperConfig> {
    await this.store.commit({ type: 'config', patch });
    return this.config();
  }

  /**
   * What shapes Kiri's replies: null unless the tool is enabled with tone_mirroring on; else the best
   * pairs by sync quality (newest first among equals) and whether emotion_sync lets the mood lead.
   */
  toneStyle(): ToneStyle | null {
    const { config } = this.store.data;
    if (!config.enabled || !config.tone_mirroring) return null;
    const examples = this.entries()
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => b.entry.sync_quality - a.entry.sync_quality || a.index - b.index)
      .slice(0, MAX_STYLE_EXAMPLES)
      .map(({ entry }) => ({
        gpt_line: entry.gpt_line,
        gemini_mirror: entry.gemini_mirror,
        emotion_tone: entry.emotion_tone,
        sync_quality: entry.sync_quality,
      }));
    if (examples.length === 0) return null;
    return { examples, followMood: config.emotion_sync };
  }

  /** The companion with the current ToneStyle put into every input it is asked for (read per reply). */
  styled(companion: Companion): Companion {
    return {
      reply: (input) => {
        const toneStyle = input.toneStyle ?? this.toneStyle();
        // Off, the input goes through untouched: the engine reads exactly what it read before.
        return companion.reply(toneStyle ? { ...input, toneStyle } : input);
      },
      health: () => companion.health(),
    };
  }
}
