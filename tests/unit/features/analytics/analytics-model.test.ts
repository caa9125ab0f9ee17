// The analytics feature's rules (src/features/analytics/model): reading the answers, writing the figures,
// the panels each chart and its table are made of, the charts' layout, and the pages' states.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { parseAnalyticsSummary, parseMonitoring } from '@/features/analytics/model/analytics-data';
import { barPlacement, maxOf, slantLabels, yRange } from '@/features/analytics/model/chart-layout';
import {
  binLabel,
  binShortLabel,
  dayLabel,
  formatDuration,
  hourLabel,
  providerLabel,
} from '@/features/analytics/model/format';
import { pageStateOf } from '@/features/analytics/model/page-state';
import {
  analyticsPanels,
  monitoringPanels,
  monitoringTotals,
} from '@/features/analytics/model/panels';
import { monitoringAnswer, summaryAnswer } from './fixtures';

const panelOf = (panels: ReturnType<typeof analyticsPanels>, id: string) =>
  panels.find((panel) => panel.id === id)!;

describe('rule: an answer is read whole or refused', () => {
  it('reads the summary and the monitoring answers the server gives', () => {
    const summary = summaryAnswer();
    expect(parseAnalyticsSummary(JSON.parse(JSON.stringify(summary)))).toEqual(summary);
    const monitoring = monitoringAnswer();
    expect(parseMonitoring(JSON.parse(JSON.stringify(monitoring)))).toEqual(monitoring);
  });

  it.each([
    [
      'a count that is not a whole number',
      { messages: { ...summaryAnswer().messages, owner: 1.5 } },
    ],
    ['a missing latency', { latency: undefined }],
    [
      'an hour past 23',
      { messages: { ...summaryAnswer().messages, hours: [{ hour: 24, owner: 0, kiri: 0 }] } },
    ],
    ['a provider without a name', { providers: [{ provider: 1, replies: 2 }] }],
    ['a negative duration', { latency: { ...summaryAnswer().latency, p50Ms: -1 } }],
  ])('a summary with %s is refused', (_what, change) => {
    expect(parseAnalyticsSummary({ ...summaryAnswer(), ...change })).toBeNull();
  });

  it('a monitoring hour without its push counts is refused; so is no answer at all', () => {
    const monitoring = monitoringAnswer();
    const { pushSent: _gone, ...hour } = monitoring.hours[0]!;
    expect(parseMonitoring({ ...monitoring, hours: [hour] })).toBeNull();
    expect(parseMonitoring(null)).toBeNull();
    expect(parseAnalyticsSummary('nope')).toBeNull();
  });
});

describe('rule: a duration reads in the unit that suits it', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1_000, '1 s'],
    [1_500, '1.5 s'],
    [9_949, '9.9 s'],
    [12_400, '12 s'],
    [59_400, '59 s'],
    [59_600, '1 min'],
    [125_000, '2 min 5 s'],
    [25 * 60_000, '25 min'],
    [59.7 * 60_000, '1 h'],
    [3 * 3_600_000 + 10 * 60_000, '3 h 10 min'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('no figure is a dash', () => {
    expect(formatDuration(null)).toBe('–');
  });
});

describe('rule: days, hours, bins and providers in words', () => {
  it('a day of the owner’s zone as the server named it; an hour of the owner’s clock', () => {
    expect(dayLabel('2026-01-05')).toBe('Jan 5');
    expect(dayLabel('2025-12-31')).toBe('Dec 31');
    expect(hourLabel(9)).toBe('09:00');
    expect(hourLabel(23)).toBe('23:00');
  });

  it('a bin from its bounds: under, between, or more', () => {
    expect(binLabel(0, 1_000)).toBe('under 1 s');
    expect(binLabel(1_000, 3_000)).toBe('1 s to 3 s');
    expect(binLabel(3_600_000, null)).toBe('1 h or more');
    expect(binShortLabel(0, 1_000)).toBe('<1 s');
    expect(binShortLabel(30_000, 120_000)).toBe('30 s–2 min');
    expect(binShortLabel(3_600_000, null)).toBe('≥1 h');
  });

  it('the server’s own engine, the device, an unrecorded one, or the provider’s configured name', () => {
    expect(providerLabel('local')).toBe('Kiri’s own engine (local)');
    expect(providerLabel('device')).toBe('Your device, offline');
    expect(providerLabel('unknown')).toBe('Not recorded (older replies)');
    expect(providerLabel('openai-main')).toBe('openai-main');
  });
});

