// Sources 'news' and 'trends': the RSS 2.0, RSS 1.0 (RDF) or Atom feeds the owner configured, fetched
// with fetchCapped and parsed by fast-xml-parser. Each collection offers a feed's newest items; the
// collection keeps the ones not seen before. An unreachable or malformed feed is skipped with its reason.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Feed } from '../consciousness-store';
import { fetchCapped, type FetchLike } from './fetch-capped';
import type { Candidate, SourceAnswer } from './source-types';

/** A feed's newest items offered per collection. */
export const ITEMS_PER_FEED = 3;
/** A headline longer than this is cut (with an ellipsis). */
export const HEADLINE_MAX = 280;
/** The headline and summary read for an item's feeling, at most this long. */
export const FEELING_TEXT_MAX = 2_000;

export interface FeedItem {
  title: string;
  link: string | null;
  at: number | null;
  summary: string;
}

export interface ParsedFeed {
  title: string | null;
  items: FeedItem[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Entities of the document's own DOCTYPE are not expanded (no entity bombs); the five XML ones are.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
});

const asArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of an element, whether it came as a string or with attributes ('#text'). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isRecord(value)) return textOf(value['#text']);
  if (Array.isArray(value)) return textOf(value[0]);
  return '';
}

/**
 * Tags out, whitespace folded: a headline or a summary as plain text. A loop rather than /<[^>]*>/: on a
 * feed's text of many '<' without a '>' that regex retries from each one (quadratic); this reads once.
 */
export function plainText(value: string): string {
  // A '<' after the last '>' opens no tag: it stays as text.
  const lastClose = value.lastIndexOf('>');
  let out = '';
  let inTag = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (inTag) {
      if (char === '>') {
        inTag = false;
        out += ' ';
      }
    } else if (char === '<' && i < lastClose) {
      inTag = true;
    } else {
      out += char;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

function atomLink(value: unknown): string | null {
  const links = asArray(value).filter(isRecord);
  const alternate = links.find((link) => !link['@_rel'] || link['@_rel'] === 'alternate');
  const href = (alternate ?? links[0])?.['@_href'];
  return typeof href === 'string' && href ? href : null;
}

function timeOf(value: unknown): number | null {
  const text = textOf(value).trim();
  if (!text) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** Rule 'feed format': RSS 2.0, RSS 1.0 (RDF) or Atom; anything else is null. */
export function parseFeed(xml: string): ParsedFeed | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const doc: unknown = parser.parse(xml);
  if (!isRecord(doc)) return null;
  const rss = isRecord(doc.rss) ? doc.rss : null;
  const rdf = isRecord(doc['rdf:RDF']) ? doc['rdf:RDF'] : null;
  const atom = isRecord(doc.feed) ? doc.feed : null;
  if (rss || rdf) {
    const channel = isRecord((rss ?? rdf)!.channel)
      ? ((rss ?? rdf)!.channel as Record<string, unknown>)
      : {};
    const rawItems = rss ? channel.item : rdf!.item;
    return {
      title: plainText(textOf(channel.title)) || null,
      items: asArray(rawItems)
        .filter(isRecord)
        .map((item) => ({
          title: plainText(textOf(item.title)),
          link: plainText(textOf(item.link)) || null,
          at: timeOf(item.pubDate ?? item['dc:date']),
          summary: plainText(textOf(item.description)),
        })),
    };
  }
  if (atom) {
    return {
      title: plainText(textOf(atom.title)) || null,
      items: asArray(atom.entry)
        .filter(isRecord)
        .map((entry) => ({
          title: plainText(textOf(entry.title)),
          link: atomLink(entry.link),
          at: timeOf(entry.updated ?? entry.published),
          summary: plainText(textOf(entry.summary ?? entry.content)),
        })),
    };
  }
  return null;
}

/** The newest items first (by their dates when every item has one, else in the feed's own order). */
export function newestItems(items: readonly FeedItem[], count = ITEMS_PER_FEED): FeedItem[] {
  const titled = items.filter((item) => item.title !== '');
  const dated = titled.every((item) => item.at !== null);
  const ordered = dated ? [...titled].sort((a, b) => b.at! - a.at!) : titled;
  return ordered.slice(0, count);
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export async function readFeedSource(input: {
  feed: Feed;
  fetch?: FetchLike;
}): Promise<SourceAnswer> {
  const { feed } = input;
  let xml: string;
  try {
    xml = await fetchCapped(feed.url, {
      fetch: input.fetch,
      accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml',
    });
  } catch (error) {
    return { kind: 'skipped', reason: (error as Error).message };
  }
  const parsed = parseFeed(xml);
  if (!parsed) return { kind: 'skipped', reason: 'not an RSS or Atom feed' };
  const host = new URL(feed.url).host;
  const source = parsed.title ? `${cut(parsed.title, 80)} (${host})` : host;
  const candidates: Candidate[] = newestItems(parsed.items).map((item) => ({
    key: `${feed.kind}:${item.link ?? item.title}`,
    type: feed.kind,
    content: cut(item.title, HEADLINE_MAX),
    source,
    // The headline's feeling, with its summary's words when there is one.
    // (cut: VADER's cost grows with the text, and a summary's first lines carry its feeling).
    ...(item.summary
      ? { feelingText: cut(`${item.title}. ${item.summary}`, FEELING_TEXT_MAX) }
      : {}),
  }));
  return {
    kind: 'entries',
    candidates,
    emptyReason: parsed.items.length === 0 ? 'the feed has no items' : undefined,
  };
}
