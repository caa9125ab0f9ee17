import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { loadDraft, saveDraft } from '@/db/ui-state';
import { DRAFT_MIRROR_KEY, useDraft } from '@/features/chat/hooks/useDraft';
import { emptyStore } from './chat-test-kit';

beforeEach(async () => {
  await emptyStore();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the draft is kept at every keystroke', () => {
  it('is on the device the moment it is typed, before any timer or write of the store', () => {
    const { result } = renderHook(() => useDraft());
    act(() => result.current.setText('half a thou'));
    // Synchronously: a reload right now (the store's write would not finish) keeps it.
    expect(localStorage.getItem(DRAFT_MIRROR_KEY)).toBe('half a thou');
  });

  it('comes back on the next open from that copy, even when the store has an older one', async () => {
    await saveDraft(db, 'an older draft');
    localStorage.setItem(DRAFT_MIRROR_KEY, 'the newest words');
    const { result } = renderHook(() => useDraft());
    expect(result.current.text).toBe('the newest words');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.text).toBe('the newest words');
  });

  it("an emptied draft stays empty (the store's older copy does not come back)", async () => {
    await saveDraft(db, 'sent already');
    localStorage.setItem(DRAFT_MIRROR_KEY, '');
    const { result } = renderHook(() => useDraft());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.text).toBe('');
  });

  it('forgetting it (the message is queued) clears both copies', async () => {
    const { result } = renderHook(() => useDraft());
    act(() => result.current.setText('to be sent'));
    await act(async () => {
      result.current.clearInput();
      await result.current.forget();
    });
    expect(localStorage.getItem(DRAFT_MIRROR_KEY)).toBe('');
    await waitFor(async () => expect(await loadDraft(db)).toBeFalsy());
  });
});
