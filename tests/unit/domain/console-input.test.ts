// Spec 002 §5 and §9: the console's input classification, the preview lengths and the file rules.
import { describe, expect, it } from 'vitest';
import {
  classifyConsoleInput,
  CODE_TRIGGERS,
  extensionOf,
  FILE_ACCEPT_ATTRIBUTE,
  fileTooLarge,
  isAcceptedFile,
  isProcessableFile,
  previewOf,
  sizeInKb,
} from '@/domain/console-input';

describe('classifyConsoleInput (002 §5)', () => {
  it.each(['', '   ', '\n\t  \n'])('ignores empty or whitespace-only input %j', (input) => {
    expect(classifyConsoleInput(input)).toBe('ignored');
  });

  it.each([
    ['an equals sign', 'x = 1'],
    ['console.log', 'console.log(42)'],
    ['function', 'function go() return'],
    ['const ', 'const x'],
    ['let ', 'let y'],
    ['var ', 'var z'],
    ['an opening brace', 'say {'],
    ['a closing brace', 'say }'],
    ['print(', 'print("hi")'],
    ['import ', 'import os'],
    ['def ', 'def main'],
    ['class ', 'class Cat'],
  ])('treats input with %s as code', (_trigger, input) => {
    expect(classifyConsoleInput(input)).toBe('code');
  });

  it('lists exactly the triggers of 002 §5', () => {
    expect([...CODE_TRIGGERS]).toEqual([
      '=',
      'console.log',
      'function',
      'const ',
      'let ',
      'var ',
      '{',
      '}',
      'print(',
      'import ',
      'def ',
      'class ',
    ]);
  });

  it.each([
    'How are you today?',
    'Tell me about the sea',
    'Do you remember what I said yesterday?',
    // The words without the space the spec names are conversation: 'constant', 'lettuce', 'classy'.
    'The constant lettuce was classy',
    'I want to print a photo',
  ])('treats %j as conversation', (input) => {
    expect(classifyConsoleInput(input)).toBe('conversation');
  });

  it('keeps the code the spec e2e runs as code', () => {
    expect(classifyConsoleInput('const x = 6 * 7; console.log(x)')).toBe('code');
  });
});

describe('previewOf (002 §9)', () => {
  it('keeps a text at or under the limit whole, without an ellipsis', () => {
    expect(previewOf('a'.repeat(50), 50)).toBe('a'.repeat(50));
    expect(previewOf('short', 80)).toBe('short');
  });

  it('cuts a longer text at the limit and adds an ellipsis', () => {
    expect(previewOf('b'.repeat(51), 50)).toBe(`${'b'.repeat(50)}...`);
    expect(previewOf('c'.repeat(501), 500)).toBe(`${'c'.repeat(500)}...`);
  });

  it('never splits an emoji at the cut', () => {
    const text = `${'d'.repeat(49)}🌊🌊`;
    expect(previewOf(text, 50)).toBe(`${'d'.repeat(49)}🌊...`);
  });
});

describe('file rules (002 §5)', () => {
  it('accepts the picker list by extension, case-insensitively', () => {
    for (const name of ['a.py', 'b.JS', 'c.ts', 'd.yaml', 'e.yml', 'f.csv', 'g.h', 'h.rs']) {
      expect(isAcceptedFile(name)).toBe(true);
    }
    for (const name of ['a.exe', 'b.png', 'Makefile', '.py', 'c.tar.gz']) {
      expect(isAcceptedFile(name)).toBe(false);
    }
    expect(FILE_ACCEPT_ATTRIBUTE.split(',')).toHaveLength(24);
  });

  it('offers the task processor and the preview only for .py, .js and .ts', () => {
    expect(['x.py', 'x.js', 'x.ts'].map(isProcessableFile)).toEqual([true, true, true]);
    expect(['x.tsx', 'x.jsx', 'x.json', 'x.md'].map(isProcessableFile)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('words a refused file as 002 §5 does', () => {
    expect(fileTooLarge('big.ts')).toEqual({
      title: 'File too large',
      description: 'big.ts is over 10MB limit',
    });
  });

  it('shows sizes in KB', () => {
    expect(sizeInKb(2048)).toBe('2.0 KB');
    expect(sizeInKb(1536)).toBe('1.5 KB');
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
  });
});
