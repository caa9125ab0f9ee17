// The tone-sync page's own decisions (src/features/whisperbridge/model): the form's reset after an add,
// when Add Sync Entry may be pressed, and the words of a failed call.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WHISPER_CONFIG } from '@/domain/whisperbridge';
import { ApiError, NetworkFailure } from '@/lib/api';
import {
  draftToSend,
  EMPTY_FORM,
  failureToast,
  formReducer,
} from '@/features/whisperbridge/model/whisper-model';

const ready = {
  pending: false,
  online: true,
  config: { ...DEFAULT_WHISPER_CONFIG },
  canWrite: true,
};

describe('after a successful add', () => {
  it('both boxes clear and the tone resets to neutral', () => {
    let form = formReducer(EMPTY_FORM, { type: 'gpt', value: 'Hello' });
    form = formReducer(form, { type: 'gemini', value: 'Hi' });
    form = formReducer(form, { type: 'tone', value: 'dreamy' });
    expect(form).toEqual({ gptLine: 'Hello', geminiMirror: 'Hi', tone: 'dreamy' });
    expect(formReducer(form, { type: 'added' })).toEqual({
      gptLine: '',
      geminiMirror: '',
      tone: 'neutral',
    });
  });
});

describe('Add Sync Entry', () => {
  const form = { gptLine: '  Hello ', geminiMirror: ' Hi ', tone: 'soft' as const };

  it('sends the trimmed pair when both lines are there', () => {
    expect(draftToSend(form, ready)).toEqual({
      gpt_line: 'Hello',
      gemini_mirror: 'Hi',
      emotion_tone: 'soft',
    });
  });

  it('is disabled while pending, offline, without write access, or with a blank line', () => {
    expect(draftToSend(form, { ...ready, pending: true })).toBeNull();
    expect(draftToSend(form, { ...ready, online: false })).toBeNull();
    expect(draftToSend(form, { ...ready, canWrite: false })).toBeNull();
    expect(draftToSend({ ...form, geminiMirror: '   ' }, ready)).toBeNull();
  });

  it('is disabled while the tool is off or training mode is off', () => {
    expect(
      draftToSend(form, { ...ready, config: { ...DEFAULT_WHISPER_CONFIG, enabled: false } }),
    ).toBeNull();
    expect(
      draftToSend(form, { ...ready, config: { ...DEFAULT_WHISPER_CONFIG, training_mode: false } }),
    ).toBeNull();
  });
});

describe('a failed call', () => {
  it("is titled in the shared catalogue's words and says the server's own text", () => {
    const body = JSON.stringify({
      success: false,
      error: 'Training mode is off: turn it on in Settings to add sync entries',
      message: 'Training mode is off: turn it on in Settings to add sync entries',
    });
    expect(failureToast(new ApiError(409, 'Conflict', body), 'Kiri')).toEqual({
      title: 'An unexpected error occurred.',
      description: 'Training mode is off: turn it on in Settings to add sync entries',
      variant: 'destructive',
    });
    expect(failureToast(new ApiError(400, 'Bad Request', 'oops'), 'Kiri')).toMatchObject({
      title: 'Invalid request or resource not found.',
      description: '400: oops',
    });
    expect(failureToast(new NetworkFailure('Failed to fetch'), 'Kiri').title).toBe(
      'Connection issue detected. Please check your internet connection.',
    );
  });
});
