// The stream's rules as plain functions (docs/consciousness.md): novelty against recent entries,
// significance, the emotional impact from VADER, the recent insights, the next run and the cycle in each
// power state; the sources' own rules (moon phase names, the next season, the sentiment trend, the
// weather words, the feed formats, the URLs that may be fetched).
import { describe, expect, it } from 'vitest';
import {
  cycleStateOf,
  impactOf,
  intensityOf,
  nextRunAt,
  noveltyOf,
  recentInsightsOf,
  significanceOf,
  similarity,
  wordsOf,
} from '../../server/consciousness/consciousness-rules';
import type { StreamEntry } from '../../server/consciousness/consciousness-store';
import { moonPhaseName, nextSeasonEvent } from '../../server/consciousness/sources/cosmic';
import { isFetchableUrl } from '../../server/consciousness/sources/fetch-capped';
import { newestItems, parseFeed } from '../../server/consciousness/sources/feeds';
import { readSentimentSource, trendOf } from '../../server/consciousness/sources/sentiment';
import { weatherWords } from '../../server/consciousness/sources/weather';
import { feedUrlProblem } from '../../server/routes/consciousness';

const entry = (over: Partial<StreamEntry>): StreamEntry => ({
  id: over.id ?? 'id',
  key: over.key ?? over.id ?? 'key',
  type: 'news',
  content: 'x',
  at: 0,
  significance: 0.5,
  source: 's',
  impact: { curiosity: 0, contentment: 0, empathy: 0 },
  ...over,
});

