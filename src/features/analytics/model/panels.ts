// What each chart of the two pages draws and what its table beside it lists: the same numbers, once, from
// the server's answer. A panel with nothing to show says so in words instead (its `empty`). Components
// only render these.
import type { AnalyticsSummary, Monitoring } from './analytics-data';
import {
  binLabel,
  binShortLabel,
  countOf,
  dayLabel,
  formatDuration,
  hourLabel,
  providerLabel,
  providerShortLabel,
} from './format';
import { ANALYTICS_TEXT as A, MONITORING_TEXT as M } from './texts';

/** Two colours of the app's palette: the accent, and a second one that reads beside it in both themes. */
export type SeriesTone = 'accent' | 'second';

export interface ChartSeries {
  label: string;
  /** One per label; null where there is nothing to draw (a day without a reply to time). */
  values: (number | null)[];
  tone: SeriesTone;
}

export interface ChartData {
  /** The x axis's categories (days, hours, bins, providers), in order. */
  labels: string[];
  series: ChartSeries[];
  kind: 'bars' | 'line';
  /** How the y axis reads: whole counts, or durations in ms. */
  unit: 'count' | 'duration';
}

export interface TableModel {
  columns: string[];
  rows: { key: string; head: string; cells: string[] }[];
}

export interface Panel {
  id: string;
  title: string;
  chart: ChartData;
  table: TableModel;
  /** Words instead of the chart and the table when there is nothing to show. */
  empty: string | null;
  note?: string;
}

export interface Names {
  /** The persona's display name (PERSONA_NAME): the second series of the message charts. */
  persona: string;
}

const text = String;

/** Rule: a table lists the newest first (today, the current hour on top); its chart runs oldest to newest. */
function newestFirst<T>(rows: T[]): T[] {
  return [...rows].reverse();
}

