// One entry of the 'Consciousness Stream Data' list (spec 001 §2): type badge, relative age,
// significance % in its colour, content, the three bars, source and the mean intensity.
import { cn } from '@/ui/cn';
import {
  emotionalIntensity,
  percent,
  relativeAge,
  significanceColour,
  TEXT,
  type Impact,
  type SignificanceColour,
  type StreamEntry,
} from '../model/stream';

export const SIGNIFICANCE_TEXT: Record<SignificanceColour, string> = {
  red: 'text-red-700 dark:text-red-400',
  yellow: 'text-amber-700 dark:text-amber-300',
  green: 'text-emerald-700 dark:text-emerald-400',
};

const BARS: { key: keyof Impact; label: string; colour: string }[] = [
  { key: 'curiosity', label: 'Curiosity', colour: 'bg-sky-500' },
  { key: 'contentment', label: 'Contentment', colour: 'bg-emerald-500' },
  { key: 'empathy', label: 'Empathy', colour: 'bg-rose-500' },
];

export function TypeBadge({ type }: { type: string }) {
  return (
    <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent capitalize">
      {type}
    </span>
  );
}

export function StreamEntryItem({ entry, now }: { entry: StreamEntry; now: number }) {
  const colour = significanceColour(entry.significance);
  return (
    <li
      data-testid="stream-entry"
      data-type={entry.type}
      className="grid gap-2 rounded-xl border border-line bg-panel p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge type={entry.type} />
        <time dateTime={entry.timestamp} className="text-xs text-muted" title={entry.timestamp}>
          {relativeAge(entry.timestamp, now)}
        </time>
        <span
          data-testid="entry-significance"
          data-colour={colour}
          className={cn('ml-auto text-xs font-semibold tabular-nums', SIGNIFICANCE_TEXT[colour])}
        >
          {percent(entry.significance)} {TEXT.significance}
        </span>
      </div>
      <p className="wrap-anywhere">{entry.content}</p>
      <div className="grid gap-1">
        {BARS.map((bar) => (
          <div key={bar.key} className="grid grid-cols-[6.5rem_1fr_2.5rem] items-center gap-2">
            <span className="text-xs text-muted">{bar.label}</span>
            <div
              role="meter"
              aria-label={bar.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(entry.emotional_impact[bar.key] * 100)}
              className="h-1.5 rounded-full bg-stone-200 dark:bg-stone-700"
            >
              <div
                className={cn('h-1.5 rounded-full', bar.colour)}
                style={{ width: percent(entry.emotional_impact[bar.key]) }}
              />
            </div>
            <span className="text-right text-xs tabular-nums">
              {percent(entry.emotional_impact[bar.key])}
            </span>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap justify-between gap-2 text-xs text-muted">
        <span className="wrap-anywhere">
          {TEXT.source}: {entry.source}
        </span>
        <span data-testid="entry-intensity">
          {TEXT.intensity}: {percent(emotionalIntensity(entry.emotional_impact))}
        </span>
      </div>
    </li>
  );
}
