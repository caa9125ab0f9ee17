// The infrastructure page's model (src/features/infrastructure/model/infrastructure-model.ts) and its
// device check (api/infrastructure-api.ts checkStorage), one block per rule.
import { describe, expect, it } from 'vitest';
import { checkStorage } from '@/features/infrastructure/api/infrastructure-api';
import {
  checkedText,
  featureList,
  parseInfrastructureStatus,
  statusCounts,
  statusLabel,
  storageFeatureOf,
  storageStatusOf,
  type FeatureRow,
} from '@/features/infrastructure/model/infrastructure-model';

const row = (id: string, status: FeatureRow['status'] = 'ready'): FeatureRow => ({
  id,
  name: id,
  status,
  reason: `${id} reason`,
  checkedAt: '2026-01-15T08:00:00.000Z',
  details: [],
});

describe('parseInfrastructureStatus', () => {
  it('reads the features and refuses an unknown status', () => {
    const answer = {
      checkedAt: '2026-01-15T08:00:00.000Z',
      features: [
        {
          ...row('providers', 'pending'),
          details: [{ name: 'p', status: 'pending', reason: 'r' }],
        },
      ],
    };
    expect(parseInfrastructureStatus(answer)?.features[0]?.details).toHaveLength(1);
    expect(
      parseInfrastructureStatus({ ...answer, features: [{ ...row('push'), status: 'ok' }] }),
    ).toBeNull();
    expect(parseInfrastructureStatus({ features: [] })).toBeNull();
  });
});

describe('storageStatusOf', () => {
  it('granted: ready; not granted: pending; no Storage API: disabled', () => {
    expect(storageStatusOf({ supported: true, persisted: true }).status).toBe('ready');
    expect(storageStatusOf({ supported: true, persisted: false }).status).toBe('pending');
    expect(storageStatusOf({ supported: false, persisted: false }).status).toBe('disabled');
  });
});

describe('checkStorage', () => {
  it("reads the browser's grant without asking for it", async () => {
    expect(await checkStorage({ persisted: async () => true })).toMatchObject({
      supported: true,
      persisted: true,
    });
    expect(
      await checkStorage({
        persisted: () => Promise.reject(new Error('refused')),
      }),
    ).toMatchObject({ supported: true, persisted: false });
    expect(await checkStorage(undefined)).toMatchObject({ supported: false, persisted: false });
  });
});

describe('featureList', () => {
  it("puts this device's storage after HTTPS", () => {
    const storage = storageFeatureOf({
      supported: true,
      persisted: false,
      checkedAt: '2026-01-15T08:00:00.000Z',
    });
    const server = ['push', 'providers', 'https', 'backups', 'feeds', 'encryption'].map((id) =>
      row(id),
    );
    expect(featureList(server, storage).map((r) => r.id)).toEqual([
      'push',
      'providers',
      'https',
      'storage',
      'backups',
      'feeds',
      'encryption',
    ]);
  });

  it('shows what is known: storage alone offline with nothing read, the server list alone', () => {
    const storage = storageFeatureOf({ supported: false, persisted: false, checkedAt: 'x' });
    expect(featureList(undefined, storage).map((r) => r.id)).toEqual(['storage']);
    expect(featureList([row('push')], undefined).map((r) => r.id)).toEqual(['push']);
  });
});

describe('statusLabel and statusCounts', () => {
  it('labels and counts each state', () => {
    expect(statusLabel('ready')).toBe('Ready');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('disabled')).toBe('Disabled');
    expect(statusCounts([row('a'), row('b', 'pending'), row('c', 'disabled'), row('d')])).toEqual({
      ready: 2,
      pending: 1,
      disabled: 1,
    });
  });
});

describe('checkedText', () => {
  it("the check's time in the owner's zone", () => {
    expect(checkedText('2026-01-15T08:05:09.000Z', 'Asia/Shanghai')).toBe('Checked 16:05:09');
    expect(checkedText('never', 'Asia/Shanghai')).toBe('Not checked');
  });
});
