// What wink-nlp reads of a text (src/engine/language/terms.ts): tokens, negation, names, places, dates, key terms.
import { describe, expect, it } from 'vitest';
import { readTerms } from '../../src/engine/language/terms';

describe('readTerms', () => {
  it('names, places and dates', () => {
    const terms = readTerms('My sister Ana lives in Lisbon and her birthday is on March 3rd');
    expect(terms.entities).toEqual(
      expect.arrayContaining([
        { value: 'Ana', kind: 'name' },
        { value: 'Lisbon', kind: 'place' },
        { value: 'March 3rd', kind: 'date' },
      ]),
    );
  });

  it('a time and a date, and a name that is not a place without a place word before it', () => {
    const terms = readTerms("Tom's dentist appointment is next Friday at 3pm");
    expect(terms.entities).toEqual(
      expect.arrayContaining([
        { value: 'next Friday', kind: 'date' },
        { value: '3pm', kind: 'time' },
        { value: 'Tom', kind: 'name' },
      ]),
    );
  });

  it('negation marks the words it governs', () => {
    const terms = readTerms('I am not happy at all');
    expect(terms.negated).toBe(true);
    expect(terms.tokens.find((t) => t.normal === 'happy')!.negated).toBe(true);
    expect(terms.tokens.find((t) => t.normal === 'am')!.negated).toBe(false);
    expect(readTerms('I am happy').negated).toBe(false);
  });

  it('key terms are the content words, without how-to-remember words or stop words', () => {
    expect(readTerms('remember that my sister is called Ana').keyTerms).toEqual(['sister', 'ana']);
    expect(readTerms('what is my sister called?').keyTerms).toEqual(['sister']);
  });

  it('lemmas: called is call, is is be', () => {
    const lemmas = readTerms('she called him').tokens.map((t) => t.lemma);
    expect(lemmas).toContain('call');
  });
});
