// The self-mod rules as plain functions: the workspace's file names, the greeting's placeholders, the
// log ring's lines and order.
import { describe, expect, it } from 'vitest';
import { renderGreeting } from '../../server/self-mod/greeting';
import { LogRing, logLine, MAX_LOG_LINE_CHARS } from '../../server/self-mod/log-ring';
import { workspaceNameProblem } from '../../server/self-mod/workspace';
import { silentLogger } from '../../server/log';

describe("rule 'workspace file name'", () => {
  it('takes plain names', () => {
    for (const name of ['notes.txt', 'test_file.txt', 'My Notes-2.md', 'a', 'script.py']) {
      expect(workspaceNameProblem(name), name).toBeNull();
    }
  });

  it('refuses paths, parent steps, absolute names, hidden names and odd characters', () => {
    const refused = [
      '',
      '../x',
      'a/b',
      'a\\b',
      '/etc/passwd',
      '..',
      '.',
      'a..b',
      '.env',
      'x\0y',
      'naïve.txt',
      'trailing.',
      'trailing ',
      'x'.repeat(101),
    ];
    for (const name of refused) expect(workspaceNameProblem(name), name).not.toBeNull();
  });
});

describe("rule 'greeting placeholders'", () => {
  const values = { name: 'Mei', persona: 'Kiri', part: 'morning' };

  it('fills {name}, {persona} and {part}', () => {
    expect(renderGreeting('Good {part}, {name}! {persona} is here.', values)).toBe(
      'Good morning, Mei! Kiri is here.',
    );
  });

  it('without a name, drops {name} with the comma that joined it', () => {
    const noName = { ...values, name: null };
    expect(renderGreeting('Good {part}, {name}!', noName)).toBe('Good morning!');
    expect(renderGreeting('{name}, good {part}', noName)).toBe('good morning');
    expect(renderGreeting('Hello {name} ~ how are you?', noName)).toBe('Hello ~ how are you?');
  });

  it('leaves a greeting without placeholders exactly as written', () => {
    expect(renderGreeting('Hello sunshine!', values)).toBe('Hello sunshine!');
  });
});

describe("rule 'log line'", () => {
  it('is the time, the level and the message; an error adds its message, not its stack', () => {
    const at = Date.UTC(2026, 0, 15, 8, 0, 0);
    expect(logLine(at, 'INFO', 'started')).toBe('2026-01-15T08:00:00.000Z INFO started');
    expect(logLine(at, 'ERROR', 'scan failed', new TypeError('bad'))).toBe(
      '2026-01-15T08:00:00.000Z ERROR scan failed: TypeError: bad',
    );
    expect(logLine(at, 'WARN', 'x'.repeat(5000))).toHaveLength(MAX_LOG_LINE_CHARS);
  });

  it('keeps the newest lines up to its capacity, newest first', () => {
    let now = 0;
    const ring = new LogRing(() => (now += 1000), 3);
    const log = ring.wrap(silentLogger);
    for (const word of ['one', 'two', 'three', 'four']) log.info(word);
    log.warn('five');
    expect(ring.recent(10).map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      'WARN five',
      'INFO four',
      'INFO three',
    ]);
    expect(ring.recent(1)).toHaveLength(1);
    expect(ring.recent(0)).toEqual([]);
  });
});
