// /personality-settings, /settings/personality, /settings/self-mod (spec 000 §3.4, §4, §5, §8; 002
// "Personality tone settings"): five sliders, the four presets, reset to baseline, the derived tone
// label, the unsaved-changes flag and Save. Offline it shows the values last read, marked as such.
import { useEffect, useReducer, useRef } from 'react';
import {
  DIMENSION_KEYS,
  PRESET_NAMES,
  SLIDER_MAX,
  SLIDER_MIN,
  SLIDER_STEP,
  presetOf,
  toneLabel,
} from '@/domain/personality';
import { usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import { useAdjustPersonality, usePersonality } from '../hooks/usePersonality';
import { INITIAL_EDITOR, canSave, editorReducer, formatValue } from '../model/editor';
import {
  DIMENSION_HINTS,
  DIMENSION_LABELS,
  PERSONALITY_TEXT as T,
  PRESET_LABELS,
  TONE_LABELS,
} from '../model/texts';
import { BackLink } from '@/ui/BackLink';

export default function PersonalitySettingsScreen() {
  const query = usePersonality();
  const adjust = useAdjustPersonality();
  const online = useOnline();
  const persona = usePersonaName();
  const [state, dispatch] = useReducer(editorReducer, INITIAL_EDITOR);
  const data = query.data;

  useEffect(() => {
    if (data) dispatch({ type: 'loaded', current: data.current });
  }, [data]);

  // One 'Loading Error' per failed read (after the query's own retries), not one per render.
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt !== toastedFailure.current) {
      toastedFailure.current = query.errorUpdatedAt;
      toast({ title: T.loadErrorTitle, description: T.loadErrorText, variant: 'destructive' });
    }
  }, [query.isError, query.errorUpdatedAt]);

  const draft = state.draft;
  const mayAdjust = data?.canAdjust !== false;
  const controlsOff = !draft || !mayAdjust || !online;
  const saving = adjust.isPending;
  const tone = draft ? toneLabel(draft) : null;
  const activePreset = draft ? presetOf(draft) : null;

  const save = () => {
    if (!draft || !tone) return;
    adjust.mutate(
      { dimensions: draft, tone },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'saved', current: saved.current });
          toast({ title: T.savedTitle, description: T.savedText(saved.currentTone) });
        },
        onError: () =>
          toast({ title: T.saveErrorTitle, description: T.saveErrorText, variant: 'destructive' }),
      },
    );
  };

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-3">
        <BackLink label={T.back} />
        <h1 className="min-w-0 flex-1 basis-48 text-2xl font-semibold wrap-anywhere">{T.title}</h1>
      </header>
      <p className="text-muted">{T.subtitle(persona)}</p>

      {!online && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {data ? T.offline(new Date(query.dataUpdatedAt).toLocaleTimeString()) : T.offlineNoData}
        </p>
      )}
      {data && !data.canAdjust && (
        <p role="note" className="rounded-xl border border-line bg-panel p-3 text-muted">
          {T.readOnly(persona)}
        </p>
      )}

      {!draft && online && (
        <div className="grid gap-2">
          <p role="status" className="text-muted">
            {query.isError ? T.loadErrorText : T.loading}
          </p>
          {query.isError && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => void query.refetch()}
            >
              Try Again
            </Button>
          )}
        </div>
      )}

      {draft && tone && (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-panel p-4">
            <span className="text-muted">{T.currentTone}</span>
            <output
              data-testid="tone-label"
              aria-live="polite"
              className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent"
            >
              {TONE_LABELS[tone]}
            </output>
            {state.unsaved && (
              <span
                data-testid="unsaved-flag"
                className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
              >
                {T.unsaved}
              </span>
            )}
          </div>

          <fieldset className="grid gap-2" disabled={controlsOff}>
            <legend className="mb-2 font-semibold">{T.presets}</legend>
            {/* Two or four columns, one at 200% text: a column is at least 8rem. */}
            <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-2">
              {PRESET_NAMES.map((name) => (
                <Button
                  key={name}
                  variant={activePreset === name ? 'primary' : 'outline'}
                  aria-pressed={activePreset === name}
                  onClick={() => dispatch({ type: 'preset', name })}
                >
                  {PRESET_LABELS[name]}
                </Button>
              ))}
            </div>
          </fieldset>

          <fieldset
            className="grid gap-5 rounded-xl border border-line bg-panel p-4"
            disabled={controlsOff}
          >
            {DIMENSION_KEYS.map((key) => {
              const id = `personality-${key}`;
              return (
                <div key={key} className="grid gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <label htmlFor={id} className="min-w-0 font-medium break-words">
                      {DIMENSION_LABELS[key]}
                    </label>
                    <output
                      htmlFor={id}
                      className="tabular-nums text-muted"
                      data-testid={`${key}-value`}
                    >
                      {formatValue(draft[key])}
                    </output>
                  </div>
                  <input
                    id={id}
                    type="range"
                    min={SLIDER_MIN}
                    max={SLIDER_MAX}
                    step={SLIDER_STEP}
                    value={draft[key]}
                    aria-describedby={`${id}-hint`}
                    onChange={(event) =>
                      dispatch({ type: 'slide', key, value: Number(event.target.value) })
                    }
                    className="w-full accent-accent disabled:opacity-50"
                  />
                  <p id={`${id}-hint`} className="text-sm text-muted">
                    {DIMENSION_HINTS[key]}
                  </p>
                </div>
              );
            })}
          </fieldset>

          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={controlsOff || !data}
              onClick={() => data && dispatch({ type: 'reset', baseline: data.baseline })}
            >
              {T.resetToBaseline}
            </Button>
            <Button
              disabled={!canSave(state, saving, mayAdjust) || !online}
              onClick={save}
              className={cn(saving && 'cursor-wait')}
            >
              {saving ? T.saving : T.save}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
