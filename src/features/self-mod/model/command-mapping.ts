// Spec 001 §5: what the self-mod command box sends for the text typed into it.
import { DEFAULT_FILE_CONTENT, DEFAULT_FILENAME } from '@/domain/self-mod';

export interface MappedCommand {
  type: 'manual_command';
  command: string;
  params: Record<string, string>;
}

/**
 * Rule 'self-mod command mapping': empty (after trimming) sends nothing. Text that contains create_file
 * is a create_file whose second word is the file name (default test_file.txt) and the rest the content
 * (default 'Generated content'); else text that contains update_greeting sets the greeting to what
 * follows the word; otherwise the whole text is a message to Kiri.
 */
export function commandFromText(text: string): MappedCommand | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.includes('create_file')) {
    const words = trimmed.split(/\s+/);
    return {
      type: 'manual_command',
      command: 'create_file',
      params: {
        filename: words[1] ?? DEFAULT_FILENAME,
        content: words.slice(2).join(' ') || DEFAULT_FILE_CONTENT,
      },
    };
  }
  const at = trimmed.indexOf('update_greeting');
  if (at >= 0) {
    return {
      type: 'manual_command',
      command: 'update_greeting',
      params: { new_greeting: trimmed.slice(at + 'update_greeting'.length).trim() },
    };
  }
  return { type: 'manual_command', command: 'message', params: { message: trimmed } };
}