export function analyticsPanels(summary: AnalyticsSummary, { persona }: Names): Panel[] {
  const { messages, latency, days } = summary;
  const lastDay = messages.days.at(-1)?.day;
  const dayHead = (day: string) => (day === lastDay ? A.today(dayLabel(day)) : dayLabel(day));
  const noMessages = messages.owner + messages.kiri === 0 ? A.noMessages(days) : null;
  const replied = summary.providers.reduce((sum, row) => sum + row.replies, 0);
  const noReplies = replied === 0 ? A.noReplies(days) : null;
  const noTimed =
    latency.replies > 0
      ? null
      : latency.deviceReplies > 0
        ? A.noTimedReplies(days, latency.deviceReplies)
        : A.noReplies(days);

  return [
    {
      id: 'per-day',
      title: A.perDayTitle,
      chart: {
        labels: messages.days.map((row) => dayLabel(row.day)),
        series: [
          { label: A.you, values: messages.days.map((row) => row.owner), tone: 'accent' },
          { label: persona, values: messages.days.map((row) => row.kiri), tone: 'second' },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [A.day, A.you, persona],
        rows: newestFirst(messages.days).map((row) => ({
          key: row.day,
          head: dayHead(row.day),
          cells: [text(row.owner), text(row.kiri)],
        })),
      },
      empty: noMessages,
    },
    {
      id: 'by-hour',
      title: A.byHourTitle,
      chart: {
        labels: messages.hours.map((row) => hourLabel(row.hour)),
        series: [
          { label: A.you, values: messages.hours.map((row) => row.owner), tone: 'accent' },
          { label: persona, values: messages.hours.map((row) => row.kiri), tone: 'second' },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [A.hour, A.you, persona],
        rows: messages.hours.map((row) => ({
          key: String(row.hour),
          head: hourLabel(row.hour),
          cells: [text(row.owner), text(row.kiri)],
        })),
      },
      empty: noMessages,
    },
    {
      id: 'latency',
      title: A.latencyTitle,
      chart: {
        labels: latency.days.map((row) => dayLabel(row.day)),
        series: [
          { label: A.median, values: latency.days.map((row) => row.p50Ms), tone: 'accent' },
          { label: A.p90, values: latency.days.map((row) => row.p90Ms), tone: 'second' },
        ],
        kind: 'line',
        unit: 'duration',
      },
      table: {
        columns: [A.day, A.replies, A.median, A.p90],
        rows: newestFirst(latency.days).map((row) => ({
          key: row.day,
          head: dayHead(row.day),
          cells: [text(row.replies), formatDuration(row.p50Ms), formatDuration(row.p90Ms)],
        })),
      },
      empty: noTimed,
      note:
        latency.deviceReplies > 0
          ? `${A.latencyNote} ${A.deviceNote(latency.deviceReplies)}`
          : A.latencyNote,
    },
    {
      id: 'distribution',
      title: A.distributionTitle,
      chart: {
        labels: latency.bins.map((bin) => binShortLabel(bin.fromMs, bin.toMs)),
        series: [
          { label: A.replies, values: latency.bins.map((bin) => bin.replies), tone: 'accent' },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [A.wait, A.replies],
        rows: latency.bins.map((bin) => ({
          key: String(bin.fromMs),
          head: binLabel(bin.fromMs, bin.toMs),
          cells: [text(bin.replies)],
        })),
      },
      empty: noTimed,
      note:
        latency.replies > 0
          ? `${countOf(latency.replies, 'reply', 'replies')} timed: median ${formatDuration(latency.p50Ms)}, 90th percentile ${formatDuration(latency.p90Ms)}.`
          : undefined,
    },
    {
      id: 'providers',
      title: A.providersTitle,
      chart: {
        labels: summary.providers.map((row) => providerShortLabel(row.provider)),
        series: [
          {
            label: A.replies,
            values: summary.providers.map((row) => row.replies),
            tone: 'accent',
          },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [A.provider, A.replies],
        rows: summary.providers.map((row) => ({
          key: row.provider,
          head: providerLabel(row.provider),
          cells: [text(row.replies)],
        })),
      },
      empty: noReplies,
    },
  ];
}

export interface Total {
  label: string;
  value: string;
}

/** The Monitoring page's totals over the 24 hours, in the order it lists them. */
export function monitoringTotals(monitoring: Monitoring): Total[] {
  const t = monitoring.totals;
  return [
    { label: M.messagesIn, value: text(t.messagesIn) },
    { label: M.repliesOut, value: text(t.repliesOut) },
    { label: M.latencyMedian, value: formatDuration(t.p50Ms) },
    { label: M.latencyP95, value: formatDuration(t.p95Ms) },
    { label: M.pushSent, value: text(t.pushSent) },
    { label: M.pushNotDelivered, value: text(t.pushFailed + t.pushExpired) },
    { label: M.deviceReplies, value: text(t.deviceReplies) },
  ];
}

export function monitoringPanels(monitoring: Monitoring): Panel[] {
  const { hours, totals } = monitoring;
  const labels = hours.map((row) => hourLabel(row.hour));
  const current = hours.at(-1)?.start;
  const hourHead = (row: (typeof hours)[number]) =>
    row.start === current ? M.now(hourLabel(row.hour)) : hourLabel(row.hour);
  const rowsOf = (cells: (row: (typeof hours)[number]) => string[]) =>
    newestFirst(hours).map((row) => ({ key: row.start, head: hourHead(row), cells: cells(row) }));

  return [
    {
      id: 'messages',
      title: M.messagesTitle,
      chart: {
        labels,
        series: [
          { label: M.in, values: hours.map((row) => row.messagesIn), tone: 'accent' },
          { label: M.out, values: hours.map((row) => row.repliesOut), tone: 'second' },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [M.hour, M.in, M.out],
        rows: rowsOf((row) => [text(row.messagesIn), text(row.repliesOut)]),
      },
      empty: totals.messagesIn + totals.repliesOut === 0 ? M.noMessages : null,
    },
    {
      id: 'latency',
      title: M.latencyTitle,
      chart: {
        labels,
        series: [
          { label: M.median, values: hours.map((row) => row.p50Ms), tone: 'accent' },
          { label: M.p95, values: hours.map((row) => row.p95Ms), tone: 'second' },
        ],
        kind: 'line',
        unit: 'duration',
      },
      table: {
        columns: [M.hour, M.replies, M.median, M.p95],
        rows: rowsOf((row) => [
          text(row.latencyReplies),
          formatDuration(row.p50Ms),
          formatDuration(row.p95Ms),
        ]),
      },
      empty: totals.latencyReplies === 0 ? M.noTimedReplies : null,
    },
    {
      id: 'pushes',
      title: M.pushTitle,
      chart: {
        labels,
        series: [
          { label: M.sent, values: hours.map((row) => row.pushSent), tone: 'accent' },
          {
            label: M.notDelivered,
            values: hours.map((row) => row.pushFailed + row.pushExpired),
            tone: 'second',
          },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [M.hour, M.sent, M.failed, M.expired],
        rows: rowsOf((row) => [text(row.pushSent), text(row.pushFailed), text(row.pushExpired)]),
      },
      empty: totals.pushSent + totals.pushFailed + totals.pushExpired === 0 ? M.noPushes : null,
      note: M.pushNote,
    },
    {
      id: 'device-replies',
      title: M.deviceTitle,
      chart: {
        labels,
        series: [
          { label: M.arrived, values: hours.map((row) => row.deviceReplies), tone: 'accent' },
        ],
        kind: 'bars',
        unit: 'count',
      },
      table: {
        columns: [M.hour, M.arrived],
        rows: rowsOf((row) => [text(row.deviceReplies)]),
      },
      empty: totals.deviceReplies === 0 ? M.noDeviceReplies : null,
      note: M.deviceNote,
    },
  ];
}
