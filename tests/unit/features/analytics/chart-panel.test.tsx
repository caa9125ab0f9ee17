// The chart and its table (src/features/analytics/components): the table holds the panel's numbers for a
// screen reader, the chart is an image with a name, drawn by uPlot (faked here: jsdom has no canvas) with
// the panel's data, as wide as its container, in the theme's colours, drawn again when the theme changes,
// and let go when it leaves.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartPanel } from '@/features/analytics/components/ChartPanel';
import { analyticsPanels } from '@/features/analytics/model/panels';
import { setTheme } from '@/ui/theme';
import { summaryAnswer } from './fixtures';

interface Made {
  opts: { width: number; height: number; series: { stroke?: string }[] };
  data: unknown[][];
  target: HTMLElement;
  sizes: { width: number; height: number }[];
  destroyed: boolean;
}

const fake = vi.hoisted(() => ({ made: [] as Made[] }));

vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: (options: unknown) => ({ bars: options }) };
    width: number;
    private readonly record: Made;
    constructor(opts: Made['opts'], data: unknown[][], target: HTMLElement) {
      this.width = opts.width;
      this.record = { opts, data, target, sizes: [], destroyed: false };
      fake.made.push(this.record);
    }
    setSize(size: { width: number; height: number }) {
      this.width = size.width;
      this.record.sizes.push(size);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

let resized: (() => void) | null = null;

beforeEach(() => {
  fake.made.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {
        resized = null;
      }
    },
  );
  document.documentElement.style.setProperty('--kiri-accent', '#a8522e');
  act(() => setTheme('light'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty('--kiri-accent');
});

const perDay = () => analyticsPanels(summaryAnswer(), { persona: 'Kiri' })[0]!;

function widthOf(element: HTMLElement, width: number) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
}

describe('a chart panel', () => {
  it('lists the chart’s numbers in a table, newest first, and names the chart', async () => {
    render(<ChartPanel panel={perDay()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Messages per day' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Messages per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayYouKiri',
      'Jan 15 (today)24',
      'Jan 1412',
      'Jan 1300',
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Messages per day: chart. The table beside it lists the same numbers.',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(fake.made).toHaveLength(1));
  });

  it('draws the panel’s data with uPlot, as wide as its container, in the theme’s accent', async () => {
    render(<ChartPanel panel={perDay()} />);
    await waitFor(() => expect(fake.made).toHaveLength(1));
    const [plot] = fake.made;
    expect(plot!.data).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 2, 4],
    ]);
    expect(plot!.opts.series[1]!.stroke).toBe('#a8522e');
    expect(plot!.target.getAttribute('role')).toBe('img');

    widthOf(plot!.target, 480);
    act(() => resized?.());
    expect(plot!.sizes).toEqual([{ width: 480, height: 200 }]);
  });

  it('is drawn again in the new colours when the theme changes, and let go when it leaves', async () => {
    const { unmount } = render(<ChartPanel panel={perDay()} />);
    await waitFor(() => expect(fake.made).toHaveLength(1));
    document.documentElement.style.setProperty('--kiri-accent', '#e4906d');
    act(() => setTheme('dark'));
    await waitFor(() => expect(fake.made).toHaveLength(2));
    expect(fake.made[0]!.destroyed).toBe(true);
    expect(fake.made[1]!.opts.series[1]!.stroke).toBe('#e4906d');
    unmount();
    expect(fake.made[1]!.destroyed).toBe(true);
  });

  it('with nothing to show: the words, no chart and no table', () => {
    render(<ChartPanel panel={{ ...perDay(), empty: 'No messages yet in the last 30 days.' }} />);
    expect(screen.getByText('No messages yet in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
