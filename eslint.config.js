// Lint, including the import boundaries of DESIGN.md: domain ← db, lib, ui ← features ← app;
// a feature never imports another; the server takes only domain and engine from src/; the client takes only
// types from server/ and loads engine/ only by import() (it is large and comes after the first paint).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import webkitAbsent from './scripts/webkit-absent-apis.js';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
const layer = (from, message) => ({ regex: from, message });
// The engine (language models included) is hundreds of KB: the client reaches it only through import(),
// after the first paint, so the chat's first load does not grow (issue 12).
const engineLazyOnly = {
  regex: '^@/engine/',
  allowTypeImports: true,
  message: 'Load engine/ with import() (types may be imported): it must not join the first load.',
};
const serverTypesOnly = {
  regex: '(^|/)server/',
  allowTypeImports: true,
  message: 'The client imports only types from server/ (import type).',
};

/**
 * A RegExp lookbehind is a SyntaxError on Safari before 16.4 (docs/webkit.md): one in the bundle stops the
 * whole app there, and the build's syntax check finds it only after the unit tests. Found at lint time.
 */
const LOOKBEHIND =
  'Safari before 16.4 cannot parse a RegExp lookbehind: match more and check in code.';
const noLookbehind = [
  { selector: 'Literal[regex.pattern=/\\(\\?<[!=]/]', message: LOOKBEHIND },
  {
    selector: "NewExpression[callee.name='RegExp'] Literal[value=/\\(\\?<[!=]/]",
    message: LOOKBEHIND,
  },
  {
    selector: "NewExpression[callee.name='RegExp'] TemplateElement[value.raw=/\\(\\?<[!=]/]",
    message: LOOKBEHIND,
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dev-dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/domain/**'],
    rules: restrict([
      layer('^@/(?!domain/)', 'domain/ is pure: it imports only domain/.'),
      layer(
        '^(react|react-dom|dexie|hono)(/|$)|^node:',
        'domain/ has no React, DOM, Dexie or Node.',
      ),
    ]),
  },
  {
    files: ['src/engine/**'],
    rules: restrict([
      layer('^@/(?!domain/|engine/)', 'engine/ imports only domain/ and engine/.'),
      layer(
        '^(react|react-dom|dexie|hono)(/|$)|^node:',
        'engine/ runs on the server and the device: no React, DOM, Dexie or Node.',
      ),
    ]),
  },
  {
    files: ['src/db/**', 'src/lib/**', 'src/ui/**'],
    rules: restrict([
      layer('^@/(features|app)/', 'Shared layers never import features or the app.'),
      serverTypesOnly,
      engineLazyOnly,
    ]),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict([
      layer(
        `^@/features/(?!${feature}/)`,
        'A feature never imports another feature: move the shared piece down.',
      ),
      layer('^@/app/', 'Features do not import the app layer.'),
      layer('^\\.{1,2}/.*features/', 'Import across folders with the @/ alias.'),
      serverTypesOnly,
      engineLazyOnly,
    ]),
  })),
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: restrict([serverTypesOnly, engineLazyOnly]),
  },
  {
    files: ['sw/**'],
    rules: restrict([layer('^@/(?!domain/|db/)', 'The worker imports only domain/ and db/.')]),
  },
  {
    // What runs in the browser: APIs that Safari 16.0 or every Safari lacks (docs/webkit.md). Use one
    // only behind a feature check, with what the owner gets instead, and say so where it is disabled.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...webkitAbsent.globals],
      'no-restricted-properties': ['error', ...webkitAbsent.properties],
      'no-restricted-syntax': ['error', ...noLookbehind],
    },
  },
  {
    // Anything clickable is a button or a link (docs/accessibility.md): a click or press handler on a
    // plain element is out of the keyboard's and the screen reader's reach. A pointer-only convenience
    // with its keyboard way beside it (a backdrop that Escape and a Close button also close) says so
    // where it is disabled.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noLookbehind,
        {
          selector:
            'JSXOpeningElement[name.name=/^(div|span|p|li|ul|ol|section|article|header|footer|main|nav|aside|img|svg|td|tr|h[1-6])$/] > JSXAttribute[name.name=/^on(Click|DoubleClick|MouseDown|MouseUp|PointerDown|PointerUp|TouchStart|TouchEnd)$/]',
          message:
            'Make it a <button> (or a link): a click handler on a plain element cannot be reached by keyboard.',
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: restrict([
      layer('^@/', 'The server imports from src/ only domain/ and engine/, by relative path.'),
      layer(
        '(^|/)src/(?!domain/|engine/)',
        'The server imports from src/ only domain/ and engine/.',
      ),
    ]),
  },
);
