// The self-modification panel's contract (spec 001 §2 "Self-modification panel", §3, §5, §7, §8), shared
// by the server (server/self-mod/) and the panel (src/features/self-mod/): the command names, the limits
// and the texts both sides show.

/** The commands `POST /api/self-mod/execute` carries out; any other command is a message to Kiri. */
export const SELF_MOD_COMMANDS = ['create_file', 'update_greeting'] as const;
export type SelfModCommand = (typeof SELF_MOD_COMMANDS)[number];

/** Spec 001 §7: the execute call's two types. */
export const EXECUTE_TYPES = ['manual_command', 'domain_trigger'] as const;
export type ExecuteType = (typeof EXECUTE_TYPES)[number];

/** Spec 001 §9: the panel fetches 10 lines of each log. */
export const SELF_MOD_LOG_FETCH = 10;
/** The most lines one logs call may ask for (the server keeps LOG_RING_CAPACITY). */
export const MAX_LOG_COUNT = 200;

/** The longest greeting the owner can set (characters, after trimming). */
export const MAX_GREETING_CHARS = 500;
/** The longest message to Kiri from the command box (the chat's own message limit is larger). */
export const MAX_COMMAND_CHARS = 4000;
/** create_file: the most bytes one file may hold (UTF-8). */
export const MAX_WORKSPACE_FILE_BYTES = 256 * 1024;
/** create_file: the most files, and bytes in all, the workspace holds. */
export const MAX_WORKSPACE_FILES = 200;
export const MAX_WORKSPACE_BYTES = 10 * 1024 * 1024;
/** create_file: the longest file name (bytes are what file systems count; names are ASCII-checked). */
export const MAX_WORKSPACE_NAME_CHARS = 100;

/** Spec 001 §5 defaults of the text-to-command mapping. */
export const DEFAULT_FILENAME = 'test_file.txt';
export const DEFAULT_FILE_CONTENT = 'Generated content';

/**
 * Placeholders an owner's greeting may hold, filled when Kiri greets: the owner's name, her display
 * name, and the part of the day in TIME_ZONE ('morning', 'afternoon', 'evening', 'late night').
 */
export const GREETING_PLACEHOLDERS = ['{name}', '{persona}', '{part}'] as const;

/** Spec 001 §8, word for word. */
export const SELF_MOD_TEXT = {
  commandOk: 'Command executed successfully',
  commandFailed: 'Command failed',
  executionError: 'Execution error',
  executionErrorText: 'Failed to execute command',
  greetingUpdated: 'Greeting updated',
  patchApplied: 'Applied latest patch automatically',
  noLogs: 'No logs available',
  noPythonLogs: 'No Python logs available',
} as const;

/** 409 of apply-latest-patch when nothing waits. */
export const NO_PENDING_PATCH = 'No pending greeting patch to apply';
