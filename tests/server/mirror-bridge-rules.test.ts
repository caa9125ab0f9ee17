// The mirror bridge's rules as plain functions: the three export formats, timestamps in the owner's zone,
// the Markdown round trip of the git mirror, emotion, side, import once, and the watch folder's fence.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  confine,
  isDirectlyInside,
  MAX_EXPORT_BYTES,
  OUTSIDE_WATCH_FOLDER,
} from '../../server/mirror-bridge/confinement';
import {
  exportFormatOf,
  parseJsonExport,
  parseMarkdownExport,
  parseTextExport,
  readTimestamp,
  renderDayMarkdown,
} from '../../server/mirror-bridge/export-formats';
import { dayFilePath } from '../../server/mirror-bridge/git-mirror';
import { emotionOf, messageHash, sideOf } from '../../server/mirror-bridge/message-rules';
import { importedMessageId } from '../../server/mirror-bridge/mirror-bridge-service';
import { UUID_V7_PATTERN, uuidv7Time } from '../../src/domain/uuidv7';

const ZONE = 'Asia/Shanghai';

describe('rule: timestamps of an export', () => {
  it('reads ms, an ISO time with its offset, and a wall time in the owner zone; refuses the rest', () => {
    expect(readTimestamp(1768100000000, ZONE)).toBe(1768100000000);
    expect(readTimestamp('2026-01-14T09:00:00+08:00', ZONE)).toBe(Date.UTC(2026, 0, 14, 1));
    expect(readTimestamp('2026-01-14T01:00:00Z', ZONE)).toBe(Date.UTC(2026, 0, 14, 1));
    expect(readTimestamp('2026-01-14 09:00', ZONE)).toBe(Date.UTC(2026, 0, 14, 1));
    expect(readTimestamp('2026-01-14 09:00:30', 'Europe/Paris')).toBe(
      Date.UTC(2026, 0, 14, 8, 0, 30),
    );
    for (const bad of ['yesterday', '2026-13-01 10:00', '2026-01-14 25:00', '', -5, 1.5, null]) {
      expect(readTimestamp(bad, ZONE)).toBeNull();
    }
  });
});

