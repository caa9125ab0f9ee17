// Spec 001 §5: the self-mod command box's text-to-command mapping.
import { describe, expect, it } from 'vitest';
import { commandFromText } from '@/features/self-mod/model/command-mapping';

describe("rule 'self-mod command mapping'", () => {
  it('sends nothing for empty or whitespace-only text', () => {
    expect(commandFromText('')).toBeNull();
    expect(commandFromText('   \n\t ')).toBeNull();
  });

  it('create_file: the second word is the filename and the rest the content', () => {
    expect(commandFromText('  create_file notes.txt hello   there world ')).toEqual({
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'notes.txt', content: 'hello there world' },
    });
  });

  it("create_file: defaults test_file.txt and 'Generated content'", () => {
    expect(commandFromText('create_file')).toEqual({
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'test_file.txt', content: 'Generated content' },
    });
    expect(commandFromText('create_file only-name.md')?.params).toEqual({
      filename: 'only-name.md',
      content: 'Generated content',
    });
  });

  it('create_file wins over update_greeting when the text holds both', () => {
    expect(commandFromText('create_file a.txt update_greeting hi')?.command).toBe('create_file');
  });

  it('update_greeting: the rest of the text is new_greeting', () => {
    expect(commandFromText('update_greeting Good {part}, {name}!')).toEqual({
      type: 'manual_command',
      command: 'update_greeting',
      params: { new_greeting: 'Good {part}, {name}!' },
    });
    expect(commandFromText('please update_greeting   Hello sunshine ')?.params).toEqual({
      new_greeting: 'Hello sunshine',
    });
  });

  it('anything else: the whole (trimmed) text is the message', () => {
    expect(commandFromText('  how are you feeling today?  ')).toEqual({
      type: 'manual_command',
      command: 'message',
      params: { message: 'how are you feeling today?' },
    });
    // Only the exact words trigger a command.
    expect(commandFromText('create a file please')?.command).toBe('message');
    expect(commandFromText('update greeting to hi')?.command).toBe('message');
  });
});
