// 'bloom sync' in the chat (spec 002 §2: the bloom sync's voice command): the chat service asks this
// first; the phrase from someone who may run syncs (system_control) starts a bloom sync and Kiri says
// so, or that a sync is already running. Once per message: a retried message starts nothing new.
import type { ChatCommands } from '../chat/chat-service';
import type { WeeklySyncService } from './weekly-sync-service';
import { isBloomSyncPhrase } from './weekly-sync-rules';

export const BLOOM_STARTED_REPLY =
  "Bloom sync started: I'm folding the last day's memories together. It takes a moment.";
export const BLOOM_RUNNING_REPLY =
  'A sync is already running, so I did not start another. Ask me again once it is done.';
export const BLOOM_PAUSED_REPLY = "I'm in deep pause, so syncing is stopped until you wake me.";

export function bloomSyncCommand(sync: WeeklySyncService): ChatCommands {
  return {
    async replyTo({ text, messageId, mayRunSyncs }) {
      if (!mayRunSyncs || !isBloomSyncPhrase(text)) return null;
      const outcome = await sync.triggerFromChat(messageId);
      if (outcome === 'running') return BLOOM_RUNNING_REPLY;
      if (outcome === 'paused') return BLOOM_PAUSED_REPLY;
      return BLOOM_STARTED_REPLY;
    },
  };
}
