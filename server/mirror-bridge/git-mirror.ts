// The git mirror: the conversation written as Markdown, one file per day at
// `<repo>/kiri-mirror/<yyyy>/<yyyy-MM-dd>.md`, and committed with the system `git`, spawned with an
// argument array (never a shell string) and a plain environment. A day file already in the repository is
// merged with the log (by message hash), so lines the log's cap dropped stay in the mirror.
import { spawn } from 'node:child_process';
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMarkdownExport, renderDayMarkdown } from './export-formats';
import { messageHash, sideOf, type BridgeSide } from './message-rules';

/** The folder inside the repository that Kiri writes; nothing else in it is touched. */
export const MIRROR_FOLDER = 'kiri-mirror';
const GIT_TIMEOUT_MS = 30_000;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', args, {
      cwd,
      shell: false,
      // No pager, no prompt for credentials, no editor: the server has no terminal.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_EDITOR: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: GIT_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

/** Is `path` the top of an existing git work tree? (A folder inside one is refused: say the top.) */
export async function gitWorkTreeProblem(path: string): Promise<string | null> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return `${path} does not exist`;
  }
  let result: GitResult;
  try {
    result = await runGit(real, ['rev-parse', '--show-toplevel']);
  } catch {
    return 'git is not installed on the server';
  }
  if (result.code !== 0) return `${path} is not a git work tree`;
  const top = await realpath(result.stdout.trim()).catch(() => '');
  return top === real ? null : `${path} is inside a git work tree; configure its top folder`;
}

export interface MirrorLine {
  author: string;
  side: BridgeSide;
  timestamp: number;
  message: string;
}

export interface MirrorOutcome {
  /** The new commit's hash, or null when every day file was already up to date. */
  commit: string | null;
  /** Day files written. */
  files: number;
}

/** The day id's file inside the repository. */
export function dayFilePath(dayId: string): string {
  return join(MIRROR_FOLDER, dayId.slice(0, 4), `${dayId}.md`);
}

/**
 * Writes each day's Markdown (merged with the file already there) and commits the mirror folder when
 * something changed. `days` maps a day id (yyyy-MM-dd in TIME_ZONE) to its lines.
 */
export async function mirrorToGit(options: {
  repo: string;
  days: ReadonlyMap<string, readonly MirrorLine[]>;
  timeZone: string;
  personaName: string;
}): Promise<MirrorOutcome> {
  const problem = await gitWorkTreeProblem(options.repo);
  if (problem) throw new Error(problem);
  const repo = await realpath(options.repo);
  let files = 0;
  for (const [dayId, lines] of options.days) {
    const relativePath = dayFilePath(dayId);
    const path = join(repo, relativePath);
    const existing = await readFile(path, 'utf8').catch(() => '');
    const merged = new Map<string, MirrorLine>();
    for (const old of parseMarkdownExport(existing, options.timeZone).messages) {
      const side = sideOf(old.author, options.personaName);
      merged.set(messageHash(side, old.timestamp, old.message), { ...old, side });
    }
    for (const line of lines)
      merged.set(messageHash(line.side, line.timestamp, line.message), line);
    const ordered = [...merged.values()].sort((a, b) => a.timestamp - b.timestamp);
    const text = renderDayMarkdown(dayId, ordered, options.timeZone);
    if (text === existing) continue;
    await mkdir(join(repo, MIRROR_FOLDER, dayId.slice(0, 4)), { recursive: true });
    await writeFile(path, text, 'utf8');
    files += 1;
  }
  const add = await runGit(repo, ['add', '--', MIRROR_FOLDER]);
  if (add.code !== 0) throw new Error(`git add failed: ${add.stderr.trim()}`);
  const staged = await runGit(repo, ['diff', '--cached', '--quiet', '--', MIRROR_FOLDER]);
  if (staged.code === 0) return { commit: null, files };
  // The repository's own identity when it has one; otherwise Kiri's, so a fresh repo can be mirrored.
  const identity = await runGit(repo, ['config', 'user.email']);
  const named = identity.code === 0 && identity.stdout.trim() !== '';
  const commitArgs = [
    ...(named ? [] : ['-c', 'user.name=Kiri', '-c', 'user.email=kiri@localhost']),
    'commit',
    '--no-verify',
    '--no-gpg-sign',
    '-m',
    `Kiri mirror: ${files} day file${files === 1 ? '' : 's'}`,
    '--',
    MIRROR_FOLDER,
  ];
  const commit = await runGit(repo, commitArgs);
  if (commit.code !== 0)
    throw new Error(`git commit failed: ${commit.stderr.trim() || commit.stdout.trim()}`);
  const head = await runGit(repo, ['rev-parse', 'HEAD']);
  return { commit: head.code === 0 ? head.stdout.trim() : null, files };
}
