// The core systems page's rules (src/features/core-systems/model), one test per rule.
import { describe, expect, it } from 'vitest';
import { CORE_MODULES } from '@/domain/core-systems';
import { ApiError } from '@/lib/api';
import {
  cardRowsOf,
  failureTextOf,
  labelOf,
  modulesByGroup,
  valueOf,
} from '@/features/core-systems/model/core-systems';

describe('modules by group', () => {
  it('puts every module in one of the three groups, in the spec’s order', () => {
    const groups = modulesByGroup();
    expect(groups.map((group) => group.title)).toEqual([
      'Core Systems',
      'Advanced Presence',
      'Dream Consciousness',
    ]);
    expect(groups.flatMap((group) => group.modules)).toHaveLength(CORE_MODULES.length);
    expect(groups[2]!.modules.map((module) => module.id)).toEqual([
      'dreamTrigger',
      'imagination',
      'lumora',
    ]);
  });
});

describe('field label', () => {
  it('turns camelCase into words', () => {
    expect(labelOf('availableNodes')).toBe('Available nodes');
    expect(labelOf('lastCycleAt')).toBe('Last cycle at');
  });
});

describe('field value', () => {
  it('says none for nothing, never a made-up value', () => {
    expect(valueOf('healthScore', null)).toBe('none');
    expect(valueOf('whispers', [])).toBe('none');
  });

  it('a share as a percentage, booleans in words, times in the reader’s zone', () => {
    expect(valueOf('consciousnessLevel', 0.42)).toBe('42%');
    expect(valueOf('evolutionCycles', 3)).toBe('3');
    expect(valueOf('lit', true)).toBe('yes');
    expect(valueOf('lastScan', '2026-01-15T08:00:00.000Z', 'Asia/Shanghai')).toBe(
      '15 Jan 2026, 16:00',
    );
  });

  it('a chain node says whether it is available, failing or not configured', () => {
    expect(
      valueOf('nodes', [
        { name: 'local', configured: true, available: true },
        { name: 'Gemini', configured: true, available: false },
        { name: 'OpenAI', configured: false, available: false },
      ]),
    ).toBe('local (available), Gemini (failing), OpenAI (not configured)');
  });
});

describe('card rows', () => {
  it('shows the spec’s named fields first, and opens an object one level', () => {
    const rows = cardRowsOf('emergence', {
      history: { daysKnown: 2 },
      totalStages: 6,
      coreIdentity: { mode: 'emergent', stageName: 'Awakening' },
      consciousnessLevel: 0.2,
      currentStage: 1,
    });
    expect(rows.slice(0, 4).map((row) => [row.label, row.value])).toEqual([
      ['Core identity · mode', 'emergent'],
      ['Consciousness level', '20%'],
      ['Current stage', '1'],
      ['Total stages', '6'],
    ]);
    expect(rows.slice(0, 4).every((row) => row.headline)).toBe(true);
    expect(rows.find((row) => row.key === 'history.daysKnown')?.value).toBe('2');
  });
});

describe('failure text', () => {
  it('names the answer’s status and the server’s message', () => {
    const refused = new ApiError(
      403,
      'Forbidden',
      JSON.stringify({
        success: false,
        error: 'Permission required',
        message: 'Permission required',
      }),
    );
    expect(failureTextOf(refused)).toBe('403: Permission required');
    expect(failureTextOf(new ApiError(502, 'Bad Gateway', '<html>'))).toBe('502: <html>');
  });
});
