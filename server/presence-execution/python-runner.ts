// Python for the manual console (docs/sandbox.md): only when the owner enabled it (CONSOLE_PYTHON) and a
// python3 is there. Each run is a subprocess with
//   - an EMPTY environment and `-I` (isolated mode: no PYTHON* variables, no user site, no cwd on the path),
//   - a throwaway working folder, removed afterwards,
//   - resource limits set by a small bootstrap before the snippet runs: address space (memory), CPU
//     seconds, size of any file written, open files,
//   - a wall-clock timeout that kills it, and an output cap that kills it too,
//   - where the machine allows unprivileged namespaces (`unshare -rn`), no network at all (a network
//     namespace with only a down loopback), its own process namespace (every process it forks dies with
//     it) and a mount namespace in which DATA_DIR is covered by an empty tmpfs (Kiri's files are not
//     there to read). Where it does not, the run still has the limits above, and the status says so.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EXECUTION_TIMEOUT_MS,
  HARD_KILL_GRACE_MS,
  OUTPUT_LIMIT_BYTES,
  PYTHON_MEMORY_BYTES,
  clipUtf8,
} from './execution-rules';
import type { RunResult } from './js-sandbox';

export type PythonState = 'enabled' | 'disabled' | 'unavailable';
export type PythonIsolation = 'namespaces' | 'limits-only';

/** Exit status the bootstrap uses for a MemoryError (the address-space limit). */
const MEMORY_EXIT = 86;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_OPEN_FILES = 64;

// Reads the snippet from stdin first (before the limits, which would count the read), then limits itself
// and runs it as __main__. A MemoryError anywhere is reported by its own exit status.
const BOOTSTRAP = `
import resource, sys, traceback
code = sys.stdin.read()
sys.stdin.close()
mem, cpu, fsize, nofile = (int(v) for v in sys.argv[1:5])
resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
try:
    exec(compile(code, '<console>', 'exec'), {'__name__': '__main__', '__builtins__': __builtins__})
except MemoryError:
    sys.stdout.flush()
    sys.exit(${MEMORY_EXIT})
except SystemExit:
    raise
except BaseException as error:
    sys.stdout.flush()
    sys.stderr.write(''.join(traceback.format_exception_only(type(error), error)))
    sys.exit(1)
`;

export interface PythonRunnerOptions {
  enabled: boolean;
  /** The python3 to run ('python3' from PATH by default). */
  command: string;
  /** Hidden from the snippet where a mount namespace is possible. */
  dataDir: string;
  timeoutMs?: number;
}

interface Probe {
  /** The interpreter's real path: a pyenv shim needs PATH and HOME, which the empty environment lacks. */
  executable: string | null;
  isolation: PythonIsolation;
}

const UNSHARE = '/usr/bin/unshare';
const SH = '/bin/sh';
const UNSHARE_ARGS = ['-rnm', '--pid', '--fork', '--kill-child'];

export class PythonRunner {
  private probed: Probe | null = null;
  private readonly timeoutMs: number;
  runs = 0;

  constructor(private readonly options: PythonRunnerOptions) {
    this.timeoutMs = options.timeoutMs ?? EXECUTION_TIMEOUT_MS;
  }

  /** Finds the interpreter and whether namespaces work, once (two short processes). */
  private probe(): Probe {
    if (this.probed) return this.probed;
    let executable: string | null = null;
    const found = spawnSync(this.options.command, ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    if (found.status === 0 && found.stdout.trim() !== '') executable = found.stdout.trim();
    let isolation: PythonIsolation = 'limits-only';
    if (executable) {
      const tried = spawnSync(
        UNSHARE,
        [...UNSHARE_ARGS, SH, '-c', 'mount -t tmpfs -o size=1m tmpfs "$1"', 'sh', tmpdir()],
        { env: {}, timeout: 10_000 },
      );
      if (tried.status === 0) isolation = 'namespaces';
    }
    this.probed = { executable, isolation };
    return this.probed;
  }

  state(): PythonState {
    if (!this.options.enabled) return 'disabled';
    return this.probe().executable ? 'enabled' : 'unavailable';
  }

  isolation(): PythonIsolation | null {
    return this.state() === 'enabled' ? this.probe().isolation : null;
  }

  async run(code: string): Promise<RunResult> {
    const { executable, isolation } = this.probe();
    if (!executable) return { success: false, output: '', reason: 'crash', thrown: null };
    this.runs += 1;
    const folder = await mkdtemp(join(tmpdir(), 'kiri-python-'));
    const cpuSeconds = Math.ceil(this.timeoutMs / 1000);
    const python = [
      executable,
      '-I',
      '-c',
      BOOTSTRAP,
      String(PYTHON_MEMORY_BYTES),
      String(cpuSeconds),
      String(MAX_FILE_BYTES),
      String(MAX_OPEN_FILES),
    ];
    const [command, ...args] =
      isolation === 'namespaces'
        ? [
            UNSHARE,
            ...UNSHARE_ARGS,
            SH,
            '-c',
            'mount -t tmpfs -o size=1m tmpfs "$0" && exec "$@"',
            this.options.dataDir,
            ...python,
          ]
        : python;
    try {
      return await this.spawnRun(command!, args, code, folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private spawnRun(command: string, args: string[], code: string, cwd: string): Promise<RunResult> {
    return new Promise<RunResult>((resolve) => {
      const child = spawn(command, args, {
        cwd,
        env: {},
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so a kill reaches whatever it started (without namespaces too).
        detached: true,
      });
      let output = '';
      let bytes = 0;
      let outputExceeded = false;
      let timedOut = false;
      let settled = false;
      const kill = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      const take = (chunk: Buffer) => {
        if (outputExceeded) return;
        const text = chunk.toString('utf8');
        const size = chunk.length;
        if (bytes + size > OUTPUT_LIMIT_BYTES) {
          output += clipUtf8(text, OUTPUT_LIMIT_BYTES - bytes);
          bytes = OUTPUT_LIMIT_BYTES;
          outputExceeded = true;
          kill();
          return;
        }
        output += text;
        bytes += size;
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, this.timeoutMs);
      // The CPU limit and the timeout both stop it; this only answers if the process never closes.
      const backstop = setTimeout(
        () => finish(null, 'SIGKILL'),
        this.timeoutMs + HARD_KILL_GRACE_MS,
      );
      const finish = (status: number | null, signal: NodeJS.Signals | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(backstop);
        kill();
        if (outputExceeded) {
          resolve({ success: false, output, reason: 'output', thrown: null });
        } else if (timedOut || signal === 'SIGXCPU' || (signal === 'SIGKILL' && !outputExceeded)) {
          resolve({ success: false, output, reason: 'timeout', thrown: null });
        } else if (status === MEMORY_EXIT) {
          resolve({ success: false, output, reason: 'memory', thrown: null });
        } else if (status === 0) {
          resolve({ success: true, output, reason: null, thrown: null });
        } else {
          // The traceback's last line ('ZeroDivisionError: division by zero') is the error; what the
          // snippet printed before it stays the output.
          const lines = output.trimEnd().split('\n');
          const thrown = lines.at(-1) ?? null;
          resolve({
            success: false,
            output: lines.slice(0, -1).join('\n'),
            reason: 'error',
            thrown: thrown || `Python exited with status ${status}`,
          });
        }
      };
      child.on('close', finish);
      child.on('error', () => finish(1, null));
      child.stdin.on('error', () => undefined);
      child.stdin.end(code);
    });
  }
}
