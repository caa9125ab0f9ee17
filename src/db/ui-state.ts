// The chat's UI state on the device (spec 000 §3.9): the composer's draft, so nothing typed is lost.
import type { KiriDatabase } from './schema';

export const DRAFT_KEY = 'composerDraft';

export async function loadDraft(db: KiriDatabase): Promise<string> {
  const value = (await db.uiState.get(DRAFT_KEY))?.value;
  return typeof value === 'string' ? value : '';
}

export async function saveDraft(db: KiriDatabase, text: string): Promise<void> {
  if (text === '') await db.uiState.delete(DRAFT_KEY);
  else await db.uiState.put({ key: DRAFT_KEY, value: text });
}
