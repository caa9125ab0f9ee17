// Checks the conversation corpus against the engine: every item under several personalities, seeds and
// clocks, the multi-turn scenarios, and long conversations for repeats. Pure (no Node, no DOM), so the
// same run happens in Node and in jsdom.
import { BASELINE_PERSONALITY } from '../../../src/engine/companion/types';
import type {
  ChatTurn,
  CompanionInput,
  MemoryItem,
  PersonalityDimensions,
} from '../../../src/engine/companion/types';
import { localReply, readMessage } from '../../../src/engine/companion/local-engine';
import { echoesTooMuch } from '../../../src/engine/companion/echo';
import { jokesIn } from '../../../src/engine/companion/jokes';
import { songsIn, storiesIn } from '../../../src/engine/companion/stories';
import { replyKey } from '../../../src/engine/companion/text';
import { CORPUS, FACTS, SCENARIOS, type CorpusItem, type CorpusKind } from './corpus';

/** The spec's presets (000 §personality), and the baseline. */
export const PERSONALITIES: Record<string, PersonalityDimensions> = {
  baseline: BASELINE_PERSONALITY,
  casual: { softness: 0.8, logic_bias: 0.4, humor_level: 0.6, formality: 0.2, initiative: 0.7 },
  professional: {
    softness: 0.6,
    logic_bias: 0.8,
    humor_level: 0.3,
    formality: 0.7,
    initiative: 0.6,
  },
  gentle: { softness: 0.9, logic_bias: 0.3, humor_level: 0.4, formality: 0.8, initiative: 0.5 },
  direct: { softness: 0.5, logic_bias: 0.9, humor_level: 0.2, formality: 0.4, initiative: 0.8 },
};
export const SEEDS = [1, 7, 42];
/** Monday 3 March 2025, 14:00 and 10:00 in Lisbon (UTC+0 then). */
export const CLOCKS = [Date.UTC(2025, 2, 3, 14, 0), Date.UTC(2025, 2, 3, 10, 0)];
export const TIME_ZONE = 'Europe/Lisbon';
/** 'A few' words of the owner's message, the most a reply may say back (the rule, fixed here). */
export const MAX_ECHOED_WORDS = 4;
/** The window: no reply repeats word for word within this many turns. */
export const NO_REPEAT_TURNS = 50;

export const RULES = [
  'never empty',
  'intent recognised',
  'feeling polarity',
  'says what it must',
  'says nothing it must not',
  `echoes at most ${MAX_ECHOED_WORDS} words`,
  'tells a joke',
  'no story or song twice',
  'remembered facts come back',
  `no repeat within ${NO_REPEAT_TURNS} turns`,
] as const;
export type Rule = (typeof RULES)[number];

export interface CorpusRun {
  tally: Record<Rule, { passed: number; total: number }>;
  failures: string[];
  itemsPerKind: Record<CorpusKind, number>;
  /** Every reply, in order: the same run must give the same list in every home. */
  replies: string[];
}

const POSITIVE = new Set(['happy', 'excited', 'grateful']);

function polarityOf(feeling: string | null): 'positive' | 'negative' | 'none' {
  if (!feeling) return 'none';
  return POSITIVE.has(feeling) ? 'positive' : 'negative';
}

function memoriesOf(contents: readonly string[], now: number): MemoryItem[] {
  return contents.map((content, i) => ({ content, timestamp: now - (i + 1) * 86_400_000 }));
}

function inputOf(
  message: string,
  personality: PersonalityDimensions,
  seed: number,
  now: number,
  extra: Partial<CompanionInput> = {},
): CompanionInput {
  return {
    message,
    isInitialGreeting: false,
    userName: 'Mei',
    history: [],
    now,
    timeZone: TIME_ZONE,
    personaName: 'Kiri',
    personality,
    mood: null,
    memories: [],
    recentReplies: [],
    seed,
    ...extra,
  };
}

