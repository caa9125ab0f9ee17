// How a chart lays out its data, as plain rules the chart component applies (components/Chart.tsx): where
// each series' bars stand, the y axis's range and steps, and when the x axis's labels are slanted.

/** Steps of a count axis: whole numbers only (no '2.5 messages'). */
export const COUNT_STEPS: readonly number[] = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000,
];
/** Steps of a duration axis (ms): round seconds, minutes and hours. */
export const DURATION_STEPS: readonly number[] = [
  100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
  900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 86_400_000,
];
/** Steps between labelled categories on the x axis (every day, every other day, …). */
export const CATEGORY_STEPS: readonly number[] = [1, 2, 3, 4, 6, 8, 12, 24, 30];

/**
 * Rule 'bars side by side': one series fills 60% of its column, centred; two stand left and right of
 * the category's mark, 40% each. Sizes are [share of the column, widest in px].
 */
export function barPlacement(
  seriesCount: number,
  index: number,
): { size: [number, number]; align: -1 | 0 | 1 } {
  if (seriesCount <= 1) return { size: [0.6, 48], align: 0 };
  return { size: [0.4, 24], align: index === 0 ? -1 : 1 };
}

/**
 * Rule 'the y axis starts at zero and leaves room above the highest value': an empty chart still has
 * an axis (0 to 1 count, or 0 to 1 s).
 */
export function yRange(max: number | null, unit: 'count' | 'duration'): [number, number] {
  const top = max === null || !Number.isFinite(max) || max <= 0 ? 0 : max;
  if (top === 0) return [0, unit === 'count' ? 1 : 1_000];
  return [0, unit === 'count' ? Math.max(1, Math.ceil(top * 1.1)) : top * 1.1];
}

/** The largest value of the series (null when none has one). */
export function maxOf(series: readonly { values: readonly (number | null)[] }[]): number | null {
  let max: number | null = null;
  for (const { values } of series) {
    for (const value of values) if (value !== null && (max === null || value > max)) max = value;
  }
  return max;
}

/**
 * Rule 'slant the labels when a few long ones would not fit': a chart of up to 12 categories whose
 * labels are longer than a short date ('Jan 15') shows every label, slanted; longer runs (days, hours)
 * stay level and label every few categories instead.
 */
export function slantLabels(labels: readonly string[]): boolean {
  return labels.length <= 12 && labels.some((label) => label.length > 6);
}