describe('rule: each chart and its table hold the same numbers', () => {
  it('messages per day: the chart oldest first, the table newest first with today marked', () => {
    const panel = panelOf(analyticsPanels(summaryAnswer(), { persona: 'Kiri' }), 'per-day');
    expect(panel.chart.labels).toEqual(['Jan 13', 'Jan 14', 'Jan 15']);
    expect(panel.chart.series).toEqual([
      { label: 'You', values: [0, 1, 2], tone: 'accent' },
      { label: 'Kiri', values: [0, 2, 4], tone: 'second' },
    ]);
    expect(panel.table.columns).toEqual(['Day', 'You', 'Kiri']);
    expect(panel.table.rows.map((row) => [row.head, ...row.cells])).toEqual([
      ['Jan 15 (today)', '2', '4'],
      ['Jan 14', '1', '2'],
      ['Jan 13', '0', '0'],
    ]);
    expect(panel.empty).toBeNull();
  });

  it('the persona’s display name names the second series', () => {
    const panel = panelOf(analyticsPanels(summaryAnswer(), { persona: 'Aiko' }), 'by-hour');
    expect(panel.chart.series[1]!.label).toBe('Aiko');
    expect(panel.table.columns).toEqual(['Hour', 'You', 'Aiko']);
    expect(panel.table.rows[16]).toEqual({ key: '16', head: '16:00', cells: ['3', '6'] });
  });

  it('latency per day: a day without a reply is a gap in the line and a dash in the table', () => {
    const panel = panelOf(analyticsPanels(summaryAnswer(), { persona: 'Kiri' }), 'latency');
    expect(panel.chart).toMatchObject({ kind: 'line', unit: 'duration' });
    expect(panel.chart.series[0]!.values).toEqual([null, 800, 1_500]);
    expect(panel.table.rows.at(-1)).toEqual({
      key: '2026-01-13',
      head: 'Jan 13',
      cells: ['0', '–', '–'],
    });
    expect(panel.table.rows[0]!.cells).toEqual(['2', '1.5 s', '4 s']);
  });

  it('provider use: short names on the axis, the full words in the table', () => {
    const panel = panelOf(analyticsPanels(summaryAnswer(), { persona: 'Kiri' }), 'providers');
    expect(panel.chart.labels).toEqual(['Local', 'Device']);
    expect(panel.table.rows.map((row) => row.head)).toEqual([
      'Kiri’s own engine (local)',
      'Your device, offline',
    ]);
  });

  it('monitoring: hours oldest first on the chart, the current hour first in the table', () => {
    const panels = monitoringPanels(monitoringAnswer());
    const messages = panels.find((panel) => panel.id === 'messages')!;
    expect(messages.chart.labels[0]).toBe('17:00');
    expect(messages.chart.labels.at(-1)).toBe('16:00');
    expect(messages.table.rows[0]).toMatchObject({ head: '16:00 (now)', cells: ['2', '2'] });
    const pushes = panels.find((panel) => panel.id === 'pushes')!;
    expect(pushes.chart.series[1]!.values.at(-1)).toBe(2);
    expect(pushes.table.rows[0]!.cells).toEqual(['1', '1', '1']);
  });

  it('the monitoring totals, in words', () => {
    expect(monitoringTotals(monitoringAnswer())).toEqual([
      { label: 'Messages in', value: '2' },
      { label: 'Replies out', value: '2' },
      { label: 'Reply latency (median)', value: '1.5 s' },
      { label: 'Reply latency (95th percentile)', value: '4 s' },
      { label: 'Push messages delivered', value: '1' },
      { label: 'Push messages not delivered', value: '2' },
      { label: 'Offline replies that arrived', value: '1' },
    ]);
  });
});

