// /api/presence-hub (issue 19): create, update and delete of cameras, staff and vehicles with their
// validation errors (nothing changes on a refusal); a detection on a registered camera records one event
// with its severity, on an unknown camera a 400 and no event; the 24-hour count and the health; an
// emergency sends one push to the owner's device (a local HTTPS push service, decrypted here); a plain
// user gets 403 from every write; the register survives a restart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CRITICAL_PUSH_TITLE, CRITICAL_PUSH_URL } from '../../server/presence-hub/critical-push';
import { closeStores } from '../../server/store/stores';
import { FakeBrowserPush, FakePushService } from './support/fake-push-service';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

const BASE = '/api/presence-hub';
const HOUR = 60 * 60 * 1000;

let service: FakePushService;

beforeEach(async () => {
  service = await FakePushService.start();
});

afterEach(async () => {
  await service.close();
  await removeDataDirs();
});

function hubApp(dataDir?: string): Promise<TestApp> {
  return startTestApp({
    dataDir,
    env: { PUSH_ALLOWED_HOSTS: service.hostEntry },
    pushTransport: { agent: service.agent(), sleep: async () => {}, random: () => 0.5 },
  });
}

async function owner(setup: TestApp): Promise<TestBrowser> {
  const browser = setup.browser({ userAgent: IPHONE_UA });
  await browser.loginOk();
  await browser.register('Mei');
  return browser;
}

async function plainUser(setup: TestApp): Promise<TestBrowser> {
  const browser = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.40' });
  await browser.loginOk();
  await browser.register('Guest');
  return browser;
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface Camera {
  id: string;
  cameraId: string;
  zone: string;
  location: string;
  ipAddress: string;
  status: string;
}
interface Event {
  id: string;
  eventType: string;
  description: string;
  zone: string;
  severity: string;
  timestamp: string;
  cameraId: string | null;
  acknowledgedAt: string | null;
}
interface Status {
  activeCameras: number;
  totalCameras: number;
  activeStaff: number;
  recentEvents: number;
  systemHealth: string;
}

const addCamera = async (browser: TestBrowser, body: Record<string, unknown>) =>
  (await ok<{ camera: Camera }>(await browser.post(`${BASE}/cameras`, body), 201)).camera;
const cameras = async (browser: TestBrowser) =>
  (await ok<{ cameras: Camera[] }>(await browser.request(`${BASE}/cameras`))).cameras;
const events = async (browser: TestBrowser) =>
  (await ok<{ events: Event[] }>(await browser.request(`${BASE}/security-events`))).events;
const status = async (browser: TestBrowser) => ok<Status>(await browser.request(`${BASE}/status`));
const patch = (browser: TestBrowser, path: string, json: unknown) =>
  browser.request(`${BASE}${path}`, { method: 'PATCH', json });
const remove = (browser: TestBrowser, path: string) =>
  browser.request(`${BASE}${path}`, { method: 'DELETE' });
const trigger = (browser: TestBrowser, cameraId: string, detectionType: string) =>
  browser.post(`${BASE}/trigger-detection`, { cameraId, zone: 'Lobby', detectionType });

const LOBBY = { zone: 'Lobby', location: 'Main entrance', ipAddress: '192.168.1.20' };

describe('cameras', () => {
  it('adds with a generated id, refuses a bad address or a taken id, changes and removes', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    expect(await cameras(mei)).toEqual([]);

    const first = await addCamera(mei, LOBBY);
    expect(first).toMatchObject({ cameraId: 'CAM-001', ...LOBBY, status: 'online' });
    const second = await addCamera(mei, {
      zone: 'Garage',
      location: 'Level -1',
      ipAddress: 'rtsp://cam-garage.local:554/stream1',
      status: 'offline',
    });
    expect(second.cameraId).toBe('CAM-002');

    for (const ipAddress of ['not an address', 'ftp://192.168.1.9', '300.1.1.1', '', 'a:b:c']) {
      await expectError(
        await mei.post(`${BASE}/cameras`, { ...LOBBY, ipAddress }),
        400,
        /^ipAddress: /,
      );
    }
    await expectError(
      await mei.post(`${BASE}/cameras`, { ...LOBBY, location: '  ' }),
      400,
      'location: is required',
    );
    await expectError(
      await mei.post(`${BASE}/cameras`, { ...LOBBY, status: 'broken' }),
      400,
      'status: must be one of online, offline, maintenance',
    );
    await expectError(
      await mei.post(`${BASE}/cameras`, { ...LOBBY, cameraId: 'cam-001' }),
      409,
      'A camera with id CAM-001 already exists',
    );
    expect((await cameras(mei)).map((camera) => camera.cameraId)).toEqual(['CAM-001', 'CAM-002']);

    const changed = await ok<{ camera: Camera }>(
      await patch(mei, `/cameras/${second.id}`, { status: 'maintenance', zone: 'Parking' }),
    );
    expect(changed.camera).toMatchObject({
      cameraId: 'CAM-002',
      status: 'maintenance',
      zone: 'Parking',
    });
    await expectError(
      await patch(mei, `/cameras/${second.id}`, { cameraId: 'CAM-001' }),
      409,
      'A camera with id CAM-001 already exists',
    );
    await expectError(
      await patch(mei, `/cameras/${second.id}`, {}),
      400,
      'body: nothing to change',
    );

    await ok(await remove(mei, `/cameras/${first.id}`));
    await expectError(await remove(mei, `/cameras/${first.id}`), 404, 'Camera not found');
    expect(await cameras(mei)).toEqual([
      expect.objectContaining({ cameraId: 'CAM-002', status: 'maintenance' }),
    ]);
  });
});

