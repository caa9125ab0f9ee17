// The self-modification core (spec 001 §2, §5, §7): its config, the greeting the chat really uses, the
// server's recent log lines, the console's Python executions, and the execute call: create_file into the
// confined workspace, update_greeting (at once from a manual command, as a pending patch from a domain
// trigger), anything else a message to Kiri; 'Apply Latest Patch' applies the newest pending patch.
import type { Viewer } from '../auth/auth-service';
import { chatBodySchema } from '../chat/chat-body';
import type { ChatService } from '../chat/chat-service';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  DEFAULT_FILE_CONTENT,
  DEFAULT_FILENAME,
  MAX_GREETING_CHARS,
  NO_PENDING_PATCH,
  SELF_MOD_COMMANDS,
  type ExecuteType,
} from '../../src/domain/self-mod';
import { dayPartAt, renderGreeting } from './greeting';
import type { LogRing } from './log-ring';
import { MAX_KEPT_PATCHES, type GreetingPatch, type SelfModStore } from './self-mod-store';
import { Workspace } from './workspace';

/**
 * Issue 17's console hands its Python executions here (one line each, newest first); absent, there are
 * none and the panel says 'No Python logs available'.
 */
export interface PythonExecutionSource {
  pythonExecutions(count: number): string[];
}

export interface ExecuteRequest {
  type: ExecuteType;
  command: string;
  params: Record<string, unknown>;
}

/** Spec 001 §7: success, message, error. */
export interface ExecuteAnswer {
  success: true;
  message: string;
  error: null;
  /** What the command did, for the panel. */
  result:
    | { kind: 'file'; name: string; bytes: number; replaced: boolean }
    | { kind: 'greeting'; text: string }
    | { kind: 'patch'; patch: GreetingPatch }
    | { kind: 'reply'; reply: string; provider: string };
}

export interface SelfModServiceOptions {
  store: SelfModStore;
  dataDir: string;
  clock: () => number;
  log: Logger;
  logs: LogRing;
  python?: PythonExecutionSource | undefined;
  chat: ChatService;
  personaName: string;
  timeZone: string;
}

function text(params: Record<string, unknown>, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `params.${key}: must be text`);
  return value;
}

/** Rule 'greeting text': trimmed, not empty, at most MAX_GREETING_CHARS. */
export function checkGreeting(raw: string | undefined): string {
  const greeting = (raw ?? '').trim();
  if (greeting === '') throw new HttpError(400, 'params.new_greeting: is required');
  if (greeting.length > MAX_GREETING_CHARS) {
    throw new HttpError(
      400,
      `params.new_greeting: may have at most ${MAX_GREETING_CHARS} characters`,
    );
  }
  return greeting;
}

export class SelfModService {
  readonly workspace: Workspace;

  constructor(private readonly options: SelfModServiceOptions) {
    this.workspace = new Workspace(options.dataDir);
  }

  config() {
    return {
      // Domain triggers are accepted: each proposes a greeting patch that waits for 'Apply Latest Patch'.
      trigger_via_domain: true,
      supported_commands: [...SELF_MOD_COMMANDS],
    };
  }

  /** The owner's greeting as written, or null: then the engine greets in its own words. */
  ownerGreeting(): string | null {
    return this.options.store.data.greeting?.text ?? null;
  }

  /** The greeting the chat's initial greeting uses now, as this viewer would hear it. */
  greeting(viewer: Viewer) {
    const stored = this.options.store.data.greeting;
    const pending = this.pending();
    return {
      source: stored ? ('owner' as const) : ('engine' as const),
      text: stored?.text ?? null,
      preview: stored
        ? renderGreeting(stored.text, {
            name: viewer.user.name,
            persona: this.options.personaName,
            part: dayPartAt(this.options.clock(), this.options.timeZone),
          })
        : null,
      setAt: stored?.setAt ?? null,
      pendingPatches: pending.length,
      latestPatch: pending.at(-1) ?? null,
    };
  }

  logs(count: number): string[] {
    return this.options.logs.recent(count);
  }

  pythonLogs(count: number): string[] {
    try {
      return this.options.python?.pythonExecutions(count).slice(0, count) ?? [];
    } catch (error) {
      // The console's list failing is its own trouble: said in the log, not a 500 of this panel.
      this.options.log.warn(
        `self-mod: the console's Python executions could not be read: ${String(error)}`,
      );
      return [];
    }
  }

  private pending(): GreetingPatch[] {
    return this.options.store.data.patches.filter((patch) => patch.status === 'pending');
  }

