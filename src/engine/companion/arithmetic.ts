// Arithmetic in a message ('what's 12 times 7?'): answered right, or honestly declined (issue 12). A small
// recursive-descent reader over at most MAX_MATH_TOKENS tokens, so it is linear and never evaluates code.
import { normaliseApostrophes, tidy, trimEndOf } from './text';

export type MathReading =
  | { kind: 'answer'; expression: string; value: number; result: string }
  | { kind: 'decline'; expression: string; reason: 'divide_by_zero' | 'too_big' | 'not_real' };

/** More tokens than this is not a sum someone asks a companion. */
export const MAX_MATH_TOKENS = 40;
/** Past this, the answer is too big to be exact in a double, so she declines. */
const MAX_EXACT = 1e15;

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** The scales a number in words is built with ('three hundred and forty two thousand'). */
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};

const WORD_AT = /[a-z]+/y;

function wordAt(s: string, at: number): { w: string; start: number; end: number } | null {
  let start = at;
  // 'forty-two' is one number; 'twenty - five' is a difference.
  if (s[start] === '-' && /[a-z]/.test(s[start - 1] ?? '') && /[a-z]/.test(s[start + 1] ?? '')) {
    start += 1;
  } else while (start < s.length && s[start] === ' ') start += 1;
  WORD_AT.lastIndex = start;
  const w = WORD_AT.exec(s)?.[0];
  return w ? { w, start, end: start + w.length } : null;
}

/**
 * Rule numberWords: a number said in words, from `at` ('three hundred and forty two', 'a thousand',
 * 'one million', 'twenty-one', 'two thousand and five'): its value and where it ends, or null when no
 * number starts there. Scales come in falling order ('a thousand million' stops at the thousand); 'and'
 * belongs to the number only after a scale and before a small number ('two and three' is a sum).
 */
export function numberWords(s: string, at: number): { value: number; end: number } | null {
  let total = 0;
  let current = 0;
  let last: 'none' | 'a' | 'unit' | 'teen' | 'tens' | 'hundred' | 'scale' | 'and' = 'none';
  let lastScale = Infinity;
  let end = at;
  let next = wordAt(s, at);
  while (next) {
    const { w } = next;
    const small = NUMBER_WORDS[w];
    const scale = SCALES[w];
    if (small !== undefined) {
      const kind = small < 10 ? 'unit' : small < 20 ? 'teen' : 'tens';
      const fits =
        last === 'none' ||
        last === 'hundred' ||
        last === 'scale' ||
        last === 'and' ||
        (last === 'tens' && kind === 'unit' && small > 0 && current % 10 === 0);
      if (!fits) break;
      current += small;
      last = kind;
    } else if (w === 'hundred') {
      if (last === 'hundred' || last === 'and' || current >= 100) break;
      current = (current || 1) * 100;
      last = 'hundred';
    } else if (scale !== undefined) {
      if (last === 'and' || scale >= lastScale) break;
      total += (current || 1) * scale;
      current = 0;
      lastScale = scale;
      last = 'scale';
    } else if (w === 'a' && last === 'none') {
      const after = wordAt(s, next.end);
      if (!after || SCALES[after.w] === undefined) break;
      last = 'a';
    } else if (w === 'and' && (last === 'hundred' || last === 'scale')) {
      const after = wordAt(s, next.end);
      if (!after || NUMBER_WORDS[after.w] === undefined) break;
      last = 'and';
    } else break;
    if (last !== 'a' && last !== 'and') end = next.end;
    next = wordAt(s, next.end);
  }
  return end === at ? null : { value: total + current, end };
}

/** The asking around a sum: 'what's', 'how much is', 'can you calculate', 'please'. */
const ASK_LEAD =
  /^(?:(?:hey|hi|ok(?:ay)?|so|quick|kiri|um+)[\s,!:]+)*(?:(?:can|could)\s+you\s+(?:tell\s+me\s+|calculate\s+|compute\s+|work\s+out\s+|do\s+)?|what(?:'s|\s+is|s)\s+|how\s+much\s+is\s+|how\s+much\s+are\s+|calculate\s+|compute\s+|solve\s+|work\s+out\s+|quick\s+maths?[\s:]+)?(?:what(?:'s|\s+is)\s+)?/i;