describe('staff and vehicles', () => {
  it('staff: required name and role, a known status, optional uniform colour; on duty is counted', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    await expectError(await mei.post(`${BASE}/staff`, { role: 'Guard' }), 400, /^name: /);
    await expectError(
      await mei.post(`${BASE}/staff`, { name: 'Lin', role: 'Guard', status: 'asleep' }),
      400,
      'status: must be one of on_duty, off_duty, break',
    );
    const made = await ok<{ staff: { id: string; staffId: string; status: string } }>(
      await mei.post(`${BASE}/staff`, { name: 'Lin', role: 'Guard', uniformColor: 'Navy' }),
      201,
    );
    expect(made.staff).toMatchObject({
      staffId: 'STAFF-001',
      status: 'off_duty',
      uniformColor: 'Navy',
    });
    expect((await status(mei)).activeStaff).toBe(0);

    await ok(
      await patch(mei, `/staff/${made.staff.id}`, { status: 'on_duty', uniformColor: null }),
    );
    const list = await ok<{ staff: Record<string, unknown>[] }>(await mei.request(`${BASE}/staff`));
    expect(list.staff).toHaveLength(1);
    expect(list.staff[0]).toMatchObject({ name: 'Lin', status: 'on_duty' });
    expect(list.staff[0]).not.toHaveProperty('uniformColor');
    expect((await status(mei)).activeStaff).toBe(1);

    await expectError(
      await mei.post(`${BASE}/staff`, { staffId: 'staff-001', name: 'Kai', role: 'Cleaner' }),
      409,
      'A staff member with id STAFF-001 already exists',
    );
    await ok(await remove(mei, `/staff/${made.staff.id}`));
    expect((await status(mei)).activeStaff).toBe(0);
  });

  it('vehicles: a non-empty plate, kept upper-case and unique; status changes; removal', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    const car = { vehicleType: 'Car', ownerName: 'Mei' };
    await expectError(
      await mei.post(`${BASE}/vehicles`, { ...car, plateNumber: '   ' }),
      400,
      'plateNumber: is required',
    );
    await expectError(
      await mei.post(`${BASE}/vehicles`, { ...car, plateNumber: 'AB#12' }),
      400,
      /^plateNumber: must be/,
    );
    const made = await ok<{ vehicle: { id: string; plateNumber: string; status: string } }>(
      await mei.post(`${BASE}/vehicles`, { ...car, plateNumber: ' ab  1234 ' }),
      201,
    );
    expect(made.vehicle).toMatchObject({ plateNumber: 'AB 1234', status: 'unauthorized' });
    await expectError(
      await mei.post(`${BASE}/vehicles`, { ...car, plateNumber: 'Ab 1234' }),
      409,
      'A vehicle with plate AB 1234 already exists',
    );
    await ok(await patch(mei, `/vehicles/${made.vehicle.id}`, { status: 'authorized' }));
    const list = await ok<{ vehicles: { status: string }[] }>(
      await mei.request(`${BASE}/vehicles`),
    );
    expect(list.vehicles).toEqual([expect.objectContaining({ status: 'authorized' })]);
    await ok(await remove(mei, `/vehicles/${made.vehicle.id}`));
    await expectError(await remove(mei, `/vehicles/${made.vehicle.id}`), 404, 'Vehicle not found');
  });
});

