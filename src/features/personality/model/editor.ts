// The personality editor's state (spec 000 §4): the values on the sliders and the unsaved-changes flag,
// set by any slider change, preset or reset to baseline and cleared on save. A reducer, so each rule is
// a plain function with a test.
import {
  PRESETS,
  snapToStep,
  type DimensionKey,
  type Dimensions,
  type PresetName,
} from '@/domain/personality';

export interface EditorState {
  /** What the sliders show; null until the server's values (or the kept copy) arrive. */
  draft: Dimensions | null;
  unsaved: boolean;
}

export type EditorAction =
  | { type: 'loaded'; current: Dimensions }
  | { type: 'slide'; key: DimensionKey; value: number }
  | { type: 'preset'; name: PresetName }
  | { type: 'reset'; baseline: Dimensions }
  | { type: 'saved'; current: Dimensions };

export const INITIAL_EDITOR: EditorState = { draft: null, unsaved: false };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      // A later read (a refetch, another device's save) never overwrites what the owner is editing.
      return state.unsaved ? state : { draft: { ...action.current }, unsaved: false };
    case 'slide':
      if (!state.draft) return state;
      return { draft: { ...state.draft, [action.key]: snapToStep(action.value) }, unsaved: true };
    case 'preset':
      return { draft: { ...PRESETS[action.name] }, unsaved: true };
    case 'reset':
      return { draft: { ...action.baseline }, unsaved: true };
    case 'saved':
      return { draft: { ...action.current }, unsaved: false };
  }
}

/** Spec 000 §5: Save is disabled when there are no changes or while saving. */
export function canSave(state: EditorState, saving: boolean, mayAdjust: boolean): boolean {
  return state.draft !== null && state.unsaved && !saving && mayAdjust;
}

/** Slider values as the owner reads them: 0.35 as '0.35', 1 as '1.00'. */
export function formatValue(value: number): string {
  return value.toFixed(2);
}