describe('rule: the export formats', () => {
  it('knows an export by its extension, and nothing else is one', () => {
    expect(
      ['a.json', 'b.TXT', 'c.md', 'd.markdown', 'e.png', '.DS_Store'].map(exportFormatOf),
    ).toEqual(['json', 'txt', 'md', 'md', null, null]);
  });

  it('JSON: a messages list or a bare array; an entry without author, time or text is skipped with its number', () => {
    const parsed = parseJsonExport(
      JSON.stringify({
        messages: [
          {
            author: ' Mei ',
            timestamp: '2026-01-14 09:00',
            message: ' hi ',
            emotion: 'Joyful',
            type: 'user',
          },
          { author: 'Mei', timestamp: 'never', message: 'lost' },
          { author: '', timestamp: 1, message: 'x' },
          'not an object',
        ],
      }),
      ZONE,
    );
    expect(parsed.messages).toEqual([
      {
        author: 'Mei',
        timestamp: Date.UTC(2026, 0, 14, 1),
        message: 'hi',
        emotion: 'joyful',
        type: 'user',
      },
    ]);
    expect(parsed.skipped).toHaveLength(3);
    expect(parsed.skipped[0]).toMatch(/^entry 2:/);
    expect(
      parseJsonExport('[{"author":"A","timestamp":1,"message":"m"}]', ZONE).messages,
    ).toHaveLength(1);
    expect(parseJsonExport('{not json', ZONE)).toEqual({
      messages: [],
      skipped: ['the file is not valid JSON'],
    });
    expect(parseJsonExport('{"chat":[]}', ZONE).skipped).toEqual([
      'the JSON holds no "messages" list',
    ]);
  });

  it('TXT: "[time] Author: text" per message, continuation lines join the one above, a stray line is reported', () => {
    const parsed = parseTextExport(
      'orphan line\n[2026-01-14 09:00] Mei: first: with a colon\n  second line\n\n[2026-01-14 09:01] Kiri: ok\n[bad] X: y\n',
      ZONE,
    );
    expect(parsed.messages).toEqual([
      {
        author: 'Mei',
        timestamp: Date.UTC(2026, 0, 14, 1),
        message: 'first: with a colon\n  second line',
      },
      { author: 'Kiri', timestamp: Date.UTC(2026, 0, 14, 1, 1), message: 'ok' },
    ]);
    expect(parsed.skipped).toEqual([
      'line 1: text before the first message',
      'line 6: expected "[yyyy-MM-dd HH:mm] Author: text"',
    ]);
  });

  it('Markdown: a dated heading sets the day, "### Author · HH:mm" starts a message, an ISO time needs no day', () => {
    const parsed = parseMarkdownExport(
      [
        '### Early · 08:00',
        'no day yet',
        '# Chat of 2026-01-14',
        '',
        '### Mei - Lee · 09:00',
        '',
        'para one',
        '',
        'para two',
        '',
        '### Kiri | 2026-01-14T09:05:00+08:00',
        'reply',
      ].join('\n'),
      ZONE,
    );
    expect(parsed.messages).toEqual([
      { author: 'Mei - Lee', timestamp: Date.UTC(2026, 0, 14, 1), message: 'para one\n\npara two' },
      { author: 'Kiri', timestamp: Date.UTC(2026, 0, 14, 1, 5), message: 'reply' },
    ]);
    expect(parsed.skipped).toEqual(['line 1: expected "### Author · HH:mm" under a dated heading']);
  });

  it('the git mirror writes the Markdown format, and reading it back gives the same messages', () => {
    const messages = [
      {
        author: 'Mei',
        timestamp: Date.UTC(2026, 0, 14, 1, 0, 7),
        message: '# not a heading\nline two',
      },
      { author: 'Kiri', timestamp: Date.UTC(2026, 0, 14, 1, 1), message: 'ok' },
    ];
    const text = renderDayMarkdown('2026-01-14', messages, ZONE);
    expect(text.startsWith('# Conversation of 2026-01-14\n\n### Mei · 09:00:07\n\n #')).toBe(true);
    expect(parseMarkdownExport(text, ZONE)).toEqual({ messages, skipped: [] });
    expect(dayFilePath('2026-01-14')).toBe(join('kiri-mirror', '2026', '2026-01-14.md'));
  });

  it('reads a long hostile line in linear time', () => {
    const line = `[${' '.repeat(200_000)}`;
    const started = performance.now();
    parseTextExport(line, ZONE);
    parseMarkdownExport(`### ${' - '.repeat(70_000)}x`, ZONE);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('rule: emotion of an imported message', () => {
  it("the engine's feeling reader first, then a question is curious, thinking back reflective, else neutral", () => {
    expect(emotionOf('I got the job, so happy!')).toBe('joyful');
    expect(emotionOf('I miss you, feeling so lonely')).toBe('melancholic');
    expect(emotionOf('This is so frustrating, I hate this')).toBe('frustrated');
    expect(emotionOf('What time is it there?')).toBe('curious');
    expect(emotionOf("Looking back, I've been thinking about us")).toBe('reflective');
    expect(emotionOf('The train leaves at nine.')).toBe('neutral');
    expect(emotionOf('I am not happy at all')).toBe('melancholic');
  });
});

describe('rule: side of an imported message', () => {
  it("Kiri's display name or 'Kiri' (any case) is Kiri's side; every other author is the owner's", () => {
    expect(sideOf('Kiri', 'Aiko')).toBe('kiri');
    expect(sideOf(' aiko ', 'Aiko')).toBe('kiri');
    expect(sideOf('Mei', 'Aiko')).toBe('user');
    expect(sideOf('ChatGPT', 'Kiri')).toBe('user');
  });
});

describe('rule: import once', () => {
  it('the same side, second and text are the same message, whatever the author name or milliseconds', () => {
    const at = Date.UTC(2026, 0, 14, 1, 0, 7);
    expect(messageHash('user', at + 450, ' hi ')).toBe(messageHash('user', at, 'hi'));
    expect(messageHash('user', at, 'hi')).not.toBe(messageHash('kiri', at, 'hi'));
    expect(messageHash('user', at, 'hi')).not.toBe(messageHash('user', at + 1000, 'hi'));
    expect(messageHash('user', at, 'hi')).not.toBe(messageHash('user', at, 'hi!'));
  });

  it("an imported message's id is a UUIDv7 of its own time, the same for the same message", () => {
    const at = Date.UTC(2026, 0, 14, 1);
    const hash = messageHash('user', at, 'hi');
    const id = importedMessageId(at, hash);
    expect(id).toMatch(UUID_V7_PATTERN);
    expect(uuidv7Time(id)).toBe(at);
    expect(importedMessageId(at, hash)).toBe(id);
    expect(importedMessageId(at, messageHash('user', at, 'other'))).not.toBe(id);
  });
});

describe('rule: confined to the watch folder', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('only a regular file directly inside the real folder; .., absolute paths elsewhere, subfolders and symlinks out are refused', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kiri-fence-'));
    const outside = await mkdtemp(join(tmpdir(), 'kiri-out-'));
    dirs.push(root, outside);
    await writeFile(join(root, 'ok.json'), '[]');
    await writeFile(join(outside, 'secret.json'), '[]');
    await symlink(join(outside, 'secret.json'), join(root, 'out.json'));
    await symlink(join(root, 'ok.json'), join(root, 'in.json'));
    await mkdir(join(root, 'sub'));
    await writeFile(join(root, 'sub', 'deep.json'), '[]');
    await writeFile(join(root, 'big.json'), Buffer.alloc(MAX_EXPORT_BYTES + 1));

    expect(await confine(root, 'ok.json')).toEqual({
      ok: true,
      realPath: join(root, 'ok.json'),
      name: 'ok.json',
    });
    expect(await confine(root, 'in.json')).toMatchObject({ ok: true, name: 'in.json' });
    for (const candidate of [
      '../kiri-out/secret.json',
      join(outside, 'secret.json'),
      'out.json',
      'sub/deep.json',
      '/etc/passwd',
    ]) {
      expect(await confine(root, candidate)).toEqual({ ok: false, reason: OUTSIDE_WATCH_FOLDER });
    }
    expect(await confine(root, 'sub')).toEqual({ ok: false, reason: 'not a regular file' });
    expect(await confine(root, 'big.json')).toEqual({ ok: false, reason: 'larger than 5 MB' });
    expect(isDirectlyInside('/a/b', '/a/b')).toBe(false);
    expect(isDirectlyInside('/a/b', '/a/bc')).toBe(false);
  });
});
