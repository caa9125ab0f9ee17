// The four stat cards of spec 002 §3 (totalBuilds, activeProjects, majorFeatures, developmentDays), each
// with what it counts in words (docs/build-history.md). Before the first read: a dash, not a zero.
import type { BuildStats } from '@/domain/build-history';
import { BUILD_TEXT as T } from '../model/texts';

const KEYS = ['totalBuilds', 'activeProjects', 'majorFeatures', 'developmentDays'] as const;

export function StatCards({ stats }: { stats: BuildStats | undefined }) {
  return (
    // Two columns on a phone, four on a wider screen, one at 200% text (a column is at least 8rem).
    <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-3">
      {KEYS.map((key) => (
        <div
          key={key}
          className="grid min-w-0 gap-0.5 rounded-xl border border-line bg-panel p-3 wrap-anywhere"
          data-testid={`stat-${key}`}
        >
          <dt className="text-sm font-medium text-muted">{T.stats[key]}</dt>
          <dd className="text-3xl font-semibold tabular-nums">{stats ? stats[key] : '–'}</dd>
          <dd className="text-xs text-muted">{T.statHints[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
