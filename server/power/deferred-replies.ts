// Kiri answers what the owner wrote in deep pause, in order, once woken: the chat's side of the seam
// (ChatPause) and the drain that runs after each wake and at start (a restart mid-drain resumes).
import type { ChatPause } from '../chat/deep-pause';
import type { Logger } from '../log';
import type { PowerService } from './power-service';
import type { DeferredMessage } from './power-store';

export class DeferredReplies implements ChatPause {
  private draining: Promise<void> | null = null;
  private answer: ((item: DeferredMessage) => Promise<unknown>) | null = null;

  constructor(
    private readonly power: PowerService,
    private readonly log?: Logger,
  ) {
    power.onWake(() => void this.drain());
  }

  /** The chat service writes the answers; it is built after this (it takes this as its pause). */
  answerWith(answer: (item: DeferredMessage) => Promise<unknown>): void {
    this.answer = answer;
  }

  isDeepPaused(): boolean {
    return this.power.isDeepPaused();
  }

  defer(item: DeferredMessage): Promise<void> {
    return this.power.defer(item);
  }

  settled(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  /**
   * Answers the queue oldest first, one at a time; stops when Kiri is paused again or an answer fails
   * (kept for the next wake or start). A drain already running is joined.
   */
  drain(): Promise<void> {
    if (!this.draining) {
      this.draining = this.run().finally(() => (this.draining = null));
    }
    return this.draining;
  }

  private async run(): Promise<void> {
    const answer = this.answer;
    if (!answer) return;
    for (;;) {
      if (this.power.isDeepPaused()) return;
      const item = this.power.deferred()[0];
      if (!item) return;
      try {
        await answer(item);
      } catch (error) {
        this.log?.error('Answering a message kept in deep pause failed', error);
        return;
      }
      await this.power.answered(item);
    }
  }
}
