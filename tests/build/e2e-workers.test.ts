// The e2e suite takes a second Playwright worker only when the machine has a second core to spare
// (tests/e2e/support/workers.ts): on a busy machine a second worker only stretches every test.
import { afterEach, describe, expect, it } from 'vitest';
import {
  e2eWorkers,
  MAX_E2E_WORKERS,
  WORKERS_ENV,
  workersFor,
} from '../../tests/e2e/support/workers';

describe('Rule workersFor: one e2e worker per idle core', () => {
  it('a busy machine (under one and a half idle cores) gets one worker', () => {
    expect(workersFor(0)).toBe(1);
    expect(workersFor(0.4)).toBe(1);
    expect(workersFor(1.2)).toBe(1);
  });

  it('an idle 2-core machine gets two', () => {
    expect(workersFor(1.6)).toBe(2);
    expect(workersFor(2)).toBe(2);
  });

  it(`never more than ${MAX_E2E_WORKERS}, never fewer than one`, () => {
    expect(workersFor(16)).toBe(MAX_E2E_WORKERS);
    expect(workersFor(Number.NaN)).toBe(1);
    expect(workersFor(-1)).toBe(1);
  });
});

describe('e2eWorkers', () => {
  const before = process.env[WORKERS_ENV];
  afterEach(() => {
    if (before === undefined) delete process.env[WORKERS_ENV];
    else process.env[WORKERS_ENV] = before;
  });

  it(`takes ${WORKERS_ENV} when it is set, so Playwright's workers inherit the first decision`, () => {
    process.env[WORKERS_ENV] = '1';
    expect(e2eWorkers()).toBe(1);
    process.env[WORKERS_ENV] = '2';
    expect(e2eWorkers()).toBe(2);
  });

  it('decides from a sample when it is not set, and leaves the decision for the workers', () => {
    delete process.env[WORKERS_ENV];
    const workers = e2eWorkers();
    expect(workers).toBeGreaterThanOrEqual(1);
    expect(workers).toBeLessThanOrEqual(MAX_E2E_WORKERS);
    expect(process.env[WORKERS_ENV]).toBe(String(workers));
  });
});
