// The composer's text, kept on the device so nothing typed is lost to a reload or a killed app: in
// localStorage at every keystroke (synchronous, so it is there even when the page goes away the next
// moment), and in the device store (uiState) a moment after each keystroke and when the page is
// hidden. IndexedDB alone lost the last 300 ms of typing: its write does not finish on a reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/db/db';
import { loadDraft, saveDraft } from '@/db/ui-state';
import { DRAFT_SAVE_DELAY_MS } from '../model/composer';

/** localStorage's copy; an empty string means "no draft" (and beats an older copy in the store). */
export const DRAFT_MIRROR_KEY = 'kiri-composer-draft';

function readMirror(): string | null {
  try {
    return localStorage.getItem(DRAFT_MIRROR_KEY);
  } catch {
    return null;
  }
}

function writeMirror(value: string): void {
  try {
    localStorage.setItem(DRAFT_MIRROR_KEY, value);
  } catch {
    // Blocked or full (a huge paste): the device store's copy still follows.
  }
}

export function useDraft() {
  const [text, setTextState] = useState(() => readMirror() ?? '');
  const typed = useRef(false);
  /** The text in the box, for what must not wait for a render (putting a message back). */
  const current = useRef(text);
  /** Counts the owner's edits: a copy is forgotten only if nothing was typed since the box emptied. */
  const edits = useRef(0);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    // The mirror is written at every keystroke: when it is there, it is the newest copy.
    if (readMirror() !== null) return;
    void loadDraft(db).then((saved) => {
      // Whatever the owner typed meanwhile wins over the saved copy.
      if (alive && saved && !typed.current) setTextState(saved);
    });
    return () => {
      alive = false;
    };
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current === null) return;
    const value = pending.current;
    pending.current = null;
    void saveDraft(db, value);
  }, []);

  const setText = useCallback(
    (value: string) => {
      typed.current = true;
      edits.current += 1;
      current.current = value;
      setTextState(value);
      writeMirror(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /**
   * Empties the box now; the saved copy goes only once the message is safely queued (`forget`, with
   * the mark returned here).
   */
  const clearInput = useCallback((): number => {
    typed.current = true;
    clearTimeout(timer.current);
    pending.current = null;
    current.current = '';
    setTextState('');
    return edits.current;
  }, []);

  /**
   * Clears the saved copies. With a mark from `clearInput`, only if nothing was typed since: the next
   * message, begun while this one was being stored, is the draft now, and a reload must bring it back.
   */
  const forget = useCallback(async (mark?: number): Promise<void> => {
    if (mark !== undefined && mark !== edits.current) return;
    writeMirror('');
    await saveDraft(db, '');
  }, []);

  /** Puts a message that could not be stored back in the box, before anything typed since. */
  const restore = useCallback(
    (value: string) => {
      const now = current.current;
      setText(now.trim() ? `${value}\n${now}` : value);
    },
    [setText],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return { text, setText, clearInput, forget, restore };
}
