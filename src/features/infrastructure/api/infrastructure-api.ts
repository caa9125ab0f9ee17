// The infrastructure page's call (GET /api/infrastructure/status) over the shared request helper, and
// this device's own check: whether the browser keeps the site's data (navigator.storage.persisted()).
import { getParsed } from '@/lib/api';
import {
  INFRASTRUCTURE_STATUS_URL,
  parseInfrastructureStatus,
  type InfrastructureStatus,
  type StorageCheck,
} from '../model/infrastructure-model';

export const INFRASTRUCTURE_KEY = [INFRASTRUCTURE_STATUS_URL] as const;
export const STORAGE_CHECK_KEY = ['device', 'storage-persisted'] as const;

export function fetchInfrastructure({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<InfrastructureStatus> {
  return getParsed(INFRASTRUCTURE_STATUS_URL, parseInfrastructureStatus, signal);
}

type StorageLike = Pick<StorageManager, 'persisted'> | undefined;

/** Reads the grant without asking for it (the app asks once after login: src/db/storage-persist.ts). */
export async function checkStorage(
  storage: StorageLike = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<StorageCheck> {
  const checkedAt = new Date().toISOString();
  if (!storage || typeof storage.persisted !== 'function') {
    return { supported: false, persisted: false, checkedAt };
  }
  try {
    return { supported: true, persisted: await storage.persisted(), checkedAt };
  } catch {
    // A refusal to answer is no grant.
    return { supported: true, persisted: false, checkedAt };
  }
}
