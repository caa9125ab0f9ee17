// Answers of /api/analytics as the server gives them, for the analytics feature's tests.
import type { AnalyticsSummary, Monitoring } from '@/features/analytics/model/analytics-data';

export function summaryAnswer(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    generatedAt: '2026-01-15T08:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    days: 3,
    from: '2026-01-13',
    to: '2026-01-15',
    messages: {
      days: [
        { day: '2026-01-13', owner: 0, kiri: 0 },
        { day: '2026-01-14', owner: 1, kiri: 2 },
        { day: '2026-01-15', owner: 2, kiri: 4 },
      ],
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        owner: hour === 16 ? 3 : 0,
        kiri: hour === 16 ? 6 : 0,
      })),
      owner: 3,
      kiri: 6,
    },
    latency: {
      days: [
        { day: '2026-01-13', replies: 0, p50Ms: null, p90Ms: null },
        { day: '2026-01-14', replies: 1, p50Ms: 800, p90Ms: 800 },
        { day: '2026-01-15', replies: 2, p50Ms: 1_500, p90Ms: 4_000 },
      ],
      bins: [
        { fromMs: 0, toMs: 1_000, replies: 1 },
        { fromMs: 1_000, toMs: 3_000, replies: 1 },
        { fromMs: 3_000, toMs: null, replies: 1 },
      ],
      replies: 3,
      p50Ms: 1_500,
      p90Ms: 4_000,
      deviceReplies: 0,
    },
    providers: [
      { provider: 'local', replies: 2 },
      { provider: 'device', replies: 1 },
    ],
    imported: 0,
    log: { entries: 9, cap: 1000, oldestAt: '2026-01-14T10:00:00.000Z' },
    ...overrides,
  };
}

const zeroFigures = {
  messagesIn: 0,
  repliesOut: 0,
  latencyReplies: 0,
  p50Ms: null,
  p95Ms: null,
  pushSent: 0,
  pushFailed: 0,
  pushExpired: 0,
  deviceReplies: 0,
};

export function monitoringAnswer(): Monitoring {
  const start = Date.UTC(2026, 0, 14, 9, 0);
  const hours = Array.from({ length: 24 }, (_, index) => ({
    ...zeroFigures,
    start: new Date(start + index * 3_600_000).toISOString(),
    hour: (17 + index) % 24,
  }));
  Object.assign(hours[23]!, {
    messagesIn: 2,
    repliesOut: 2,
    latencyReplies: 2,
    p50Ms: 1_500,
    p95Ms: 4_000,
    pushSent: 1,
    pushFailed: 1,
    pushExpired: 1,
    deviceReplies: 1,
  });
  return {
    generatedAt: '2026-01-15T08:20:00.000Z',
    timeZone: 'Asia/Shanghai',
    start: new Date(start).toISOString(),
    hours,
    totals: {
      messagesIn: 2,
      repliesOut: 2,
      latencyReplies: 2,
      p50Ms: 1_500,
      p95Ms: 4_000,
      pushSent: 1,
      pushFailed: 1,
      pushExpired: 1,
      deviceReplies: 1,
    },
  };
}