  async execute(viewer: Viewer, request: ExecuteRequest): Promise<ExecuteAnswer> {
    const command = request.command.trim();
    const by = viewer.user.id;
    if (command === 'create_file') {
      if (request.type === 'domain_trigger') {
        throw new HttpError(
          400,
          'A domain trigger may only propose a greeting patch (update_greeting)',
        );
      }
      const name = text(request.params, 'filename') ?? DEFAULT_FILENAME;
      const content = text(request.params, 'content') ?? DEFAULT_FILE_CONTENT;
      const written = await this.workspace.write(name, content);
      this.options.log.info(
        `self-mod: ${written.replaced ? 'replaced' : 'created'} workspace/${written.name} (${written.bytes} bytes) for ${by}`,
      );
      return {
        success: true,
        message: `${written.replaced ? 'Replaced' : 'Created'} ${written.name} in the workspace (${written.bytes} bytes)`,
        error: null,
        result: { kind: 'file', ...written },
      };
    }
    if (command === 'update_greeting') {
      const greeting = checkGreeting(text(request.params, 'new_greeting'));
      if (request.type === 'domain_trigger') {
        const patch = await this.propose(greeting, by, request.type);
        return {
          success: true,
          message: 'Greeting patch proposed: Apply Latest Patch makes it the greeting',
          error: null,
          result: { kind: 'patch', patch },
        };
      }
      await this.setGreeting(greeting, by, null);
      return {
        success: true,
        message: 'Greeting updated: Kiri opens the next day with it',
        error: null,
        result: { kind: 'greeting', text: greeting },
      };
    }
    if (request.type === 'domain_trigger') {
      throw new HttpError(
        400,
        'A domain trigger may only propose a greeting patch (update_greeting)',
      );
    }
    return this.message(viewer, request);
  }

  /** Anything else is said to Kiri, as the console says it (context manual_console: not in the chat's log). */
  private async message(viewer: Viewer, request: ExecuteRequest): Promise<ExecuteAnswer> {
    const said = text(request.params, 'message') ?? request.command;
    const parsed = chatBodySchema.safeParse({ message: said, context: 'manual_console' });
    if (!parsed.success) throw new HttpError(400, 'params.message: must not be empty');
    const result = await this.options.chat.chat(viewer, parsed.data, null);
    if (result.status !== 200) {
      throw new HttpError(
        503,
        'Kiri could not answer now (deep pause): try again when she is awake',
      );
    }
    const reply = result.answer.kiriMessages.map((part) => part.message).join('\n');
    return {
      success: true,
      message: reply,
      error: null,
      result: { kind: 'reply', reply, provider: result.answer.provider },
    };
  }

  /** 'Apply Latest Patch': the newest pending patch becomes the greeting; older pending ones are superseded. */
  async applyLatestPatch(
    viewer: Viewer,
  ): Promise<{ success: true; message: string; greeting: string; patch: GreetingPatch }> {
    const latest = this.pending().at(-1);
    if (!latest) throw new HttpError(409, NO_PENDING_PATCH);
    await this.setGreeting(latest.text, viewer.user.id, latest.id);
    const patch = this.options.store.data.patches.find((item) => item.id === latest.id)!;
    return {
      success: true,
      message: 'Applied latest patch automatically',
      greeting: latest.text,
      patch,
    };
  }

  private async propose(greeting: string, by: string, via: ExecuteType): Promise<GreetingPatch> {
    const now = this.options.clock();
    const patch: GreetingPatch = {
      id: uuidv7(now),
      kind: 'greeting',
      text: greeting,
      proposedAt: new Date(now).toISOString(),
      proposedBy: by,
      via,
      status: 'pending',
      settledAt: null,
    };
    await this.options.store.update((data) => {
      data.patches.push(patch);
      // Room: the oldest settled patches go; pending ones stay until applied or superseded.
      while (data.patches.length > MAX_KEPT_PATCHES) {
        const index = data.patches.findIndex((item) => item.status !== 'pending');
        if (index < 0) break;
        data.patches.splice(index, 1);
      }
    });
    this.options.log.info(`self-mod: greeting patch ${patch.id} proposed by ${via} for ${by}`);
    return patch;
  }

  /** Sets the greeting; every patch still pending that was proposed before it is superseded. */
  private async setGreeting(greeting: string, by: string, patchId: string | null): Promise<void> {
    const at = new Date(this.options.clock()).toISOString();
    await this.options.store.update((data) => {
      data.greeting = { text: greeting, setAt: at, setBy: by, patchId };
      for (const patch of data.patches) {
        if (patch.status !== 'pending') continue;
        if (patch.id === patchId) patch.status = 'applied';
        else if (patch.proposedAt <= at) patch.status = 'superseded';
        else continue;
        patch.settledAt = at;
      }
    });
    this.options.log.info(
      `self-mod: greeting ${patchId ? `patch ${patchId} applied` : 'updated'} by ${by}`,
    );
  }
}
