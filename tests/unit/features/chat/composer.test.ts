import { describe, expect, it } from 'vitest';
import {
  canSend,
  COMPOSER_MAX_HEIGHT_PX,
  COMPOSER_MIN_HEIGHT_PX,
  composerHeight,
  composerKeyAction,
} from '@/features/chat/model/composer';

const key = (over: Partial<Parameters<typeof composerKeyAction>[0]> = {}) => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...over,
});

describe('composer', () => {
  it('the composer grows from 40 to 150 px', () => {
    expect(COMPOSER_MIN_HEIGHT_PX).toBe(40);
    expect(COMPOSER_MAX_HEIGHT_PX).toBe(150);
    expect(composerHeight(0)).toBe(40);
    expect(composerHeight(24)).toBe(40);
    expect(composerHeight(88)).toBe(88);
    expect(composerHeight(150)).toBe(150);
    expect(composerHeight(600)).toBe(150);
  });

  it('the send button is disabled only when the trimmed text is empty (a send in flight does not lock it)', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('   \n\t ')).toBe(false);
    expect(canSend('hello')).toBe(true);
    expect(canSend('  hello  ')).toBe(true);
  });

  it('Enter sends, Shift+Enter is a newline, Ctrl or Cmd+Enter sends', () => {
    expect(composerKeyAction(key())).toBe('send');
    expect(composerKeyAction(key({ shiftKey: true }))).toBe('type');
    expect(composerKeyAction(key({ ctrlKey: true }))).toBe('send');
    expect(composerKeyAction(key({ metaKey: true }))).toBe('send');
    expect(composerKeyAction(key({ key: 'a' }))).toBe('type');
  });

  it('Enter that confirms an input method word does not send', () => {
    expect(composerKeyAction(key({ isComposing: true }))).toBe('type');
  });
});
