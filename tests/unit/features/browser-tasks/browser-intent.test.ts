// The browser-intent rules of spec 000 §5, §7, §9: when Kiri's reply means opening a page, which page,
// and after how long.
import { describe, expect, it } from 'vitest';
import {
  BROWSER_INTENT_PHRASES,
  SEARCH_HOME_URL,
  browserTaskDelayMs,
  browserTaskUrl,
  firstWebAddress,
  replyMeansOpeningPage,
  searchPageUrl,
  typedAddressUrl,
} from '@/features/browser-tasks/model/browser-intent';

describe('replyMeansOpeningPage (000 §7: opening a tab, let me open, navigate to, check out)', () => {
  it.each([
    "I'm opening a tab for you now~",
    'Let me open that page for you.',
    'You can navigate to the timetable from there.',
    'Check out https://example.com, it has the map!',
    'Ooh, CHECK OUT this one',
    'Let\u2019s see, let me\nopen it',
  ])('means opening a page: %s', (reply) => {
    expect(replyMeansOpeningPage(reply)).toBe(true);
  });

  it.each([
    'How was your commute?',
    'I checked out of that idea ages ago',
    'The checkout line was long',
    'Let me opener think', // not the phrase as whole words
    'Could you open the window?',
  ])('does not: %s', (reply) => {
    expect(replyMeansOpeningPage(reply)).toBe(false);
  });

  it('knows the four phrases the spec names', () => {
    for (const phrase of ['opening a tab', 'let me open', 'navigate to', 'check out']) {
      expect(BROWSER_INTENT_PHRASES).toContain(phrase);
    }
  });
});

describe('firstWebAddress', () => {
  it('finds a full address and drops the sentence punctuation after it', () => {
    expect(firstWebAddress('Check out https://example.com/a?b=1.')).toBe(
      'https://example.com/a?b=1',
    );
    expect(firstWebAddress('(see http://example.org/x)')).toBe('http://example.org/x');
  });

  it('finds www. and bare known domains, but not file names or abbreviations', () => {
    expect(firstWebAddress('try www.jma.go.jp for the weather')).toBe('https://www.jma.go.jp/');
    expect(firstWebAddress('on wikipedia.org/wiki/Tokyo!')).toBe(
      'https://wikipedia.org/wiki/Tokyo',
    );
    expect(firstWebAddress('open notes.txt e.g. later')).toBeNull();
  });

  it('never takes another scheme', () => {
    expect(firstWebAddress('javascript:alert(1) ftp://example.com')).toBeNull();
  });
});

describe("browserTaskUrl (000 §7: from the reply, else the owner's last message, else a search engine)", () => {
  it('takes the address in the reply first', () => {
    expect(browserTaskUrl('Let me open https://a.example.com', 'see https://b.example.com')).toBe(
      'https://a.example.com/',
    );
  });

  it("takes the owner's last message's address when the reply has none", () => {
    expect(
      browserTaskUrl('Let me open that for you', 'can you show me https://b.example.com'),
    ).toBe('https://b.example.com/');
  });

  it('searches for what the owner asked when neither has an address', () => {
    expect(browserTaskUrl('Let me open a tab', 'ramen near Shibuya')).toBe(
      `${SEARCH_HOME_URL}?q=ramen%20near%20Shibuya`,
    );
  });

  it('falls back to the search home page with nothing to go on', () => {
    expect(browserTaskUrl('Let me open a tab', null)).toBe(SEARCH_HOME_URL);
    expect(browserTaskUrl('Let me open a tab', '   ')).toBe(SEARCH_HOME_URL);
  });

  it('keeps a long question to a search box length', () => {
    const url = new URL(searchPageUrl('x'.repeat(500)));
    expect(url.searchParams.get('q')).toHaveLength(200);
  });
});

describe('typedAddressUrl (000 §5: a blank prompt is a search-engine home page)', () => {
  it('opens the search home page when blank', () => {
    expect(typedAddressUrl('')).toBe(SEARCH_HOME_URL);
    expect(typedAddressUrl('   ')).toBe(SEARCH_HOME_URL);
  });

  it('opens an address as typed, adding https:// when it has none', () => {
    expect(typedAddressUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(typedAddressUrl('example.com/path')).toBe('https://example.com/path');
  });

  it('searches for words, and for anything that is not a web address', () => {
    expect(typedAddressUrl('train times')).toBe(`${SEARCH_HOME_URL}?q=train%20times`);
    expect(typedAddressUrl('javascript:alert(1)')).toBe(
      `${SEARCH_HOME_URL}?q=${encodeURIComponent('javascript:alert(1)')}`,
    );
  });
});

describe('browserTaskDelayMs (000 §9: 1 s, 1.5 s on desktop, 2 s from the menu, 0.5 s from the bubble)', () => {
  it('waits 1 s after a reply on a phone and 1.5 s on a desktop', () => {
    expect(browserTaskDelayMs('reply', false)).toBe(1000);
    expect(browserTaskDelayMs('reply', true)).toBe(1500);
  });

  it('waits 2 s from the menu and 0.5 s from the bubble, anywhere', () => {
    for (const desktop of [false, true]) {
      expect(browserTaskDelayMs('menu', desktop)).toBe(2000);
      expect(browserTaskDelayMs('bubble', desktop)).toBe(500);
    }
  });
});