export function runCorpus(): CorpusRun {
  const tally = Object.fromEntries(RULES.map((rule) => [rule, { passed: 0, total: 0 }])) as Record<
    Rule,
    { passed: number; total: number }
  >;
  const failures: string[] = [];
  const replies: string[] = [];
  const check = (rule: Rule, ok: boolean, detail: () => string) => {
    tally[rule].total += 1;
    if (ok) tally[rule].passed += 1;
    else failures.push(`[${rule}] ${detail()}`);
  };
  const checkText = (
    where: string,
    message: string,
    text: string,
    parts: string[],
    must: readonly RegExp[] = [],
    mustNot: readonly RegExp[] = [],
    exempt: string[] = [],
  ) => {
    check(
      'never empty',
      parts.length >= 1 &&
        parts.length <= 3 &&
        parts.every((part) => part.trim() !== '') &&
        !/\{|\}|undefined|null|NaN/.test(text),
      () => `${where}: ${JSON.stringify(parts)}`,
    );
    for (const pattern of must) {
      check('says what it must', pattern.test(text), () => `${where}: ${pattern} not in "${text}"`);
    }
    for (const pattern of mustNot) {
      check(
        'says nothing it must not',
        !pattern.test(text),
        () => `${where}: ${pattern} in "${text}"`,
      );
    }
    check(
      `echoes at most ${MAX_ECHOED_WORDS} words`,
      !echoesTooMuch(text, message, exempt, MAX_ECHOED_WORDS),
      () => `${where}: "${text}" repeats "${message}"`,
    );
  };

  const itemsPerKind = {} as Record<CorpusKind, number>;
  for (const item of CORPUS) itemsPerKind[item.kind] = (itemsPerKind[item.kind] ?? 0) + 1;

  for (const [voice, personality] of Object.entries(PERSONALITIES)) {
    for (const seed of SEEDS) {
      for (const now of CLOCKS) {
        for (const item of CORPUS) runItem(item, voice, personality, seed, now);
      }
    }
  }

  function runItem(
    item: CorpusItem,
    voice: string,
    personality: PersonalityDimensions,
    seed: number,
    now: number,
  ) {
    const where = `${item.kind} "${item.message}" (${voice}, seed ${seed}, ${new Date(now).toISOString().slice(11, 16)})`;
    const memories = item.withFacts ? memoriesOf(FACTS, now) : [];
    const input = inputOf(item.message, personality, seed, now, {
      memories,
      ...(item.onDevice ? { onDevice: true } : {}),
    });
    const reply = localReply(input);
    const reading = readMessage(input);
    const text = reply.parts.join(' ');
    replies.push(text);
    check(
      'intent recognised',
      reply.intent === item.intent && (item.act === undefined || reading.act === item.act),
      () => `${where}: ${reply.intent}/${reading.act}, expected ${item.intent}/${item.act ?? '-'}`,
    );
    if (item.polarity) {
      check(
        'feeling polarity',
        polarityOf(reply.feeling) === item.polarity,
        () => `${where}: feeling ${reply.feeling}, expected ${item.polarity}`,
      );
    }
    if (item.tellsAJoke) {
      check('tells a joke', jokesIn(text).length > 0, () => `${where}: no joke in "${text}"`);
    }
    const exempt = [...(reply.remember ? [reply.remember] : []), ...memories.map((m) => m.content)];
    checkText(where, item.message, text, reply.parts, item.must, item.mustNot, exempt);
  }

  // Scenarios: the memories grow as she is told ('remember that …' stores reply.remember, as the
  // server and the device do), and the history holds the turns so far.
  for (const scenario of SCENARIOS) {
    for (const [voice, personality] of Object.entries(PERSONALITIES)) {
      for (const seed of SEEDS) {
        const now = CLOCKS[0]!;
        const memories: MemoryItem[] = memoriesOf(scenario.memories ?? [], now);
        const history: ChatTurn[] = [];
        const said: string[] = [];
        const jokes: number[] = [];
        const tales: string[] = [];
        scenario.turns.forEach((turn, index) => {
          const where = `scenario "${scenario.name}" turn ${index + 1} "${turn.message}" (${voice}, seed ${seed})`;
          history.push({ role: 'user', content: turn.message });
          const reply = localReply(
            inputOf(turn.message, personality, seed, now + index * 60_000, {
              history: history.slice(-10),
              memories: [...memories],
              recentReplies: said.slice(-NO_REPEAT_TURNS),
            }),
          );
          const text = reply.parts.join(' ');
          replies.push(text);
          if (reply.remember) memories.unshift({ content: reply.remember, timestamp: now + index });
          history.push({ role: 'assistant', content: text });
          said.push(text);
          jokes.push(...jokesIn(text));
          tales.push(
            ...storiesIn(text).map((i) => `story ${i}`),
            ...songsIn(text).map((i) => `song ${i}`),
          );
          const exempt = [
            ...(reply.remember ? [reply.remember] : []),
            ...memories.map((memory) => memory.content),
          ];
          const factTurn = (turn.must ?? []).length > 0 && index > 0 && reply.intent === 'recall';
          if (factTurn) {
            for (const pattern of turn.must!) {
              check(
                'remembered facts come back',
                pattern.test(text),
                () => `${where}: ${pattern} not in "${text}"`,
              );
            }
          }
          checkText(
            where,
            turn.message,
            text,
            reply.parts,
            factTurn ? [] : turn.must,
            turn.mustNot,
            exempt,
          );
        });
        check(
          'tells a joke',
          new Set(jokes).size === jokes.length,
          () => `scenario "${scenario.name}" (${voice}, seed ${seed}): a joke told twice`,
        );
        check(
          'no story or song twice',
          new Set(tales).size === tales.length,
          () => `scenario "${scenario.name}" (${voice}, seed ${seed}): ${tales.join(', ')}`,
        );
      }
    }
  }

  // Long conversations: 25 messages of every kind, four times over (each comes back every 25 turns),
  // with the last 50 replies and 10 turns of history, as the app passes them. No reply may repeat one
  // of the 50 before it, and none may be empty.
  const cycle = CORPUS.filter((_, i) => i % 4 === 0).slice(0, 25);
  for (const [voice, personality] of Object.entries(PERSONALITIES)) {
    const said: string[] = [];
    const history: ChatTurn[] = [];
    for (let turn = 0; turn < cycle.length * 4; turn += 1) {
      const item = cycle[turn % cycle.length]!;
      const now = CLOCKS[0]! + turn * 120_000;
      history.push({ role: 'user', content: item.message });
      const reply = localReply(
        inputOf(item.message, personality, 1, now, {
          history: history.slice(-10),
          memories: item.withFacts ? memoriesOf(FACTS, now) : [],
          recentReplies: said.slice(-NO_REPEAT_TURNS),
        }),
      );
      const text = reply.parts.join(' ');
      replies.push(text);
      const where = `conversation (${voice}) turn ${turn + 1} "${item.message}"`;
      const recent = new Set(said.slice(-NO_REPEAT_TURNS).map(replyKey));
      check(
        `no repeat within ${NO_REPEAT_TURNS} turns`,
        !recent.has(replyKey(text)),
        () => `${where}: "${text}" again`,
      );
      check(
        'never empty',
        reply.parts.length >= 1 && reply.parts.every((part) => part.trim() !== ''),
        () => `${where}: ${JSON.stringify(reply.parts)}`,
      );
      said.push(text);
      history.push({ role: 'assistant', content: text });
    }
  }

  return { tally, failures, itemsPerKind, replies };
}

/** The pass rates, per rule and overall, as the test prints them. */
export function report(run: CorpusRun, home: string): string {
  const lines = [
    `Conversation corpus (${home}): ${CORPUS.length} messages, ${SCENARIOS.length} scenarios`,
  ];
  for (const [kind, count] of Object.entries(run.itemsPerKind)) lines.push(`  ${kind}: ${count}`);
  let passed = 0;
  let total = 0;
  for (const rule of RULES) {
    const { passed: p, total: t } = run.tally[rule];
    passed += p;
    total += t;
    lines.push(`  ${rule}: ${p}/${t} (${t === 0 ? '-' : ((100 * p) / t).toFixed(1)}%)`);
  }
  lines.push(`  overall: ${passed}/${total} (${((100 * passed) / total).toFixed(1)}%)`);
  return lines.join('\n');
}
