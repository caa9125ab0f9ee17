// Spec 000 §4 'Personality editor' and §5 'Save is disabled when there are no changes or while saving'.
import { describe, expect, it } from 'vitest';
import { BASELINE_DIMENSIONS, PRESETS } from '@/domain/personality';
import {
  INITIAL_EDITOR,
  canSave,
  editorReducer,
  type EditorState,
} from '@/features/personality/model/editor';

const loaded: EditorState = editorReducer(INITIAL_EDITOR, {
  type: 'loaded',
  current: { ...PRESETS.gentle },
});

describe('unsaved-changes flag: set by any slider change, preset or reset to baseline, cleared on save', () => {
  it('is clear after loading', () => {
    expect(loaded).toEqual({ draft: PRESETS.gentle, unsaved: false });
  });
  it('is set by a slider change, which lands on the 0.05 grid', () => {
    const slid = editorReducer(loaded, { type: 'slide', key: 'humor_level', value: 0.73 });
    expect(slid.unsaved).toBe(true);
    expect(slid.draft?.humor_level).toBe(0.75);
  });
  it('is set by a preset, which puts its values on the sliders', () => {
    const preset = editorReducer(loaded, { type: 'preset', name: 'direct' });
    expect(preset).toEqual({ draft: PRESETS.direct, unsaved: true });
  });
  it('is set by reset to baseline, which puts the baseline on the sliders', () => {
    const reset = editorReducer(loaded, { type: 'reset', baseline: BASELINE_DIMENSIONS });
    expect(reset).toEqual({ draft: BASELINE_DIMENSIONS, unsaved: true });
  });
  it('is cleared on save, with what the server kept', () => {
    const slid = editorReducer(loaded, { type: 'slide', key: 'softness', value: 0.2 });
    const saved = editorReducer(slid, { type: 'saved', current: slid.draft! });
    expect(saved).toEqual({ draft: { ...PRESETS.gentle, softness: 0.2 }, unsaved: false });
  });
  it('keeps unsaved edits when the server is read again', () => {
    const slid = editorReducer(loaded, { type: 'slide', key: 'softness', value: 0.2 });
    expect(editorReducer(slid, { type: 'loaded', current: PRESETS.casual })).toBe(slid);
  });
});

describe('Save is disabled when there are no changes or while saving', () => {
  const changed = editorReducer(loaded, { type: 'slide', key: 'formality', value: 0.1 });
  it('is disabled without changes', () => expect(canSave(loaded, false, true)).toBe(false));
  it('is enabled with changes', () => expect(canSave(changed, false, true)).toBe(true));
  it('is disabled while saving', () => expect(canSave(changed, true, true)).toBe(false));
  it('is disabled for an account that may not save', () =>
    expect(canSave(changed, false, false)).toBe(false));
  it('is disabled before anything is loaded', () =>
    expect(canSave(INITIAL_EDITOR, false, true)).toBe(false));
});
