// The console's language detection (server/presence-execution/execution-rules.ts detectLanguage) reads
// code of up to 100,000 characters in linear time. Found by grepping the server's regular expressions
// for issue 21: '#.*$' after '.*\)' or '.*:' retried every earlier ')' or ':' once the line ended in a
// \r or U+2028 (2 s for one 40,000-character line), and '^\s*' under /m crossed newlines, so a run of
// empty lines was scanned again from each line's start (9 s for 40,000).
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../server/presence-execution/execution-rules';

const SHAPES: Record<string, (chars: number) => string> = {
  'a def whose return annotation runs on': (n) => 'def f()' + '->a)'.repeat(n / 4) + '!',
  'a def with a comment that cannot end': (n) => 'def f(' + '):#'.repeat(n / 3) + '\u2028',
  'a class with a comment that cannot end': (n) => 'class A(' + '):#'.repeat(n / 3) + '\u2028',
  'an if with a comment that cannot end': (n) => 'if ' + ':#'.repeat(n / 2) + '\u2028',
  'a print with a comment that cannot end': (n) => 'print(' + ')#'.repeat(n / 2) + '\u2028',
  'a run of empty lines': (n) => '\n'.repeat(n) + 'x',
  'a run of blank lines with spaces': (n) => ' \n'.repeat(n / 2) + 'x',
};

function msFor(code: string): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    detectLanguage(code);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
}

describe('detectLanguage in linear time', () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`${shape}: 4× the code costs about 4× the time, not 16×`, () => {
      msFor(make(2000)); // warm-up
      const small = msFor(make(10_000));
      const large = msFor(make(40_000));
      expect(large).toBeLessThanOrEqual(Math.max(8 * small, 40));
    });
  }

  it('still tells the languages apart', () => {
    expect(detectLanguage('def greet(name: str) -> str:  # hello\n    return name')).toBe('python');
    expect(detectLanguage('class A(Base):\n    pass')).toBe('python');
    expect(detectLanguage('if x:\r\n    print(x)\r\n')).toBe('python');
    expect(detectLanguage('print("hi")  # done')).toBe('python');
    expect(detectLanguage('  // a comment\nfoo()')).toBe('javascript');
    expect(detectLanguage("import x from 'y'\nx()")).toBe('javascript');
    expect(detectLanguage('foo();  \r\n')).toBe('javascript');
  });
});
