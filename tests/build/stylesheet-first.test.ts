// The built page's stylesheet comes before its entry script, so that no engine runs the entry (which
// applies the owner's font size and wallpaper) and finishes the document before the styles are in.
import { describe, expect, it } from 'vitest';
import { stylesheetsBeforeEntry } from '../../scripts/stylesheet-first';

const VITE_OUTPUT = `<head>
    <title>Kiri</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-b.js">
    <link rel="stylesheet" crossorigin href="/assets/boot-c.css">
    <link rel="preload" as="script" crossorigin href="/assets/app-d.js">
  </head>
`;

describe('stylesheetsBeforeEntry', () => {
  it('moves the stylesheet Vite writes after the entry script to just before it', () => {
    expect(stylesheetsBeforeEntry(VITE_OUTPUT)).toBe(`<head>
    <title>Kiri</title>
    <link rel="stylesheet" crossorigin href="/assets/boot-c.css">
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-b.js">
    <link rel="preload" as="script" crossorigin href="/assets/app-d.js">
  </head>
`);
  });

  it('leaves a page whose stylesheet is already first, or that has no entry, as it is', () => {
    const first = stylesheetsBeforeEntry(VITE_OUTPUT);
    expect(stylesheetsBeforeEntry(first)).toBe(first);
    const noEntry = '<head>\n<link rel="stylesheet" href="/a.css">\n</head>\n';
    expect(stylesheetsBeforeEntry(noEntry)).toBe(noEntry);
  });
});
