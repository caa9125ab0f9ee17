// One chart of the Analytics and Monitoring pages, drawn by uPlot (a small canvas chart library, fetched
// only when one of these two lazy pages draws its first chart: docs/analytics.md). It fills its container's width (a ResizeObserver
// follows it), takes the app's palette from the CSS variables of the current theme and is drawn again when
// the theme changes. The canvas is an image with an accessible name; its numbers are in the table beside
// it, which is what a screen reader reads.
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useTheme } from '@/ui/theme';
import {
  barPlacement,
  CATEGORY_STEPS,
  COUNT_STEPS,
  DURATION_STEPS,
  maxOf,
  slantLabels,
  yRange,
} from '../model/chart-layout';
import { formatDuration } from '../model/format';
import type { ChartData, SeriesTone } from '../model/panels';
import { CHART_UNAVAILABLE } from '../model/texts';

const HEIGHT_PX = 200;

type UPlot = typeof uPlot;
let library: Promise<UPlot> | undefined;

/**
 * uPlot and its stylesheet, fetched once, when the first chart is drawn: the page's tables paint without
 * waiting for it, and uPlot reads the screen's pixel ratio as it loads, which only a real page has.
 */
function loadUPlot(): Promise<UPlot> {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
    (error: unknown) => {
      // Asked again by the next chart (back online), not refused for good.
      library = undefined;
      throw error;
    },
  );
  return library;
}

interface Palette {
  text: string;
  line: string;
  tones: Record<SeriesTone, string>;
}

/** The theme's colours as the page has them now (src/index.css: --kiri-*). */
function paletteOf(element: HTMLElement): Palette {
  const root = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
  return {
    text: getComputedStyle(element).color || '#1c1917',
    line: read('--kiri-line', '#eadfd5'),
    tones: { accent: read('--kiri-accent', '#a8522e'), second: read('--kiri-muted', '#6b645e') },
  };
}

function optionsOf(UPlot: UPlot, data: ChartData, width: number, palette: Palette): uPlot.Options {
  const font = `12px ${getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif'}`;
  const slanted = slantLabels(data.labels);
  const [yMin, yMax] = yRange(maxOf(data.series), data.unit);
  const yValue = (value: number) =>
    data.unit === 'duration' ? formatDuration(value) : String(value);
  const axis = { stroke: palette.text, font, ticks: { stroke: palette.line, width: 1 } };
  return {
    width,
    height: HEIGHT_PX,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      // Categories at 0, 1, 2…: half a column of room at each end, so no bar is cut.
      x: { time: false, range: [-0.5, data.labels.length - 0.5] },
      y: { range: [yMin, yMax] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        // Slanted labels take little room across: every category keeps its own.
        space: slanted ? 12 : 40,
        incrs: [...CATEGORY_STEPS],
        values: (_u, splits) =>
          splits.map((split) => (Number.isInteger(split) ? (data.labels[split] ?? '') : '')),
        ...(slanted ? { rotate: -40, size: 80 } : {}),
      },
      {
        ...axis,
        grid: { stroke: palette.line, width: 1 },
        space: 32,
        size: data.unit === 'duration' ? 64 : 40,
        incrs: [...(data.unit === 'duration' ? DURATION_STEPS : COUNT_STEPS)],
        values: (_u, splits) => splits.map(yValue),
      },
    ],
    series: [
      {},
      ...data.series.map((series, index): uPlot.Series => {
        const color = palette.tones[series.tone];
        if (data.kind === 'line') {
          return {
            label: series.label,
            stroke: color,
            width: 2,
            spanGaps: false,
            points: { show: true, size: 6, stroke: color, fill: color },
          };
        }
        return {
          label: series.label,
          stroke: color,
          fill: color,
          width: 0,
          paths: UPlot.paths.bars!(barPlacement(data.series.length, index)),
          points: { show: false },
        };
      }),
    ],
  };
}

export function Chart({ name, data }: { name: string; data: ChartData }) {
  const holder = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    const width = () => Math.max(120, Math.floor(element.clientWidth));
    loadUPlot().then(
      (UPlot) => {
        if (gone) return;
        const made = new UPlot(
          optionsOf(UPlot, data, width(), paletteOf(element)),
          [data.labels.map((_, index) => index), ...data.series.map((series) => series.values)],
          element,
        );
        plot = made;
        observer = new ResizeObserver(() => {
          if (width() !== made.width) made.setSize({ width: width(), height: HEIGHT_PX });
        });
        observer.observe(element);
      },
      // The chart's code could not be fetched (offline before it was ever cached): the table has it all.
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // The theme is read from the page's CSS when the chart is made: a change makes it again.
  }, [data, theme]);

  if (failed) return <p className="text-sm text-muted">{CHART_UNAVAILABLE}</p>;
  return (
    <div className="grid gap-2">
      <div
        ref={holder}
        role="img"
        aria-label={name}
        className="min-h-[200px] w-full overflow-hidden"
        data-testid="chart"
      />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        {data.series.map((series) => (
          <li key={series.label} className="flex items-center gap-1.5">
            <span
              className={
                series.tone === 'accent'
                  ? 'inline-block size-3 rounded-sm bg-accent'
                  : 'inline-block size-3 rounded-sm bg-muted'
              }
            />
            {series.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
