import { describe, expect, it } from 'vitest';
import {
  LONG_PRESS_MS,
  LONG_PRESS_VIBRATION_MS,
  MENU_LABELS,
  menuActions,
  menuBesideBubble,
  menuPosition,
  pressAction,
  reminderPreview,
} from '@/features/chat/model/message-menu';

describe('message menu', () => {
  it("the message menu offers Delete and Unsend only on the owner's own messages", () => {
    expect(menuActions('user').map((a) => MENU_LABELS[a])).toEqual([
      'Copy',
      'Select and Copy',
      'Delete',
      'Unsend',
      'Share',
      'Set Reminder',
    ]);
    expect(menuActions('kiri')).not.toContain('delete');
    expect(menuActions('kiri')).not.toContain('unsend');
  });

  it("a press on Kiri's message makes it the reply target; on the owner's it opens the menu", () => {
    expect(pressAction('kiri')).toBe('reply');
    expect(pressAction('user')).toBe('menu');
  });

  it('a long press is 500 ms with a 50 ms vibration', () => {
    expect(LONG_PRESS_MS).toBe(500);
    expect(LONG_PRESS_VIBRATION_MS).toBe(50);
  });

  it('a reminder acknowledges the first 50 characters', () => {
    const long = 'Call the dentist about moving the appointment to next Thursday afternoon';
    expect(reminderPreview(long)).toBe(`${long.slice(0, 50)}…`);
    expect(reminderPreview('water the plants')).toBe('water the plants');
    expect(reminderPreview(`${'a'.repeat(50)}`)).toBe('a'.repeat(50));
  });

  it('the menu stays inside the viewport', () => {
    const viewport = { width: 390, height: 844 };
    const menu = { width: 224, height: 280 };
    expect(menuPosition({ x: 380, y: 800 }, menu, viewport)).toEqual({ left: 158, top: 520 });
    expect(menuPosition({ x: 20, y: 100 }, menu, viewport)).toEqual({ left: 20, top: 100 });
  });

  it('the menu opens beside the lifted bubble, never over it', () => {
    const viewport = { width: 390, height: 844 };
    const menu = { width: 224, height: 280 };
    // Room below: under the bubble, right edges aligned.
    expect(
      menuBesideBubble({ left: 200, top: 100, right: 378, bottom: 150 }, menu, viewport),
    ).toEqual({ left: 154, top: 158 });
    // Near the bottom: above it.
    expect(
      menuBesideBubble({ left: 200, top: 600, right: 378, bottom: 650 }, menu, viewport),
    ).toEqual({ left: 154, top: 312 });
    // A short bubble at the left edge: the menu stays inside the viewport.
    expect(
      menuBesideBubble({ left: 4, top: 100, right: 60, bottom: 150 }, menu, viewport).left,
    ).toBe(8);
    // A bubble taller than the room on either side: at the bottom, inside the viewport.
    expect(
      menuBesideBubble({ left: 50, top: 40, right: 378, bottom: 800 }, menu, viewport),
    ).toEqual({ left: 154, top: 556 });
  });
});
