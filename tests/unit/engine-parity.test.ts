// Issue 12, one engine in two homes: the shared engine gives the same reply for the same seed in Node
// and in jsdom. Node's replies come from a Node process of its own (tests/support/node-engine.ts) in
// this run, for the same inputs: several intents, personalities, moods, memory counts, zones, seeds,
// and initial greetings. Nothing is kept in a file: a change to the engine changes both homes at once.
// (WebKit, the iPhone's engine: tests/webkit/engine-parity.test.ts.)
// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanionInput, CompanionReply } from '@/engine/companion';
import { engineInput, initialGreeting, OWNER_MESSAGES } from '../support/engine-inputs';

/**
 * Node's home (a child process) is driven by a module that uses Node's APIs; the app's tsconfig, which
 * checks this file, has no Node types (so the app cannot use them), hence the import by a path the
 * type checker does not follow. tsconfig.node.json checks that module.
 */
const NODE_ENGINE = '../support/node-engine';
type RepliesInNode = (inputs: CompanionInput[]) => Promise<CompanionReply[]>;

/** 28 messages spread over the whole list (every kind), and two initial greetings. */
const INPUTS: CompanionInput[] = [
  ...Array.from({ length: 28 }, (_, k) =>
    engineInput(Math.round((k * (OWNER_MESSAGES.length - 1)) / 27)),
  ),
  initialGreeting(3),
  initialGreeting(8),
];

let fromNode: CompanionReply[];
beforeAll(async () => {
  const { repliesInNode } = (await import(/* @vite-ignore */ NODE_ENGINE)) as {
    repliesInNode: RepliesInNode;
  };
  fromNode = await repliesInNode(INPUTS);
}, 60_000);

describe('the shared engine in Node and in jsdom', () => {
  it('runs here in jsdom, not in Node alone', () => {
    expect(typeof window).toBe('object');
    expect(typeof document.createElement).toBe('function');
  });

  it('gives the same reply for the same seed in Node and in jsdom', async () => {
    // Loaded as the device loads it: with import() (lint keeps the engine out of the first load).
    const { localReply } = await import('@/engine/companion');
    const here = INPUTS.map((input) => localReply(input));
    expect(fromNode).toHaveLength(INPUTS.length);
    for (const [i, input] of INPUTS.entries()) {
      expect(here[i], `reply to ${JSON.stringify(input.message)} (seed ${input.seed})`).toEqual(
        fromNode[i],
      );
    }
  });

  it('covers several intents, and no reply is empty', () => {
    const intents = new Set(fromNode.map((reply) => reply.intent));
    expect(intents.size).toBeGreaterThanOrEqual(6);
    for (const reply of fromNode) {
      expect(reply.parts.length).toBeGreaterThan(0);
      for (const part of reply.parts) expect(part.trim()).not.toBe('');
    }
  });
});
