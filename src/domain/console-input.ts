// The manual console's rules (spec 002 §5 and §9), shared by the console screen and the server's file
// calls (server/manual-console), so both sides refuse the same files for the same reasons.

/** Spec 002 §5: any of these anywhere in the input makes it code; braces count singly. */
export const CODE_TRIGGERS = [
  '=',
  'console.log',
  'function',
  'const ',
  'let ',
  'var ',
  '{',
  '}',
  'print(',
  'import ',
  'def ',
  'class ',
] as const;

export type ConsoleInputKind = 'ignored' | 'code' | 'conversation';

/**
 * Rule (002 §5): empty or whitespace-only input is ignored; input holding any code trigger is code
 * (run by the sandbox); anything else is a conversation with Kiri. The triggers are matched as the
 * spec lists them, case and all ('Function' is conversation).
 */
export function classifyConsoleInput(input: string): ConsoleInputKind {
  if (input.trim() === '') return 'ignored';
  return CODE_TRIGGERS.some((trigger) => input.includes(trigger)) ? 'code' : 'conversation';
}

/** Spec 002 §9: how much of the replied-to entry is shown. */
export const REPLY_PREVIEW_LOG = 50;
export const REPLY_PREVIEW_BANNER = 80;
/** Spec 002 §9: the uploaded file's content preview. */
export const FILE_PREVIEW_CHARS = 500;

/**
 * Rule: a preview is the first `limit` characters, with an ellipsis only when something was cut.
 * Counted in code points, so an emoji at the cut is never split in half.
 */
export function previewOf(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

/** Spec 002 §5 and §9: 10 MB per file, decoded. */
export const MAX_CONSOLE_FILE_BYTES = 10 * 1024 * 1024;

/** Spec 002 §5: the picker's accept list, by extension. */
export const ACCEPTED_FILE_EXTENSIONS = [
  'py',
  'js',
  'ts',
  'json',
  'txt',
  'md',
  'html',
  'css',
  'jsx',
  'tsx',
  'php',
  'java',
  'cpp',
  'c',
  'h',
  'go',
  'rs',
  'rb',
  'sh',
  'sql',
  'yaml',
  'yml',
  'xml',
  'csv',
] as const;

/** The `accept` attribute of the file picker. */
export const FILE_ACCEPT_ATTRIBUTE = ACCEPTED_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The file's extension, lower case, without the dot ('' for none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Rule (002 §5): a file is taken only when its extension is on the accept list. */
export function isAcceptedFile(fileName: string): boolean {
  return (ACCEPTED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** Rule (002 §5): the task-processor button and the preview only for .py, .js and .ts files. */
export function isProcessableFile(fileName: string): boolean {
  return ['py', 'js', 'ts'].includes(extensionOf(fileName));
}

/** Rule (002 §5): a file over 10 MB is refused, with these words. */
export function fileTooLarge(fileName: string): { title: string; description: string } {
  return { title: 'File too large', description: `${fileName} is over 10MB limit` };
}

/** Spec 002 "Manual console": the uploaded files card shows each size in KB. */
export function sizeInKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
