// The composer's text, kept on the device (uiState) a moment after each keystroke and whenever the page
// is hidden, so nothing typed is lost to a reload or a killed app.
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/db/db';
import { loadDraft, saveDraft } from '@/db/ui-state';
import { DRAFT_SAVE_DELAY_MS } from '../model/composer';

export function useDraft() {
  const [text, setTextState] = useState('');
  const typed = useRef(false);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
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
      setTextState(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Empties the box now; the saved copy goes only once the message is safely queued (`forget`). */
  const clearInput = useCallback(() => {
    typed.current = true;
    clearTimeout(timer.current);
    pending.current = null;
    setTextState('');
  }, []);

  const forget = useCallback(() => saveDraft(db, ''), []);

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

  return { text, setText, clearInput, forget };
}
