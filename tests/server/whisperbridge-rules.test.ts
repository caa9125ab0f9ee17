// WhisperBridge Lite's server rules (docs/whisperbridge.md): sync quality from tone, feeling and length,
// the mirror prompt from the best pairs, and the provider prompt's tone-sync section.
import { describe, expect, it } from 'vitest';
import { buildMessages, systemPrompt, toneSyncSection } from '../../server/companion/prompt';
import { buildMirrorPrompt } from '../../server/whisperbridge/mirror-prompt';
import { qualityParts, syncQuality } from '../../server/whisperbridge/sync-quality';
import { BASELINE_PERSONALITY, type CompanionInput } from '../../src/engine/companion/types';

const glad = 'I am so happy to see you today, this is wonderful!';
const sad = 'I am so sad to see you today, this is awful and hopeless.';

describe('sync quality', () => {
  it('scores identical lines of a fitting tone near 100', () => {
    expect(syncQuality(glad, glad, 'playful')).toBeGreaterThanOrEqual(95);
    expect(syncQuality('The meeting is at three.', 'The meeting is at three.', 'neutral')).toBe(
      100,
    );
  });

  it('scores opposite feelings low, whatever the tone', () => {
    for (const tone of ['neutral', 'playful', 'caring'] as const) {
      expect(syncQuality(glad, sad, tone)).toBeLessThan(50);
    }
  });

  it('counts the chosen tone: identical glad lines marked neutral score lower than marked playful', () => {
    expect(syncQuality(glad, glad, 'neutral')).toBeLessThan(syncQuality(glad, glad, 'playful'));
    expect(syncQuality(glad, glad, 'neutral')).toBeGreaterThanOrEqual(70);
  });

  it('counts length: a one-word mirror of a long line agrees less', () => {
    const parts = qualityParts('Good night, sleep well and dream of the sea.', 'Night.', 'soft');
    expect(parts.length).toBeLessThan(0.2);
    expect(
      syncQuality('Good night, sleep well and dream of the sea.', 'Night.', 'soft'),
    ).toBeLessThan(
      syncQuality(
        'Good night, sleep well and dream of the sea.',
        'Sleep well tonight, and dream of the quiet sea.',
        'soft',
      ),
    );
  });
});

describe('mirror prompt', () => {
  it('shows the pairs of the matching tone first, then by quality, and ends with the input', () => {
    const entries = [
      {
        gpt_line: 'a',
        gemini_mirror: 'A-neutral',
        emotion_tone: 'neutral' as const,
        sync_quality: 99,
      },
      {
        gpt_line: 'b',
        gemini_mirror: 'B-playful',
        emotion_tone: 'playful' as const,
        sync_quality: 80,
      },
    ];
    const built = buildMirrorPrompt(entries, 'Best day ever, I am thrilled!');
    expect(built.tone).toBe('playful');
    expect(built.examples_used).toBe(2);
    expect(built.prompt.indexOf('B-playful')).toBeLessThan(built.prompt.indexOf('A-neutral'));
    expect(built.prompt.endsWith('GPT: Best day ever, I am thrilled!\nGemini:')).toBe(true);
  });

  it('says so when there is no pair yet', () => {
    const built = buildMirrorPrompt([], 'Hello');
    expect(built.examples_used).toBe(0);
    expect(built.prompt).toContain('There are no tone-sync pairs yet');
  });
});

describe("the provider prompt's tone-sync section", () => {
  const input = (extra: Partial<CompanionInput> = {}): CompanionInput => ({
    message: 'I got the job!',
    isInitialGreeting: false,
    userName: 'Mei',
    history: [],
    now: Date.UTC(2025, 2, 3, 14, 0),
    timeZone: 'Asia/Shanghai',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: null,
    memories: [],
    recentReplies: [],
    ...extra,
  });
  const facts = { intent: 'statement' as const, feeling: null, remember: null };
  const style = {
    followMood: false,
    examples: [
      {
        gpt_line: 'That is lovely news!',
        gemini_mirror: 'Oh, that brightens my whole day!',
        emotion_tone: 'playful' as const,
        sync_quality: 93,
      },
    ],
  };

  it('holds the pair with tone_mirroring on (a ToneStyle given)', () => {
    const prompt = systemPrompt(input({ toneStyle: style }), facts);
    expect(prompt).toContain('"Oh, that brightens my whole day!"');
    expect(prompt).toContain('Lean to a playful tone');
    expect(buildMessages(input({ toneStyle: style }), facts)[0]!.content).toBe(prompt);
  });

  it('holds nothing of it with tone_mirroring off (no ToneStyle)', () => {
    expect(systemPrompt(input(), facts)).not.toContain('brightens');
    expect(systemPrompt(input({ toneStyle: null }), facts)).toBe(systemPrompt(input(), facts));
    expect(toneSyncSection(input({ toneStyle: { examples: [], followMood: false } }))).toBeNull();
  });
});
