// The check run by `npm run build` over dist/: syntax Safari 16.0 cannot parse fails the build,
// naming the file and the construct; what Safari 16.0 runs passes.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDist, checkSyntax, formatFinding } from '../../scripts/check-dist-syntax';

const constructs = (code: string, sourceType: 'module' | 'script' = 'module') =>
  checkSyntax(code, 'chunk.js', sourceType).map((finding) => finding.construct);

describe('syntax newer than Safari 16.0 in the built output fails the build', () => {
  it('names a class static block, with where it is', () => {
    const findings = checkSyntax('var a=1;class Dict extends Map{static{init(this)}#e}', 'app.js');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'app.js', line: 1, column: 32 });
    expect(findings[0]!.construct).toMatch(/class static block.*Safari 16\.4/);
    expect(formatFinding(findings[0]!)).toMatch(/^app\.js:1:32: a class static block/);
    expect(findings[0]!.excerpt).toContain('static{init(this)}');
  });

  it('names a RegExp lookbehind, in a literal or a RegExp of a literal string', () => {
    expect(constructs('/(?<=a)b/.test(s)')).toEqual([expect.stringMatching(/lookbehind/)]);
    expect(constructs('/(?<!a)b/.test(s)')).toEqual([expect.stringMatching(/lookbehind/)]);
    expect(constructs('new RegExp("(?<=@)\\\\w+")')).toEqual([expect.stringMatching(/lookbehind/)]);
  });

  it('names the RegExp v flag, duplicate capture group names and modifiers', () => {
    expect(constructs('/[\\p{L}--[a-z]]/v')).toEqual([expect.stringMatching(/`v` flag/)]);
    expect(constructs('/(?<y>\\d{4})-1|1-(?<y>\\d{4})/')).toEqual([
      expect.stringMatching(/capture group name used twice/),
    ]);
    expect(constructs('/(?i:a)b/')).toEqual([expect.stringMatching(/modifier/)]);
  });

  it('names import attributes', () => {
    expect(constructs('import data from "./a.json" with { type: "json" }; use(data)')).toEqual(
      expect.arrayContaining([expect.stringMatching(/import attribute/)]),
    );
  });

  it('names `using`, and fails on syntax the parser does not know yet (decorators)', () => {
    expect(constructs('@sealed class A {}')).toEqual([
      expect.stringMatching(
        /does not parse as a standard \(ES2026\) module.*Unexpected character '@'/,
      ),
    ]);
    expect(constructs('{ using file = open(); read(file) }')).toEqual([
      expect.stringMatching(/`using` or `await using` declaration/),
    ]);
  });

  it('holds the service worker, a classic script, to a script: no import or top-level await', () => {
    expect(constructs('import { a } from "./b.js"; a()', 'script')).toEqual([
      expect.stringMatching(/does not parse as a standard \(ES2026\) classic script/),
    ]);
    expect(constructs('await caches.open("x")', 'script')).toHaveLength(1);
    expect(constructs('self.addEventListener("fetch", () => {})', 'script')).toEqual([]);
  });

  it('passes what Safari 16.0 runs (ES2022 but static blocks, lookbehind less)', () => {
    const code = [
      '#!/usr/bin/env node',
      'class A { static x = 1; #y = 2; static #z; #m() { return #y in this } get y() { return this.#y } }',
      'const b = a?.b ?? c; let d; d ??= 1; d ||= 2; d &&= 3; const n = 1_000_000n;',
      'const m = /(?<year>\\d{4})(?=-)/d.exec(s); const u = /\\p{Letter}+/u; const all = [...s.matchAll(/a/g)];',
      'const mod = await import("./x.js"); export const e = { ...mod, [b]: 1 };',
      'try { f() } catch { g() } for await (const x of y) { z(x) }',
    ].join('\n');
    expect(constructs(code)).toEqual([]);
  });
});

describe('checkDist', () => {
  it('checks every chunk under the folder and the service worker as a script', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiri-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-x.js'), 'export class A{static{}}');
    writeFileSync(join(dir, 'assets', 'ok-y.js'), 'export const a = 1;');
    writeFileSync(join(dir, 'sw.js'), 'export const a = 1;');
    const findings = checkDist(dir);
    expect(findings.map((finding) => relative(dir, finding.file))).toEqual([
      join('assets', 'app-x.js'),
      'sw.js',
    ]);
    expect(findings[1]!.construct).toMatch(/classic script/);
  });
});