const ASK_TAIL = /(?:please|kiri|exactly|again|equal|equals|=)$/i;

type Token =
  | { t: 'num'; v: number }
  | { t: 'op'; v: '+' | '-' | '*' | '/' | '^' | '%of' }
  | { t: 'post'; v: 'sq' | 'cube' | 'pct' }
  | { t: 'sqrt' }
  | { t: '(' }
  | { t: ')' };

const WORD_OPS: [RegExp, Token][] = [
  [/^(?:plus|add(?:ed\s+to)?|and)\b/y, { t: 'op', v: '+' }],
  [/^(?:minus|less|take\s+away|subtract)\b/y, { t: 'op', v: '-' }],
  [/^(?:times|multiplied\s+by|x)\b/y, { t: 'op', v: '*' }],
  [/^(?:divided\s+by|over)\b/y, { t: 'op', v: '/' }],
  [/^(?:to\s+the\s+power\s+of|raised\s+to(?:\s+the\s+power\s+of)?)\b/y, { t: 'op', v: '^' }],
  [/^(?:percent|per\s+cent|%)\s+of\b/y, { t: 'op', v: '%of' }],
  [/^(?:squared)\b/y, { t: 'post', v: 'sq' }],
  [/^(?:cubed)\b/y, { t: 'post', v: 'cube' }],
  [/^(?:percent|per\s+cent)\b/y, { t: 'post', v: 'pct' }],
  [/^(?:the\s+)?square\s+root\s+of\b|^sqrt\b/y, { t: 'sqrt' }],
];