describe('detections and events', () => {
  it('records one event per detection with its severity; an unknown camera is a 400 and no event', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    await addCamera(mei, LOBBY);

    await expectError(
      await trigger(mei, 'CAM-404', 'fire'),
      400,
      'Unknown camera: CAM-404. Register the camera first.',
    );
    await expectError(await trigger(mei, 'CAM-001', 'flood'), 400, /^detectionType: /);
    expect(await events(mei)).toEqual([]);

    // 08:00 UTC is 16:00 in Asia/Shanghai: an intrusion by day is medium.
    const expected: [string, string][] = [
      ['fire', 'critical'],
      ['smoke', 'high'],
      ['weapon', 'critical'],
      ['intrusion', 'medium'],
    ];
    for (const [type, severity] of expected) {
      const answer = await ok<{ event: Event }>(await trigger(mei, 'CAM-001', type), 201);
      expect(answer.event).toMatchObject({
        eventType: `${type}_detection`,
        zone: 'Lobby',
        severity,
        cameraId: 'CAM-001',
      });
    }
    // 15:00 UTC is 23:00 there: night, so high.
    setup.clock.advance(7 * HOUR);
    const night = await ok<{ event: Event }>(await trigger(mei, 'cam-001', 'intrusion'), 201);
    expect(night.event.severity).toBe('high');

    const list = await events(mei);
    expect(list.map((event) => event.severity)).toEqual([
      'high',
      'medium',
      'critical',
      'high',
      'critical',
    ]);
    expect(list[0]).not.toHaveProperty('raisedBy');
  });

  it('counts the events of the last 24 hours, and health follows cameras and open critical events', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    expect(await status(mei)).toEqual({
      success: true,
      activeCameras: 0,
      totalCameras: 0,
      activeStaff: 0,
      recentEvents: 0,
      systemHealth: 'unmonitored',
    });
    const lobby = await addCamera(mei, LOBBY);
    await addCamera(mei, { ...LOBBY, zone: 'Garage', status: 'maintenance' });
    expect(await status(mei)).toMatchObject({
      activeCameras: 1,
      totalCameras: 2,
      systemHealth: 'healthy',
    });

    await ok(await trigger(mei, 'CAM-001', 'smoke'), 201);
    setup.clock.advance(20 * HOUR);
    const fire = (await ok<{ event: Event }>(await trigger(mei, 'CAM-001', 'fire'), 201)).event;
    expect(await status(mei)).toMatchObject({ recentEvents: 2, systemHealth: 'degraded' });

    // 25 hours after the smoke, 5 after the fire: only the fire is recent, and still open.
    setup.clock.advance(5 * HOUR);
    expect(await status(mei)).toMatchObject({ recentEvents: 1, systemHealth: 'degraded' });

    await ok(await mei.post(`${BASE}/security-events/${fire.id}/acknowledge`));
    expect(await status(mei)).toMatchObject({ recentEvents: 1, systemHealth: 'healthy' });
    expect((await events(mei))[0]!.acknowledgedAt).not.toBeNull();

    await ok(await patch(mei, `/cameras/${lobby.id}`, { status: 'offline' }));
    expect(await status(mei)).toMatchObject({ activeCameras: 0, systemHealth: 'degraded' });
  });
});