describe("rule 'novelty'", () => {
  it('the first of its type is wholly new; the same words again are not new at all', () => {
    expect(noveltyOf('Rescue teams save every miner', 'news', [])).toBe(1);
    const seen = [entry({ content: 'Rescue teams save every miner' })];
    expect(noveltyOf('Rescue teams save every miner', 'news', seen)).toBe(0);
  });
  it('shared words make a text less new; other types do not count', () => {
    const seen = [entry({ content: 'Storm closes the harbour' })];
    const partly = noveltyOf('Storm closes schools too', 'news', seen);
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(1);
    expect(noveltyOf('Storm closes the harbour', 'trends', seen)).toBe(1);
  });
  it('reads words of three letters or more, without the common ones', () => {
    expect([...wordsOf('The Sun and the MOON, at 06:52!')]).toEqual(['sun', 'moon']);
    expect(similarity(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
  });
});

describe("rule 'significance': 0.6 × novelty + 0.4 × |feeling|", () => {
  it('a new and strongly felt entry is highly significant, an old and flat one is not', () => {
    expect(significanceOf(1, 1)).toBe(1);
    expect(significanceOf(1, 0)).toBe(0.6);
    expect(significanceOf(0, 0.5)).toBe(0.2);
    expect(significanceOf(0, 0)).toBe(0);
  });
});

describe("rule 'emotional impact' from VADER", () => {
  it('a pleasant text gives contentment, a painful one empathy, a new flat one curiosity', () => {
    expect(impactOf({ compound: 0.8 }, 1)).toEqual({
      curiosity: 0.6,
      contentment: 0.8,
      empathy: 0,
    });
    expect(impactOf({ compound: -0.6 }, 0.5)).toEqual({
      curiosity: 0.35,
      contentment: 0,
      empathy: 0.6,
    });
    expect(impactOf({ compound: 0 }, 1)).toEqual({ curiosity: 1, contentment: 0, empathy: 0 });
    expect(intensityOf({ curiosity: 0.6, contentment: 0.9, empathy: 0 })).toBe(0.5);
  });
});

describe("rule 'recent insights'", () => {
  it('the five most significant of the newest twenty, the newer first on a tie', () => {
    const entries = Array.from({ length: 25 }, (_, i) =>
      entry({ id: `e${i}`, significance: i < 5 ? 1 : i % 2 ? 0.7 : 0.3 }),
    );
    // e0…e4 (significance 1) are older than the newest twenty: not recent.
    expect(recentInsightsOf(entries).map((e) => e.id)).toEqual(['e23', 'e21', 'e19', 'e17', 'e15']);
    expect(recentInsightsOf([])).toEqual([]);
  });
});

describe("rule 'next collection' and 'cycle in a power state'", () => {
  it('the stored last run plus the interval; at once when there was none', () => {
    expect(nextRunAt(null, 3_600_000, 500)).toBe(500);
    expect(nextRunAt(1_000, 3_600_000, 500)).toBe(3_601_000);
  });
  it('runs awake, pauses asleep, stops in deep pause', () => {
    expect(cycleStateOf('awake')).toBe('running');
    expect(cycleStateOf('sleeping')).toBe('paused');
    expect(cycleStateOf('deep-pause')).toBe('stopped');
  });
});

describe('cosmic rules', () => {
  it("rule 'moon phase name': eight names of 45° each", () => {
    expect(moonPhaseName(0)).toBe('New moon');
    expect(moonPhaseName(359)).toBe('New moon');
    expect(moonPhaseName(45)).toBe('Waxing crescent');
    expect(moonPhaseName(90)).toBe('First quarter');
    expect(moonPhaseName(180)).toBe('Full moon');
    expect(moonPhaseName(270)).toBe('Last quarter');
    expect(moonPhaseName(315)).toBe('Waning crescent');
  });
  it("rule 'next season': the next solstice or equinox in the owner's zone", () => {
    const event = nextSeasonEvent(Date.UTC(2026, 5, 1), 'Asia/Shanghai');
    expect(event).toMatchObject({ name: 'June solstice', days: 20 });
    expect(nextSeasonEvent(Date.UTC(2026, 11, 25), 'UTC')).toMatchObject({
      name: 'March equinox',
      days: 85,
    });
  });
});

describe('sentiment rules', () => {
  it("rule 'sentiment trend': warmer, heavier, steady, or a first reading", () => {
    expect(trendOf(0.5, 0.1)).toBe('warmer');
    expect(trendOf(-0.3, 0.2)).toBe('heavier');
    expect(trendOf(0.25, 0.2)).toBe('steady');
    expect(trendOf(0.2, null)).toBeNull();
  });
  it('reads only the last day of the owner’s messages, and says so when there were none', () => {
    const now = Date.UTC(2026, 0, 15);
    const old = [{ id: 'm1', text: 'I am happy', at: now - 3 * 86_400_000 }];
    expect(readSentimentSource({ messages: old, now, ownerName: null })).toEqual({
      kind: 'entries',
      candidates: [],
      emptyReason: 'No conversation in the last 24 hours',
    });
  });
});

describe("rule 'weather code'", () => {
  it('names the WMO codes Open-Meteo uses', () => {
    expect(weatherWords(0)).toBe('clear sky');
    expect(weatherWords(3)).toBe('overcast');
    expect(weatherWords(63)).toBe('rain');
    expect(weatherWords(95)).toBe('thunderstorm');
  });
});

describe("rule 'feed format'", () => {
  it('reads RSS 2.0, RSS 1.0 (RDF) and Atom; anything else is no feed', () => {
    const rss = parseFeed(
      '<rss version="2.0"><channel><title>T &amp; U</title><item><title><![CDATA[<b>Bold</b> news]]></title><link>https://n.example/1</link></item></channel></rss>',
    );
    expect(rss).toEqual({
      title: 'T & U',
      items: [{ title: 'Bold news', link: 'https://n.example/1', at: null, summary: '' }],
    });
    const rdf = parseFeed(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel><title>R</title></channel><item><title>One</title><link>https://r.example/1</link></item></rdf:RDF>',
    );
    expect(rdf?.items.map((i) => i.title)).toEqual(['One']);
    const atom = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">A</title><entry><title>E</title><link rel="self" href="https://a.example/self"/><link rel="alternate" href="https://a.example/e"/><updated>2026-01-15T00:00:00Z</updated></entry></feed>',
    );
    expect(atom?.items).toEqual([
      { title: 'E', link: 'https://a.example/e', at: Date.UTC(2026, 0, 15), summary: '' },
    ]);
    expect(parseFeed('<html><body>hi</body></html>')).toBeNull();
    expect(parseFeed('not xml at all <')).toBeNull();
  });
  it('offers the three newest items, by date when every item has one', () => {
    const items = [1, 5, 3, 4].map((day) => ({
      title: `day ${day}`,
      link: null,
      at: Date.UTC(2026, 0, day),
      summary: '',
    }));
    expect(newestItems(items).map((i) => i.title)).toEqual(['day 5', 'day 4', 'day 3']);
  });
});

describe("rule 'feed URL'", () => {
  it('only absolute http(s) URLs, without a user name or password', () => {
    expect(isFetchableUrl('https://feeds.example/rss')).toBe(true);
    expect(isFetchableUrl('http://127.0.0.1:8080/feed.xml')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'ftp://x.example/f',
      'data:text/xml,<rss/>',
      '/relative',
      'gopher://x',
    ]) {
      expect(isFetchableUrl(url)).toBe(false);
    }
    expect(feedUrlProblem('https://u:p@feeds.example/rss')).toBe(
      'must not hold a user name or password',
    );
    expect(feedUrlProblem('https://feeds.example/rss')).toBeNull();
  });
});

describe('feed text is read in linear time', () => {
  it('strips tags, keeps a lone "<", and reads 400,000 "<" without a ">" at once', async () => {
    const { plainText } = await import('../../server/consciousness/sources/feeds');
    expect(plainText('<b>Bold</b>  news')).toBe('Bold news');
    expect(plainText('a < b')).toBe('a < b');
    const started = performance.now();
    expect(plainText('<'.repeat(400_000)).length).toBe(400_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
