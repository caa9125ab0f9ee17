// The presence hub's rules (src/domain/presence-hub.ts, spec 002 §2, §4, §9, issue 19): a detection's
// severity, night hours in the owner's zone, recent and open events, the summary, ids, plates, addresses.
import { describe, expect, it } from 'vitest';
import {
  cameraStatusKind,
  detectionSeverity,
  eventTypeLabel,
  hubStatus,
  isCameraAddress,
  isNightHour,
  isOpenCritical,
  isPlate,
  isRecentEvent,
  isRecordId,
  nextCameraId,
  nextStaffId,
  normalizePlate,
} from '@/domain/presence-hub';

const ZONE = 'Asia/Shanghai';
/** 2026-01-15 at `hour`:00 in Shanghai (UTC+8). */
const shanghai = (hour: number) => Date.UTC(2026, 0, 15, hour - 8, 0, 0);
const HOUR = 60 * 60 * 1000;
const iso = (at: number) => new Date(at).toISOString();

describe('detection severity', () => {
  it('weapon and fire are critical, smoke high, whatever the hour', () => {
    for (const hour of [3, 12, 23]) {
      expect(detectionSeverity('weapon', shanghai(hour), ZONE)).toBe('critical');
      expect(detectionSeverity('fire', shanghai(hour), ZONE)).toBe('critical');
      expect(detectionSeverity('smoke', shanghai(hour), ZONE)).toBe('high');
    }
  });

  it("intrusion is high from 22:00 to 06:00 in the owner's zone, medium otherwise", () => {
    expect(detectionSeverity('intrusion', shanghai(22), ZONE)).toBe('high');
    expect(detectionSeverity('intrusion', shanghai(2), ZONE)).toBe('high');
    expect(detectionSeverity('intrusion', shanghai(5) + 59 * 60_000, ZONE)).toBe('high');
    expect(detectionSeverity('intrusion', shanghai(6), ZONE)).toBe('medium');
    expect(detectionSeverity('intrusion', shanghai(21) + 59 * 60_000, ZONE)).toBe('medium');
    // The same instant is 15:00 in Shanghai and 02:00 in New York: night there.
    expect(detectionSeverity('intrusion', shanghai(15), 'America/New_York')).toBe('high');
  });

  it('night hours are 22 to 5 inclusive', () => {
    expect([...Array(24).keys()].filter(isNightHour)).toEqual([0, 1, 2, 3, 4, 5, 22, 23]);
  });
});

describe('event type label', () => {
  it('turns underscores to spaces, upper-case', () => {
    expect(eventTypeLabel('fire_detection')).toBe('FIRE DETECTION');
    expect(eventTypeLabel('emergency_alert')).toBe('EMERGENCY ALERT');
  });
});

describe('camera status', () => {
  it('online and offline as they are; any other status is maintenance', () => {
    expect(cameraStatusKind('online')).toBe('online');
    expect(cameraStatusKind('offline')).toBe('offline');
    expect(cameraStatusKind('maintenance')).toBe('maintenance');
    expect(cameraStatusKind('rebooting')).toBe('maintenance');
  });
});

describe('recent and open events', () => {
  const now = shanghai(12);
  it('recent: within the last 24 hours, never in the future', () => {
    expect(isRecentEvent({ timestamp: iso(now) }, now)).toBe(true);
    expect(isRecentEvent({ timestamp: iso(now - 24 * HOUR + 1) }, now)).toBe(true);
    expect(isRecentEvent({ timestamp: iso(now - 24 * HOUR) }, now)).toBe(false);
    expect(isRecentEvent({ timestamp: iso(now + 1000) }, now)).toBe(false);
    expect(isRecentEvent({ timestamp: 'not a time' }, now)).toBe(false);
  });

  it('open critical: critical, recent and not acknowledged', () => {
    const fresh = { severity: 'critical' as const, timestamp: iso(now - HOUR) };
    expect(isOpenCritical(fresh, now)).toBe(true);
    expect(isOpenCritical({ ...fresh, acknowledgedAt: iso(now) }, now)).toBe(false);
    expect(isOpenCritical({ ...fresh, severity: 'high' }, now)).toBe(false);
    expect(isOpenCritical({ ...fresh, timestamp: iso(now - 25 * HOUR) }, now)).toBe(false);
  });
});

