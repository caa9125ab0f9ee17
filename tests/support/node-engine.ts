// The engine's Node home, as a process of its own: reads a JSON array of CompanionInput on stdin and
// prints localReply's answer to each, as JSON, on stdout. The parity tests run it beside the other home
// (jsdom, WebKit) in the same test run, so Node's replies are computed fresh, never kept in a file.
// `node --import tsx tests/support/node-engine.ts < inputs.json`
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CompanionInput, CompanionReply } from '../../src/engine/companion/types';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(SELF, '../../..');

/** Node's replies to `inputs`, from a fresh Node process (plain Node: no jsdom, no test runner). */
export function repliesInNode(inputs: readonly CompanionInput[]): Promise<CompanionReply[]> {
  return new Promise((resolvePromise, reject) => {
    // The bare environment a server has: no NODE_ENV=test, no Vitest globals.
    const env = { ...process.env };
    delete env.NODE_ENV;
    delete env.VITEST;
    const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`the Node engine process exited with ${code}:\n${err}`));
        return;
      }
      resolvePromise(JSON.parse(out) as CompanionReply[]);
    });
    child.stdin.end(JSON.stringify(inputs));
  });
}

async function main(): Promise<void> {
  const { localReply } = await import('../../src/engine/companion');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  const inputs = JSON.parse(text) as CompanionInput[];
  process.stdout.write(JSON.stringify(inputs.map((input) => localReply(input))));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
