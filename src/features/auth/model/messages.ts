// What the login, registration and pairing screens say on failure (spec 000 §8).
import { serverMessageFrom } from '@/domain/errors';

/** The status and body of a failed answer, or nothing when the request never got one. */
export interface FailedAnswer {
  status: number;
  bodyText: string;
}

export interface ToastContent {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * Login failure toast. No answer at all, or a gateway's error page in place of ours, means the server
 * cannot be reached: 'Connection Error'. Any other refusal (401, 429 with its wait) is 'Access
 * Denied' with the server's message, or 'Invalid password'.
 */
export function loginFailureToast(answer: FailedAnswer | null, personaName: string): ToastContent {
  const serverMessage = answer ? serverMessageFrom(answer.bodyText) : undefined;
  if (!answer || (GATEWAY_FAILURES.has(answer.status) && !serverMessage)) {
    return {
      title: 'Connection Error',
      description: `Unable to connect to ${personaName} systems`,
      variant: 'destructive',
    };
  }
  return {
    title: 'Access Denied',
    description: serverMessage ?? 'Invalid password',
    variant: 'destructive',
  };
}

export function loginSuccessToast(personaName: string): ToastContent {
  return { title: `Welcome to ${personaName}` };
}

export type FormFailure = { inline: string } | { toast: ToastContent };

/** Registration: a 400 explains what is wrong with the name (inline); anything else is a toast. */
export function registrationFailure(answer: FailedAnswer | null): FormFailure {
  const serverMessage = answer ? serverMessageFrom(answer.bodyText) : undefined;
  if (answer?.status === 400 && serverMessage) return { inline: serverMessage };
  return {
    toast: {
      title: 'Registration Failed',
      description: 'Please try again.',
      variant: 'destructive',
    },
  };
}

/** Pairing: a refused code (400) or too many tries (429) is said inline; anything else is a toast. */
export function pairingFailure(answer: FailedAnswer | null): FormFailure {
  const serverMessage = answer ? serverMessageFrom(answer.bodyText) : undefined;
  if (answer && (answer.status === 400 || answer.status === 429)) {
    return { inline: serverMessage ?? 'Invalid or expired pairing code' };
  }
  return {
    toast: { title: 'Pairing Failed', description: 'Please try again.', variant: 'destructive' },
  };
}

export const REGISTRATION_TEXT = {
  title: (persona: string) => `Welcome to ${persona}`,
  intro: (persona: string) => `I'm ${persona}, your AI companion. What should I call you?`,
  submit: 'Nice to meet you!',
  busy: 'Getting to know you...',
  otherDevice: 'This is another of my devices',
  welcomeTitle: 'Welcome!',
} as const;
