// What the tone-sync page decides (spec 001 §4, §5): the add form and its reset, what a failed call
// says, and the settings a viewer may change.
import { classifyError, errorMessage } from '@/domain/errors';
import {
  checkSyncDraft,
  DEFAULT_TONE,
  type EmotionTone,
  type SyncDraft,
  type WhisperConfig,
} from '@/domain/whisperbridge';

export interface SyncForm {
  gptLine: string;
  geminiMirror: string;
  tone: EmotionTone;
}

export const EMPTY_FORM: SyncForm = { gptLine: '', geminiMirror: '', tone: DEFAULT_TONE };

export type FormAction =
  | { type: 'gpt'; value: string }
  | { type: 'gemini'; value: string }
  | { type: 'tone'; value: EmotionTone }
  | { type: 'added' };

/** Rule 'after a successful add, both boxes clear and the tone resets to neutral' (spec 001 §4). */
export function formReducer(form: SyncForm, action: FormAction): SyncForm {
  switch (action.type) {
    case 'gpt':
      return { ...form, gptLine: action.value };
    case 'gemini':
      return { ...form, geminiMirror: action.value };
    case 'tone':
      return { ...form, tone: action.value };
    case 'added':
      return EMPTY_FORM;
  }
}

/**
 * Rule 'Add Sync Entry is enabled': both lines non-empty after trimming (spec 001 §5), no add pending,
 * online, the tool enabled with training mode on, and the viewer allowed to write. The trimmed draft
 * to send, or null.
 */
export function draftToSend(
  form: SyncForm,
  state: { pending: boolean; online: boolean; config: WhisperConfig | null; canWrite: boolean },
): SyncDraft | null {
  if (state.pending || !state.online || !state.canWrite) return null;
  if (!state.config?.enabled || !state.config.training_mode) return null;
  const checked = checkSyncDraft(form.gptLine, form.geminiMirror, form.tone);
  return checked.ok ? checked.draft : null;
}

/** The server's own words in an error answer (`{ success:false, error }`), if the body is one. */
export function serverErrorText(error: unknown): string | null {
  const body = (error as { bodyText?: unknown } | null)?.bodyText;
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error ? parsed.error : null;
  } catch {
    return null;
  }
}

/**
 * Spec 001 shows no tone-sync error display: a failed call is a toast titled with the shared
 * catalogue's words (000 §8), saying what the request helper said (the server's own text when it gave one).
 */
export function failureToast(error: unknown, personaName: string) {
  return {
    title: classifyError(error, personaName).message,
    description: serverErrorText(error) ?? errorMessage(error),
    variant: 'destructive' as const,
  };
}
