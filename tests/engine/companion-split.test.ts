import { describe, expect, it } from 'vitest';
import { splitIntoParts } from '../../src/engine/companion';

describe('splitIntoParts', () => {
  it('keeps a short answer whole', () => {
    expect(splitIntoParts('  Hi there! How are you today?  ')).toEqual([
      'Hi there! How are you today?',
    ]);
  });

  it('gives nothing for an empty answer', () => {
    expect(splitIntoParts('   \n ')).toEqual([]);
  });

  it('uses paragraphs as parts', () => {
    expect(splitIntoParts('Good morning!\n\nDid you sleep well?')).toEqual([
      'Good morning!',
      'Did you sleep well?',
    ]);
  });

  it('merges more paragraphs than allowed into at most 3 parts, in order', () => {
    const text = ['One.', 'Two.', 'Three.', 'Four.', 'Five.'].join('\n\n');
    const parts = splitIntoParts(text);
    expect(parts).toHaveLength(3);
    expect(parts.join('\n\n')).toBe(text);
  });

  it('honours maxParts', () => {
    expect(splitIntoParts('A.\n\nB.\n\nC.', 2)).toHaveLength(2);
    expect(splitIntoParts('A.\n\nB.\n\nC.', 1)).toEqual(['A.\n\nB.\n\nC.']);
  });

  it('cuts a long paragraph between sentences, never inside one', () => {
    const sentences = [
      'I am really glad you told me about your day, it sounds like it was a long one.',
      'Dr. Smith said the results look fine, e.g. nothing to worry about for now.',
      'Maybe you could take a short walk this evening and get some fresh air.',
      'Then have something warm to drink and try to get to bed a little earlier than usual.',
      'Tomorrow will feel lighter, I promise, and I will be right here if you want to talk.',
    ];
    const parts = splitIntoParts(sentences.join(' '));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.length).toBeLessThanOrEqual(3);
    for (const part of parts) {
      expect(part.length).toBeGreaterThan(0);
      expect(sentences.some((s) => part.startsWith(s))).toBe(true);
      expect(sentences.some((s) => part.endsWith(s))).toBe(true);
    }
    expect(parts.join(' ')).toBe(sentences.join(' '));
  });

  it('keeps a medium answer in two parts and a long one in three', () => {
    const sentence = 'This is one complete sentence of a reasonable length for a chat.';
    expect(splitIntoParts(Array(4).fill(sentence).join(' '))).toHaveLength(2);
    expect(splitIntoParts(Array(9).fill(sentence).join(' '))).toHaveLength(3);
  });

  it('does not split a list or a code block', () => {
    const list =
      'Three ideas:\n- a walk outside in the fresh air for twenty minutes\n- a warm shower and some music you love\n- an early night with your phone far away from the bed, on the other side of the room';
    expect(splitIntoParts(list)).toEqual([list]);
    const code = 'Here you go:\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nHope it helps!';
    expect(splitIntoParts(code)).toEqual([
      'Here you go:',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      'Hope it helps!',
    ]);
  });
});
