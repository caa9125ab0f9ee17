// The presence hub console's decisions (src/features/presence-hub/model/console-model.ts, spec 002 §2,
// §7, §9): the tab in the address, the trigger's values, when triggers are disabled, the severity
// colours, the forms' checks and bodies, and the server's words for a refusal.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  cameraBody,
  cameraProblems,
  cameraStatusClass,
  healthClass,
  refusalMessage,
  SEVERITY_CLASSES,
  staffBody,
  tabFromSearch,
  triggersDisabled,
  triggerTarget,
  vehicleBody,
  vehicleProblems,
} from '@/features/presence-hub/model/console-model';

describe('the tab in the address', () => {
  it('opens the named tab (a push opens ?tab=security), else Cameras', () => {
    expect(tabFromSearch('?tab=security')).toBe('security');
    expect(tabFromSearch('?tab=ambient')).toBe('ambient');
    expect(tabFromSearch('?tab=nope')).toBe('cameras');
    expect(tabFromSearch('')).toBe('cameras');
  });
});

describe('detection triggers', () => {
  it("use the first camera's id and zone, defaulting to CAM-001 and 'Main Lobby'", () => {
    expect(
      triggerTarget([
        { cameraId: 'CAM-007', zone: 'Garage' },
        { cameraId: 'CAM-001', zone: 'Lobby' },
      ]),
    ).toEqual({ cameraId: 'CAM-007', zone: 'Garage' });
    expect(triggerTarget([])).toEqual({ cameraId: 'CAM-001', zone: 'Main Lobby' });
  });
  it('are disabled with no camera or while a request is under way', () => {
    expect(triggersDisabled(0, false)).toBe(true);
    expect(triggersDisabled(2, true)).toBe(true);
    expect(triggersDisabled(2, false)).toBe(false);
  });
});

describe('colours', () => {
  it('severity: critical red, high orange, medium yellow, low blue', () => {
    expect(SEVERITY_CLASSES.critical).toContain('red');
    expect(SEVERITY_CLASSES.high).toContain('orange');
    expect(SEVERITY_CLASSES.medium).toContain('yellow');
    expect(SEVERITY_CLASSES.low).toContain('blue');
  });
  it('camera: any status but online or offline looks like maintenance', () => {
    expect(cameraStatusClass('rebooting')).toBe(cameraStatusClass('maintenance'));
    expect(cameraStatusClass('online')).not.toBe(cameraStatusClass('offline'));
  });
  it('health: healthy, degraded and any other value each their own', () => {
    expect(new Set([healthClass('healthy'), healthClass('degraded'), healthClass('x')]).size).toBe(
      3,
    );
  });
});

describe('register forms', () => {
  const camera = {
    cameraId: '',
    zone: 'Lobby',
    location: 'Entrance',
    ipAddress: '10.0.0.2',
    status: 'online' as const,
  };
  it('a camera needs zone, location and a host or URL; the id may be left empty', () => {
    expect(cameraProblems(camera)).toEqual({});
    expect(cameraProblems({ ...camera, ipAddress: 'my camera' })).toEqual({
      ipAddress: 'must be a host name, an IP address or an http, https, rtsp or rtsps URL',
    });
    expect(cameraProblems({ ...camera, zone: ' ', cameraId: 'CAM 1' })).toEqual({
      zone: 'is required',
      cameraId: "must be 1 to 32 letters, digits, '-' or '_'",
    });
    expect(cameraBody({ ...camera, location: ' Entrance ' })).toEqual({
      zone: 'Lobby',
      location: 'Entrance',
      ipAddress: '10.0.0.2',
      status: 'online',
    });
  });
  it('a plate must not be empty, and is sent upper-case', () => {
    const car = {
      plateNumber: '  ',
      vehicleType: 'Car',
      ownerName: 'Mei',
      status: 'authorized' as const,
    };
    expect(vehicleProblems(car)).toEqual({ plateNumber: 'is required' });
    expect(vehicleBody({ ...car, plateNumber: 'ab 12' }).plateNumber).toBe('AB 12');
  });
  it('an edit that empties the uniform colour removes it; a new member just has none', () => {
    const draft = {
      staffId: '',
      name: 'Lin',
      role: 'Guard',
      status: 'on_duty' as const,
      uniformColor: '',
    };
    expect(staffBody(draft, true)).toMatchObject({ uniformColor: null });
    expect(staffBody(draft, false)).not.toHaveProperty('uniformColor');
  });
});

describe('refusal message', () => {
  it("is the server's error text, else the error's message", () => {
    const body = JSON.stringify({
      success: false,
      error: 'A vehicle with plate AB 12 already exists',
    });
    expect(refusalMessage(new ApiError(409, 'Conflict', body))).toBe(
      'A vehicle with plate AB 12 already exists',
    );
    expect(refusalMessage(new ApiError(502, 'Bad Gateway', ''))).toBe('502: Bad Gateway');
  });
});