describe('hub status', () => {
  const now = shanghai(12);
  const online = { status: 'online' };
  it('counts online cameras, staff on duty and recent events', () => {
    const status = hubStatus(
      {
        cameras: [online, { status: 'maintenance' }],
        staff: [{ status: 'on_duty' }, { status: 'break' }, { status: 'on_duty' }],
        events: [
          { severity: 'low', timestamp: iso(now - HOUR) },
          { severity: 'high', timestamp: iso(now - 30 * HOUR) },
        ],
      },
      now,
    );
    expect(status).toEqual({
      activeCameras: 1,
      totalCameras: 2,
      activeStaff: 2,
      recentEvents: 1,
      systemHealth: 'healthy',
    });
  });

  it('health: degraded when a camera is offline or a critical event is open; unmonitored with no camera', () => {
    const base = { staff: [], events: [] };
    expect(hubStatus({ ...base, cameras: [] }, now).systemHealth).toBe('unmonitored');
    expect(hubStatus({ ...base, cameras: [online] }, now).systemHealth).toBe('healthy');
    expect(hubStatus({ ...base, cameras: [online, { status: 'offline' }] }, now).systemHealth).toBe(
      'degraded',
    );
    const critical = { severity: 'critical' as const, timestamp: iso(now - HOUR) };
    expect(hubStatus({ ...base, cameras: [online], events: [critical] }, now).systemHealth).toBe(
      'degraded',
    );
    // An open critical event degrades even with no camera registered (an emergency alert).
    expect(hubStatus({ ...base, cameras: [], events: [critical] }, now).systemHealth).toBe(
      'degraded',
    );
  });
});

describe('generated ids', () => {
  it('the next CAM-<n> after the highest in use, three digits at least', () => {
    expect(nextCameraId([])).toBe('CAM-001');
    expect(nextCameraId(['CAM-001', 'cam-007', 'LOBBY-1'])).toBe('CAM-008');
    expect(nextCameraId(['CAM-999'])).toBe('CAM-1000');
    expect(nextStaffId(['STAFF-002'])).toBe('STAFF-003');
  });

  it('an id is 1 to 32 letters, digits, - or _', () => {
    expect(isRecordId('CAM-001')).toBe(true);
    expect(isRecordId('lobby_east')).toBe(true);
    expect(isRecordId('')).toBe(false);
    expect(isRecordId('CAM 001')).toBe(false);
    expect(isRecordId('x'.repeat(33))).toBe(false);
  });
});

describe('plates', () => {
  it('are trimmed, upper-cased, inner spaces made one', () => {
    expect(normalizePlate('  ab   1234 ')).toBe('AB 1234');
  });
  it('are non-empty letters, digits, spaces and -, at most 16', () => {
    expect(isPlate('AB 1234')).toBe(true);
    expect(isPlate('粤B-12345')).toBe(true);
    expect(isPlate('')).toBe(false);
    expect(isPlate('AB#1')).toBe(false);
    expect(isPlate('-AB')).toBe(false);
    expect(isPlate('A'.repeat(17))).toBe(false);
  });
});

describe('camera address', () => {
  it('accepts a host, an IP address with an optional port, or an http(s)/rtsp(s) URL', () => {
    for (const ok of [
      '192.168.1.20',
      '192.168.1.20:8080',
      'cam-lobby.local',
      'camera',
      '[fe80::1]:554',
      '::1',
      'http://192.168.1.20/video',
      'https://cam.example.com:8443/stream',
      'rtsp://user:pass@10.0.0.5:554/h264',
    ]) {
      expect(isCameraAddress(ok), ok).toBe(true);
    }
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      '   ',
      'not an address',
      '300.1.1.1',
      '1.2.3',
      'host:99999',
      'host:0',
      'ftp://192.168.1.9',
      'javascript://x',
      'http://',
      '-host.local',
      'a:b:c',
      'host/path',
    ]) {
      expect(isCameraAddress(bad), bad).toBe(false);
    }
  });
});
