// The mood orb and the thought-map strip under the chat's header (spec 000 §2.2 variant B, §3.6, §4):
// the orb in the mood's colour, pulsing every 2 + (1 - pulseSpeed) * 3 s, sized by intensity, with a
// flickering ring when urgent; beside it up to 5 thought bubbles. Offline the last known state stays,
// marked as such; before any answer nothing is drawn (never an invented mood).
import type { CSSProperties } from 'react';
import { useOnline } from '@/lib/use-online';
import { cn } from '@/ui/cn';
import { useMoodState, useThoughtMap } from '../hooks/useMood';
import { useReducedMotion } from '../hooks/useReducedMotion';
import { useThoughtBubbles } from '../hooks/useThoughtBubbles';
import {
  modeColor,
  moodLabel,
  orbSizePx,
  pulseDurationSeconds,
  type FocusCategory,
} from '../model/mood';
import './mood-strip.css';

const CATEGORY_STYLE: Record<FocusCategory, string> = {
  emotional: 'border-pink-400/60',
  practical: 'border-cyan-400/60',
  safety: 'border-red-400/70',
  relationship: 'border-violet-400/60',
  general: 'border-line',
};

function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function MoodStrip({
  personaName = 'Kiri',
  className,
}: {
  personaName?: string;
  className?: string;
}) {
  const mood = useMoodState();
  const thoughts = useThoughtMap();
  const online = useOnline();
  const reducedMotion = useReducedMotion();
  const { track, phase } = useThoughtBubbles(thoughts.data, thoughts.dataUpdatedAt);

  const state = mood.data;
  if (!state) return null;
  const offline = !online || mood.isError;
  const color = modeColor(state);
  const size = orbSizePx(state.intensity);
  const duration = `${pulseDurationSeconds(state.pulseSpeed)}s`;
  const label = moodLabel(personaName, state);
  const orbStyle: CSSProperties = {
    width: size,
    height: size,
    backgroundColor: color,
    boxShadow: `0 0 ${Math.round(size / 2)}px ${color}`,
    ...(reducedMotion ? {} : { animation: `kiri-mood-pulse ${duration} ease-in-out infinite` }),
  };
  const showThinking = phase !== 'cleared' && track.thinking && track.bubbles.length === 0;

  return (
    <div
      className={cn('flex min-h-14 items-center gap-3 border-b border-line px-4 py-2', className)}
      data-testid="mood-strip"
      data-mode={state.mode}
      data-offline={offline ? 'true' : undefined}
    >
      <div className="relative flex size-14 shrink-0 items-center justify-center">
        {state.mode === 'urgent' && (
          <span
            aria-hidden="true"
            data-testid="mood-urgent-ring"
            className="kiri-mood-ring absolute inset-0 rounded-full border-2"
            style={{
              borderColor: color,
              ...(reducedMotion ? {} : { animation: 'kiri-mood-flicker 0.6s linear infinite' }),
            }}
          />
        )}
        <span
          role="img"
          aria-label={label}
          title={label}
          data-testid="mood-orb"
          data-pulse-seconds={pulseDurationSeconds(state.pulseSpeed)}
          className="kiri-mood-orb block rounded-full"
          style={orbStyle}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ul
          aria-label={`What ${personaName} is thinking about`}
          className="flex min-h-7 flex-wrap items-center gap-1.5"
        >
          {phase !== 'cleared' &&
            track.bubbles.map((bubble) => (
              <li
                key={bubble.term}
                data-category={bubble.category}
                className={cn(
                  'kiri-mood-bubble rounded-full border bg-panel px-2.5 py-0.5 text-xs transition-opacity duration-500',
                  CATEGORY_STYLE[bubble.category],
                  phase === 'hidden' && 'opacity-0',
                )}
                style={{ fontWeight: bubble.weight >= 0.67 ? 600 : 400 }}
              >
                {bubble.term}
              </li>
            ))}
          {showThinking && (
            <li className="kiri-mood-bubble rounded-full border border-line bg-panel px-2.5 py-0.5 text-xs">
              <span aria-label={`${personaName} is thinking`}>…</span>
            </li>
          )}
        </ul>
        <p className="truncate text-xs text-muted">
          <span className="capitalize">{state.mode}</span>
          {offline && (
            <span data-testid="mood-offline">
              {' '}
              · Offline, last known
              {mood.dataUpdatedAt ? ` at ${clockTime(mood.dataUpdatedAt)}` : ''}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
