import { describe, expect, it } from 'vitest';
import {
  loginFailureToast,
  loginSuccessToast,
  pairingFailure,
  registrationFailure,
} from '@/features/auth/model/messages';

const body = (error: string) => JSON.stringify({ success: false, error, message: error });

describe('login toasts (spec 000 §8)', () => {
  it("failure: 'Access Denied' with the server message", () => {
    expect(loginFailureToast({ status: 401, bodyText: body('Invalid password') }, 'Kiri')).toEqual({
      title: 'Access Denied',
      description: 'Invalid password',
      variant: 'destructive',
    });
  });

  it("failure without a server message: 'Invalid password'", () => {
    expect(loginFailureToast({ status: 401, bodyText: '' }, 'Kiri').description).toBe(
      'Invalid password',
    );
  });

  it("a 429 is 'Access Denied' with the server's wait", () => {
    const toast = loginFailureToast(
      { status: 429, bodyText: body('Too many attempts. Try again in 30 seconds.') },
      'Kiri',
    );
    expect(toast).toMatchObject({
      title: 'Access Denied',
      description: 'Too many attempts. Try again in 30 seconds.',
    });
  });

  it("no answer (network down): 'Connection Error: Unable to connect to <persona> systems'", () => {
    expect(loginFailureToast(null, 'Nova')).toEqual({
      title: 'Connection Error',
      description: 'Unable to connect to Nova systems',
      variant: 'destructive',
    });
  });

  it('a gateway error page in place of our answer is a connection error', () => {
    expect(
      loginFailureToast({ status: 502, bodyText: '<html>Bad Gateway</html>' }, 'Kiri').title,
    ).toBe('Connection Error');
  });

  it("success: 'Welcome to <persona>'", () => {
    expect(loginSuccessToast('Kiri')).toEqual({ title: 'Welcome to Kiri' });
  });
});

describe('registration and pairing failures', () => {
  it("registration: a 400 is said inline with the server's message", () => {
    expect(
      registrationFailure({ status: 400, bodyText: body('Please enter your actual name') }),
    ).toEqual({ inline: 'Please enter your actual name' });
  });

  it("registration: anything else is the destructive toast 'Registration Failed' / 'Please try again.'", () => {
    const expected = {
      toast: {
        title: 'Registration Failed',
        description: 'Please try again.',
        variant: 'destructive',
      },
    };
    expect(registrationFailure(null)).toEqual(expected);
    expect(registrationFailure({ status: 500, bodyText: body('boom') })).toEqual(expected);
    expect(registrationFailure({ status: 403, bodyText: body('Not yours') })).toEqual(expected);
  });

  it('pairing: a refused code is said inline', () => {
    expect(
      pairingFailure({ status: 400, bodyText: body('Invalid or expired pairing code') }),
    ).toEqual({ inline: 'Invalid or expired pairing code' });
    expect(pairingFailure(null)).toMatchObject({ toast: { title: 'Pairing Failed' } });
  });
});