describe('the push of a critical event', () => {
  it("an emergency alert sends one push to the owner's device; a high event sends none", async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    const phone = new FakeBrowserPush(service.endpoint('mei-phone'));
    await ok(await mei.post('/api/notifications/subscribe', phone.subscription));
    await addCamera(mei, LOBBY);

    await ok(await trigger(mei, 'CAM-001', 'smoke'), 201);
    await setup.app.services.presenceHub.settled();
    expect(service.received).toHaveLength(0);

    const answer = await ok<{ event: Event }>(
      await mei.post(`${BASE}/emergency-alert`, {
        zone: 'Security Console',
        severity: 'critical',
        description: 'Emergency alert triggered from the console',
      }),
      201,
    );
    expect(answer.event).toMatchObject({
      eventType: 'emergency_alert',
      severity: 'critical',
      zone: 'Security Console',
    });
    await setup.app.services.presenceHub.settled();
    expect(service.received).toHaveLength(1);
    const payload = JSON.parse(phone.decrypt(service.received[0]!.body)) as Record<string, string>;
    expect(payload).toMatchObject({
      title: CRITICAL_PUSH_TITLE,
      body: 'EMERGENCY ALERT in Security Console: Emergency alert triggered from the console',
      url: CRITICAL_PUSH_URL,
    });
    expect(service.received[0]!.headers.urgency).toBe('high');

    await expectError(
      await mei.post(`${BASE}/emergency-alert`, { severity: 'low' }),
      400,
      /^severity: /,
    );
    expect((await events(mei)).filter((event) => event.severity === 'critical')).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('a plain user gets 403 from every read and write, and nothing changes', async () => {
    const setup = await hubApp();
    const mei = await owner(setup);
    const camera = await addCamera(mei, LOBBY);
    const guest = await plainUser(setup);
    const file = () => readFile(join(setup.dataDir, 'presence-hub.json'), 'utf8').catch(() => '');
    await setup.stores.presenceHub.flush();
    const before = await file();

    const calls: [string, string, unknown?][] = [
      ['GET', '/status'],
      ['GET', '/cameras'],
      ['GET', '/security-events'],
      ['GET', '/staff'],
      ['GET', '/vehicles'],
      ['POST', '/cameras', LOBBY],
      ['PATCH', `/cameras/${camera.id}`, { status: 'offline' }],
      ['DELETE', `/cameras/${camera.id}`],
      ['POST', '/staff', { name: 'Lin', role: 'Guard' }],
      ['POST', '/vehicles', { plateNumber: 'AB 1', vehicleType: 'Car', ownerName: 'X' }],
      ['POST', '/trigger-detection', { cameraId: 'CAM-001', zone: 'Lobby', detectionType: 'fire' }],
      [
        'POST',
        '/emergency-alert',
        { zone: 'Security Console', severity: 'critical', description: 'x' },
      ],
    ];
    for (const [method, path, json] of calls) {
      await expectError(
        await guest.request(`${BASE}${path}`, { method, json }),
        403,
        'Access Restricted',
      );
    }
    await expectError(await setup.browser().request(`${BASE}/status`), 401, 'Not logged in');
    await setup.stores.presenceHub.flush();
    expect(await file()).toBe(before);
    expect(await events(mei)).toEqual([]);
  });
});

describe('restart', () => {
  it('keeps the register and the events across a restart', async () => {
    const first = await hubApp();
    const mei = await owner(first);
    await addCamera(mei, LOBBY);
    await ok(
      await mei.post(`${BASE}/vehicles`, {
        plateNumber: 'KIRI 1',
        vehicleType: 'Van',
        ownerName: 'Mei',
      }),
      201,
    );
    await ok(await trigger(mei, 'CAM-001', 'intrusion'), 201);
    await closeStores(first.stores);

    const second = await hubApp(first.dataDir);
    const again = second.browser({ userAgent: IPHONE_UA });
    again.cookies.clear();
    mei.cloneCookiesInto(again);
    expect((await cameras(again)).map((camera) => camera.cameraId)).toEqual(['CAM-001']);
    expect((await events(again)).map((event) => event.eventType)).toEqual(['intrusion_detection']);
    expect(await status(again)).toMatchObject({ totalCameras: 1, recentEvents: 1 });
  });
});
