// Fails the build when dist/ holds JavaScript syntax that Safari 16.0 cannot parse. One such
// construct anywhere in a chunk makes the whole import fail there, and the app does not start
// ('Kiri could not start'). The bundler lowers what it can for the build target
// (scripts/build-target.ts); this catches what it leaves, or a target changed by mistake.
// Run by `npm run build` after `vite build`; `tsx scripts/check-dist-syntax.ts [dir]`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import esx from 'eslint-plugin-es-x';

/** eslint-plugin-es-x's syntax rules for what Safari 16.0 lacks, each with what a reader should see. */
export const SAFARI_16_SYNTAX_RULES: Record<string, string> = {
  'no-class-static-block': 'a class static block `static {…}` (Safari 16.4)',
  'no-regexp-lookbehind-assertions': 'a RegExp lookbehind `(?<=…)` or `(?<!…)` (Safari 16.4)',
  'no-regexp-v-flag': 'the RegExp `v` flag (ES2024, Safari 17)',
  'no-regexp-duplicate-named-capturing-groups':
    'a RegExp with a capture group name used twice (ES2025, Safari 17)',
  'no-regexp-modifiers': 'a RegExp modifier group `(?i:…)` (ES2025)',
  'no-regexp-unicode-property-escapes-2023': 'a Unicode 15 property escape `\\p{…}` (ES2023)',
  'no-import-attributes': 'an import attribute `with {…}` (ES2025, Safari 17.2)',
  'no-dynamic-import-options': 'a second argument to `import()` (ES2025, Safari 17.2)',
  'no-json-modules': 'a JSON module import (ES2025, Safari 17.2)',
  'no-using-declarations': 'a `using` or `await using` declaration (ES2026)',
};

export interface SyntaxFinding {
  file: string;
  line: number;
  column: number;
  construct: string;
  /** A few characters of the code around the finding (the files are minified: one long line). */
  excerpt: string;
}

const rules = Object.fromEntries(
  Object.keys(SAFARI_16_SYNTAX_RULES).map((rule) => [`es-x/${rule}`, 'error' as const]),
);
const linter = new Linter({ configType: 'flat' });

function excerpt(code: string, line: number, column: number): string {
  const text = code.split('\n')[line - 1] ?? '';
  return text.slice(Math.max(0, column - 41), column + 40);
}

/**
 * The constructs Safari 16.0 cannot parse in one file. `script` is for a file the browser loads
 * as a classic script (the service worker): there `import`, `export` and top-level `await` are
 * syntax errors too.
 */
export function checkSyntax(
  code: string,
  file: string,
  sourceType: 'module' | 'script' = 'module',
): SyntaxFinding[] {
  const messages = linter.verify(code, {
    plugins: { 'es-x': esx },
    languageOptions: { ecmaVersion: 'latest', sourceType },
    rules,
  });
  return messages.map((message) => ({
    file,
    line: message.line,
    column: message.column,
    construct: message.fatal
      ? `syntax that does not parse as a standard (ES2026) ${sourceType === 'script' ? 'classic script' : 'module'} (${message.message})`
      : (SAFARI_16_SYNTAX_RULES[message.ruleId?.replace(/^es-x\//, '') ?? ''] ?? message.message),
    excerpt: excerpt(code, message.line, message.column),
  }));
}

function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every finding in the built app. The service worker (sw.js) is registered as a classic script. */
export function checkDist(dir: string): SyntaxFinding[] {
  return javaScriptFiles(dir).flatMap((path) => {
    const file = relative(process.cwd(), path);
    const sourceType = relative(dir, path) === 'sw.js' ? 'script' : 'module';
    return checkSyntax(readFileSync(path, 'utf8'), file, sourceType);
  });
}

export function formatFinding(finding: SyntaxFinding): string {
  return `${finding.file}:${finding.line}:${finding.column}: ${finding.construct}\n    …${finding.excerpt}…`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  const findings = checkDist(dir);
  if (findings.length > 0) {
    console.error(
      `\n${dir}/ has syntax that Safari 16.0 cannot parse: the app would not start there.\n` +
        'Lower it for the build target (scripts/build-target.ts) or replace the code:\n\n' +
        findings.map(formatFinding).join('\n') +
        '\n',
    );
    process.exit(1);
  }
  console.log(`${dir}/: no syntax newer than Safari 16.0.`);
}
