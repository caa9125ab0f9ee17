// The composer's rules (spec 000 §2.2 variant B, §5, §9).

export const COMPOSER_MIN_HEIGHT_PX = 40;
export const COMPOSER_MAX_HEIGHT_PX = 150;

/** The textarea grows with its content from 40 to 150 px, then scrolls. */
export function composerHeight(contentHeight: number): number {
  return Math.min(COMPOSER_MAX_HEIGHT_PX, Math.max(COMPOSER_MIN_HEIGHT_PX, contentHeight));
}

/**
 * Send is disabled when the trimmed text is empty (spec 000 §5). Not while a send is in flight, as the
 * spec has it: the next message queues behind that one ('waiting', sent after it, in order), so no
 * press of Enter is ever dropped (docs/decisions.md).
 */
export function canSend(text: string): boolean {
  return text.trim() !== '';
}

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an input method (Japanese, Chinese…) is composing: Enter confirms the word there. */
  isComposing?: boolean;
}

/** Enter sends; Shift+Enter is a newline; Ctrl or Cmd+Enter sends too. */
export function composerKeyAction(event: ComposerKey): 'send' | 'type' {
  if (event.key !== 'Enter' || event.isComposing) return 'type';
  if (event.ctrlKey || event.metaKey) return 'send';
  return event.shiftKey ? 'type' : 'send';
}

/** How long the draft waits after the last keystroke before it is written to the device. */
export const DRAFT_SAVE_DELAY_MS = 300;