describe('rule: nothing to show is said in words', () => {
  it('no messages in the range: every panel says so for its days', () => {
    const empty = summaryAnswer({
      days: 30,
      messages: { days: [], hours: [], owner: 0, kiri: 0 },
      latency: { days: [], bins: [], replies: 0, p50Ms: null, p90Ms: null, deviceReplies: 0 },
      providers: [],
    });
    const panels = analyticsPanels(empty, { persona: 'Kiri' });
    expect(panelOf(panels, 'per-day').empty).toBe('No messages yet in the last 30 days.');
    expect(panelOf(panels, 'latency').empty).toBe('No replies yet in the last 30 days.');
    expect(panelOf(panels, 'providers').empty).toBe('No replies yet in the last 30 days.');
  });

  it('only device replies: nothing to time, and the words say why', () => {
    const offline = summaryAnswer({
      latency: {
        ...summaryAnswer().latency,
        replies: 0,
        p50Ms: null,
        p90Ms: null,
        deviceReplies: 2,
      },
    });
    const panel = panelOf(analyticsPanels(offline, { persona: 'Kiri' }), 'distribution');
    expect(panel.empty).toBe(
      'No replies to time in the last 3 days: the 2 replies were written on your device while offline.',
    );
  });

  it('a quiet day of monitoring', () => {
    const quiet = monitoringAnswer();
    quiet.totals = {
      ...quiet.totals,
      messagesIn: 0,
      repliesOut: 0,
      latencyReplies: 0,
      pushSent: 0,
      pushFailed: 0,
      pushExpired: 0,
      deviceReplies: 0,
    };
    expect(monitoringPanels(quiet).map((panel) => panel.empty)).toEqual([
      'No messages in the last 24 hours.',
      'No replies to time in the last 24 hours.',
      'No push messages were sent to your devices in the last 24 hours.',
      'No replies written offline on your device arrived in the last 24 hours.',
    ]);
  });
});

describe('rule: chart layout', () => {
  it('one series’ bars are centred; two stand left and right of their category', () => {
    expect(barPlacement(1, 0)).toEqual({ size: [0.6, 48], align: 0 });
    expect(barPlacement(2, 0)).toEqual({ size: [0.4, 24], align: -1 });
    expect(barPlacement(2, 1)).toEqual({ size: [0.4, 24], align: 1 });
  });

  it('the y axis starts at zero with room above the highest value; an empty chart still has one', () => {
    expect(yRange(10, 'count')).toEqual([0, 11]);
    expect(yRange(1, 'count')).toEqual([0, 2]);
    expect(yRange(null, 'count')).toEqual([0, 1]);
    expect(yRange(0, 'duration')).toEqual([0, 1_000]);
    expect(yRange(2_000, 'duration')[1]).toBeCloseTo(2_200);
    expect(maxOf([{ values: [1, null, 3] }, { values: [2] }])).toBe(3);
    expect(maxOf([{ values: [null] }])).toBeNull();
  });

  it('a few long labels are slanted; days and hours stay level', () => {
    expect(slantLabels(['<1 s', '1 s–3 s', '≥1 h'])).toBe(true);
    expect(slantLabels(['Local', 'Device'])).toBe(false);
    expect(slantLabels(Array.from({ length: 30 }, () => 'Dec 31'))).toBe(false);
    expect(slantLabels(Array.from({ length: 13 }, () => '30 s–2 min'))).toBe(false);
  });
});

describe('rule: offline shows the last figures', () => {
  const network = new TypeError('Failed to fetch');
  it.each([
    [
      'figures, online',
      { online: true, hasData: true, error: null },
      { view: 'data', offline: false, stale: false },
    ],
    [
      'figures, offline',
      { online: false, hasData: true, error: null },
      { view: 'data', offline: true, stale: false },
    ],
    [
      'figures, no answer',
      { online: true, hasData: true, error: network },
      { view: 'data', offline: true, stale: false },
    ],
    [
      'figures, a 500',
      { online: true, hasData: true, error: new ApiError(500, 'x', '') },
      { view: 'data', offline: false, stale: true },
    ],
    [
      'none yet, offline',
      { online: false, hasData: false, error: null },
      { view: 'failed', offline: true, stale: false },
    ],
    [
      'none yet, loading',
      { online: true, hasData: false, error: null },
      { view: 'loading', offline: false, stale: false },
    ],
    [
      'none yet, a 500',
      { online: true, hasData: false, error: new ApiError(500, 'x', '') },
      { view: 'failed', offline: false, stale: false },
    ],
    [
      'a 403, whatever is kept',
      { online: true, hasData: true, error: new ApiError(403, 'x', '') },
      { view: 'denied', offline: false, stale: false },
    ],
  ])('%s', (_what, input, state) => {
    expect(pageStateOf(input)).toEqual(state);
  });
});
