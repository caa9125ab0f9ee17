import { describe, expect, it } from 'vitest';
import { queryRetryDelay, shouldRetryMutation, shouldRetryQuery } from '@/domain/errors';
import {
  PERSIST_MAX_AGE_MS,
  QUERY_GC_TIME_MS,
  QUERY_STALE_TIME_MS,
  createQueryClient,
  shouldPersistQuery,
} from '@/lib/query-client';

describe('fetch cache constants (spec 000 §9)', () => {
  it('data is fresh for 5 minutes; no refetch on interval or window focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_STALE_TIME_MS).toBe(5 * 60 * 1000);
    expect(defaults.queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
  });

  it('the retry rules are the spec ones', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
    expect(defaults.queries?.retryDelay).toBe(queryRetryDelay);
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation);
  });

  it('unused data is kept 24 h, as long as its persisted copy, so the offline app has it', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_GC_TIME_MS).toBe(24 * 60 * 60 * 1000);
    expect(defaults.queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(PERSIST_MAX_AGE_MS).toBeLessThanOrEqual(QUERY_GC_TIME_MS);
  });

  it('persists successful answers, except queries marked persist: false', () => {
    expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: false } })).toBe(
      false,
    );
  });
});
