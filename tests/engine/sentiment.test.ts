import { describe, expect, it } from 'vitest';
import { readSentiment, sentimentLabelOf } from '../../src/engine/language/sentiment';

describe('readSentiment', () => {
  it('reads a negated happy sentence as sad', () => {
    const reading = readSentiment('I am not happy at all');
    expect(reading.compound).toBeLessThan(-0.05);
    expect(reading.label).toMatch(/negative/);
  });

  it('reads capitals and exclamation marks as very happy', () => {
    const plain = readSentiment("I'm happy");
    const shouted = readSentiment("I'm SO happy!!");
    expect(shouted.label).toBe('very positive');
    expect(shouted.intensity).toBeGreaterThan(plain.intensity);
  });

  it('reads an intensifier as stronger than the plain word', () => {
    expect(readSentiment('I am very sad').compound).toBeLessThan(
      readSentiment('I am sad').compound,
    );
  });

  it('reads emoticons', () => {
    expect(readSentiment('ok :(').compound).toBeLessThan(readSentiment('ok :)').compound);
  });

  it('a text read again gives the same reading, and a caller changing its copy changes no later one', () => {
    const first = readSentiment('I am so happy today!');
    first.compound = -1;
    const again = readSentiment('I am so happy today!');
    expect(again.compound).toBeGreaterThan(0.5);
    expect(again.label).toBe('very positive');
    // Many other texts later (past what is kept), the first still reads the same.
    for (let i = 0; i < 600; i += 1) readSentiment(`filler message number ${i} is fine`);
    expect(readSentiment('I am so happy today!')).toEqual(again);
  });

  it('reads an empty message as neutral', () => {
    expect(readSentiment('   ')).toMatchObject({ compound: 0, label: 'neutral', intensity: 0 });
  });
});

describe('sentimentLabelOf', () => {
  it('keeps the neutral band of VADER at ±0.05', () => {
    expect(sentimentLabelOf(0.049)).toBe('neutral');
    expect(sentimentLabelOf(0.05)).toBe('positive');
    expect(sentimentLabelOf(-0.05)).toBe('negative');
  });

  it('calls a feeling strong from 0.6', () => {
    expect(sentimentLabelOf(0.6)).toBe('very positive');
    expect(sentimentLabelOf(-0.6)).toBe('very negative');
    expect(sentimentLabelOf(0.59)).toBe('positive');
  });
});