/** The tokens of a sum, or null when anything in it is not arithmetic ('2 cats plus 3 dogs'). */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  const s = text.toLowerCase();
  while (i < s.length) {
    if (tokens.length > MAX_MATH_TOKENS) return null;
    const ch = s[i]!;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const number = /\d+(?:[.,]\d+)*/y;
    number.lastIndex = i;
    const digits = number.exec(s);
    if (digits) {
      // '1,000' is a thousand; '3.5' a decimal (a comma followed by three digits groups thousands).
      const raw = digits[0];
      const value = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(raw)
        ? Number(raw.replace(/,/g, ''))
        : Number(raw.replace(',', '.'));
      if (!Number.isFinite(value)) return null;
      i += raw.length;
      // '2 million', '1.5 thousand'.
      const scaled = wordAt(s, i);
      const scale = scaled && /^\s*$/.test(s.slice(i, scaled.start)) ? SCALES[scaled.w] : undefined;
      if (scale !== undefined && scaled) i = scaled.end;
      tokens.push({ t: 'num', v: scale !== undefined ? value * scale : value });
      continue;
    }
    if ('+-*/^()×÷%'.includes(ch)) {
      if (ch === '(' || ch === ')') tokens.push({ t: ch });
      else if (ch === '%') {
        const of = /%\s*of\b/y;
        of.lastIndex = i;
        if (of.test(s)) {
          tokens.push({ t: 'op', v: '%of' });
          i = of.lastIndex;
          continue;
        }
        tokens.push({ t: 'post', v: 'pct' });
      } else {
        const op = ch === '×' ? '*' : ch === '÷' ? '/' : (ch as '+' | '-' | '*' | '/' | '^');
        tokens.push({ t: 'op', v: op });
      }
      i += 1;
      continue;
    }
    let matched = false;
    for (const [pattern, token] of WORD_OPS) {
      pattern.lastIndex = 0;
      const rest = s.slice(i, i + 40);
      const hit = pattern.exec(rest);
      if (hit && hit.index === 0) {
        tokens.push(token);
        i += hit[0].length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = /[a-z]+/y;
    word.lastIndex = i;
    const w = word.exec(s)?.[0];
    const spoken = w ? numberWords(s, i) : null;
    if (spoken) {
      tokens.push({ t: 'num', v: spoken.value });
      i = spoken.end;
      continue;
    }
    if (w === 'a' || w === 'the' || w === 'by') {
      i += w.length;
      continue;
    }
    return null;
  }
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private isOp(...ops: string[]): boolean {
    const token = this.peek();
    return token?.t === 'op' && ops.includes(token.v);
  }

  sum(): number | null {
    let value = this.product();
    while (value !== null && this.isOp('+', '-')) {
      const op = (this.tokens[this.at++] as { v: string }).v;
      const right = this.product();
      if (right === null) return null;
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }

  private product(): number | null {
    let value = this.power();
    while (value !== null && this.isOp('*', '/', '%of')) {
      const op = (this.tokens[this.at++] as { v: string }).v;
      const right = this.power();
      if (right === null) return null;
      value = op === '*' ? value * right : op === '/' ? value / right : (value / 100) * right;
    }
    return value;
  }

  private power(): number | null {
    const base = this.unary();
    if (base === null || !this.isOp('^')) return base;
    this.at += 1;
    const exponent = this.power();
    return exponent === null ? null : base ** exponent;
  }

  private unary(): number | null {
    if (this.isOp('-')) {
      this.at += 1;
      const value = this.unary();
      return value === null ? null : -value;
    }
    const token = this.peek();
    if (token?.t === 'sqrt') {
      this.at += 1;
      const value = this.unary();
      return value === null ? null : Math.sqrt(value);
    }
    return this.postfix();
  }

  private postfix(): number | null {
    let value = this.primary();
    for (let token = this.peek(); value !== null && token?.t === 'post'; token = this.peek()) {
      this.at += 1;
      value = token.v === 'sq' ? value * value : token.v === 'cube' ? value ** 3 : value / 100;
    }
    return value;
  }

  private primary(): number | null {
    const token = this.tokens[this.at++];
    if (token?.t === 'num') return token.v;
    if (token?.t === '(') {
      const value = this.sum();
      if (this.tokens[this.at++]?.t !== ')') return null;
      return value;
    }
    return null;
  }
}

/** A number as Kiri says it: whole numbers exact ('1,234'), others to at most 4 decimals. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Rule readArithmetic: a message that is a sum ('what's 12 times 7?', '2+2', 'what is 15% of 80') gets
 * its value; one that cannot be answered honestly (dividing by zero, the root of a negative number, a
 * result too big to be exact) gets a decline; anything else is not arithmetic (null). A sum needs at
 * least one operation and a number: '7' alone or 'what's 2 cats plus 3 dogs' is not one.
 */
export function readArithmetic(message: string): MathReading | null {
  const text = tidy(normaliseApostrophes(message.slice(0, 400)));
  if (
    !/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|hundred|thousand|million|billion|trillion)\b/i.test(
      text,
    )
  ) {
    return null;
  }
  let body = text.replace(ASK_LEAD, '');
  body = trimEndOf(body, /[\s?.!~=]/);
  for (let i = 0; i < 3; i += 1) {
    const tail = ASK_TAIL.exec(body.slice(-12));
    if (!tail) break;
    body = trimEndOf(body.slice(0, body.length - tail[0].length), /[\s?.!~=,]/);
  }
  const tokens = tokenize(body);
  if (!tokens || tokens.length < 2) return null;
  if (!tokens.some((token) => token.t !== 'num' && token.t !== '(' && token.t !== ')')) return null;
  if (!tokens.some((token) => token.t === 'num')) return null;
  const reader = new Reader(tokens);
  const value = reader.sum();
  if (value === null || !reader.done()) return null;
  const expression = body;
  if (Number.isNaN(value)) return { kind: 'decline', expression, reason: 'not_real' };
  if (!Number.isFinite(value)) return { kind: 'decline', expression, reason: 'divide_by_zero' };
  if (Math.abs(value) > MAX_EXACT) return { kind: 'decline', expression, reason: 'too_big' };
  return { kind: 'answer', expression, value, result: formatNumber(value) };
}
