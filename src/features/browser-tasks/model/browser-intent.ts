// When Kiri's reply means opening a page, which page, and after how long (spec 000 §2.2, §5, §7, §9).
// Plain functions: the watcher hook, the menu and the bubble all decide with these.

/** Spec 000 §7: the phrases that mean Kiri is opening a page ('opening a tab', 'let me open', …). */
export const BROWSER_INTENT_PHRASES = [
  'opening a tab',
  'opening a new tab',
  'open a tab',
  'open a new tab',
  'let me open',
  "i'll open",
  'navigate to',
  'check out',
] as const;

/**
 * Our choice of search engine (the spec only says "a search engine"): DuckDuckGo asks for no account,
 * keeps no search history tied to the owner, and answers the same plain URL form everywhere.
 */
export const SEARCH_HOME_URL = 'https://duckduckgo.com/';
/** The longest query taken from a message: a search box, not a letter. */
export const SEARCH_QUERY_MAX_CHARS = 200;

/** Spec 000 §9: how long after the trigger the page opens. */
export const BROWSER_TASK_DELAY_MS = {
  reply: 1_000,
  replyDesktop: 1_500,
  menu: 2_000,
  bubble: 500,
} as const;

export type BrowserTaskSource = 'reply' | 'menu' | 'bubble';

/** Lower case, one space between words, straight apostrophes: how the phrases are compared. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
}

/** A phrase counts only as whole words: 'check outside' or 'recheck out' are not 'check out'. */
function containsPhrase(text: string, phrase: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(phrase, from);
    if (at < 0) return false;
    const before = at === 0 ? ' ' : text[at - 1]!;
    const after = text[at + phrase.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
    from = at + 1;
  }
}

/** Rule (000 §7): Kiri's reply means opening a page when it says one of the browser-intent phrases. */
export function replyMeansOpeningPage(reply: string): boolean {
  const text = normalise(reply);
  return BROWSER_INTENT_PHRASES.some((phrase) => containsPhrase(text, phrase));
}

// Top-level domains a bare address ('wikipedia.org') is recognised by; anything else needs http(s)://
// or www. so that 'e.g.' or 'file.txt' in a sentence never becomes a page.
const BARE_TLDS = new Set(
  'com org net io dev app edu gov info me co ai uk de fr jp cn nl ca au it es ch se no fi dk tv ly gg so page site blog news wiki'.split(
    ' ',
  ),
);

const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"\u2019\u201d]+$/;

function trimToken(token: string): string {
  return token.replace(/^[(<[{'"\u2018\u201c]+/, '').replace(TRAILING_PUNCTUATION, '');
}

/** An http(s) URL, or null when the text is not one (other schemes are never opened). */
function httpUrl(candidate: string): string | null {
  let url: URL;
  // Not URL.canParse: Safari has it only from 17.
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return url.href;
}

function bareAddress(token: string): string | null {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(token)) return null;
  const host = token.split('/')[0]!.toLowerCase();
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (!host.startsWith('www.') && !BARE_TLDS.has(tld)) return null;
  return httpUrl(`https://${token}`);
}

/** Rule: the first web address written in a text (http(s)://…, www.…, or a bare known domain). */
export function firstWebAddress(text: string): string | null {
  for (const raw of text.split(/\s+/)) {
    const token = trimToken(raw);
    if (!token) continue;
    if (/^https?:\/\//i.test(token)) {
      const url = httpUrl(token);
      if (url) return url;
      continue;
    }
    const bare = bareAddress(token);
    if (bare) return bare;
  }
  return null;
}

/** The search page for a query; the search engine's home page when the query is blank. */
export function searchPageUrl(query?: string | null): string {
  const text = (query ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_CHARS).trim();
  if (!text) return SEARCH_HOME_URL;
  return `${SEARCH_HOME_URL}?q=${encodeURIComponent(text)}`;
}

/**
 * Rule (000 §7): the page a browser-intent reply opens: an address in the reply; else one in the
 * owner's last message; else a search for what the owner last asked (our choice: Kiri said she would
 * look it up); else the search engine's home page.
 */
export function browserTaskUrl(reply: string, ownerLastMessage?: string | null): string {
  return (
    firstWebAddress(reply) ??
    (ownerLastMessage ? firstWebAddress(ownerLastMessage) : null) ??
    searchPageUrl(ownerLastMessage)
  );
}

/**
 * Rule (000 §5): what the menu's prompt opens. Blank is the search engine's home page; an address
 * (with or without https://) is that page; anything else is searched for.
 */
export function typedAddressUrl(typed: string): string {
  const text = typed.trim();
  if (!text) return SEARCH_HOME_URL;
  if (!/\s/.test(text)) {
    if (/^https?:\/\//i.test(text)) {
      const url = httpUrl(text);
      if (url) return url;
    } else if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /^[^:]+:\d+(\/|$)/.test(text)) {
      // 'example.com/path' or 'host:8080': a page; 'mailto:…', 'javascript:…' never are.
      const url =
        /\./.test(text) || text.startsWith('localhost') ? httpUrl(`https://${text}`) : null;
      if (url) return url;
    }
  }
  return searchPageUrl(text);
}

/** Rule (000 §9): a browser task opens 1 s after a reply (1.5 s on desktop), 2 s from the menu, 0.5 s from the bubble. */
export function browserTaskDelayMs(source: BrowserTaskSource, desktop: boolean): number {
  switch (source) {
    case 'reply':
      return desktop ? BROWSER_TASK_DELAY_MS.replyDesktop : BROWSER_TASK_DELAY_MS.reply;
    case 'menu':
      return BROWSER_TASK_DELAY_MS.menu;
    case 'bubble':
      return BROWSER_TASK_DELAY_MS.bubble;
  }
}
