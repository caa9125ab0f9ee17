import { describe, expect, it } from 'vitest';
import { REGISTRATION_ERRORS, checkRegistrationName } from '@/domain/registration';

describe('registration name rules (spec 000 §5)', () => {
  it("empty or blank gives 'Please enter your name'", () => {
    expect(checkRegistrationName('')).toEqual({ ok: false, error: 'Please enter your name' });
    expect(checkRegistrationName('   \t ')).toEqual({
      ok: false,
      error: REGISTRATION_ERRORS.required,
    });
  });

  it("shorter than 2 characters after trimming gives 'Name must be at least 2 characters long'", () => {
    expect(checkRegistrationName(' A ')).toEqual({
      ok: false,
      error: 'Name must be at least 2 characters long',
    });
  });

  it("the owner's first name (case-insensitive, trimmed) gives 'Please enter your actual name'", () => {
    expect(checkRegistrationName('  sAm ', { ownerName: 'Sam' })).toEqual({
      ok: false,
      error: 'Please enter your actual name',
    });
  });

  it("the owner may use the owner's name; the rule is off when no owner name is known", () => {
    expect(checkRegistrationName('Sam', { ownerName: 'Sam', isOwner: true })).toEqual({
      ok: true,
      name: 'Sam',
    });
    expect(checkRegistrationName('Sam')).toEqual({ ok: true, name: 'Sam' });
  });

  it('the name is trimmed before sending', () => {
    expect(checkRegistrationName('  Alex  ')).toEqual({ ok: true, name: 'Alex' });
    expect(checkRegistrationName('Al')).toEqual({ ok: true, name: 'Al' });
  });
});
