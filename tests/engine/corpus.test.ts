// The conversation corpus in Node, the engine's home on the server (issue 12 point 4). Every rule must
// pass for every item, personality, seed and clock: the pass rate is printed and must be 100%.
import { describe, expect, it } from 'vitest';
import { CORPUS, SCENARIOS } from './corpus/corpus';
import { report, RULES, runCorpus } from './corpus/run-corpus';

describe('the conversation corpus, in Node', () => {
  it('holds at least 80 messages in at least 12 kinds, and the multi-turn scenarios', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(CORPUS.map((item) => item.kind)).size).toBeGreaterThanOrEqual(12);
    expect(SCENARIOS.some((s) => /never told/.test(s.name))).toBe(true);
    expect(SCENARIOS.some((s) => /told, then asked/.test(s.name))).toBe(true);
  });

  // 5,520 replies and the scenarios: about 15 s alone, twice that with the other engine files on a
  // loaded machine, so the run has its own bound above the project's 30 s.
  it('passes every rule for every item: 100%', { timeout: 120_000 }, () => {
    const run = runCorpus();
    console.log(report(run, 'Node'));
    if (run.failures.length > 0) console.log(run.failures.slice(0, 40).join('\n'));
    for (const rule of RULES) expect(run.tally[rule].total, rule).toBeGreaterThan(0);
    expect(run.failures).toEqual([]);
  });
});
