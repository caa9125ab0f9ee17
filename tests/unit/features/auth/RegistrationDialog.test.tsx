import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistrationDialog } from '@/features/auth/components/RegistrationDialog';
import { RegistrationGate } from '@/features/auth/components/RegistrationGate';
import { requestReplay } from '@/lib/outbox-sync';
import { Dialog } from '@/ui/Dialog';
import { resetToasts } from '@/ui/toast-store';
import {
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

vi.mock('@/lib/outbox-sync', () => ({ requestReplay: vi.fn() }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(requestReplay).mockClear();
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDialog(props: Partial<Parameters<typeof RegistrationDialog>[0]> = {}) {
  return renderWithProviders(
    <RegistrationDialog open personaName="Kiri" clientId="client-7" {...props} />,
  );
}

const nameField = () => screen.getByPlaceholderText('Your name');
const submitButton = () =>
  screen.getByRole('button', { name: 'Nice to meet you!' }) as HTMLButtonElement;
const typeName = (value: string) => fireEvent.change(nameField(), { target: { value } });

describe('registration dialog (spec 000 §2.4)', () => {
  it("title 'Welcome to Kiri', the persona's question, a name input", () => {
    stubFetch({});
    renderDialog();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Welcome to Kiri')).toBeTruthy();
    expect(screen.getByText("I'm Kiri, your AI companion. What should I call you?")).toBeTruthy();
    expect(nameField()).toBeTruthy();
  });

  it('cannot be dismissed: no close button, Escape and outside clicks do nothing', () => {
    stubFetch({});
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(nameField(), { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('(control) a dismissible dialog does close on Escape', () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<Dialog open title="Closable" onOpenChange={onOpenChange} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('the button is disabled when the name is blank', () => {
    stubFetch({});
    renderDialog();
    expect(submitButton().disabled).toBe(true);
    typeName('   ');
    expect(submitButton().disabled).toBe(true);
    typeName('Al');
    expect(submitButton().disabled).toBe(false);
  });

  it("blank on submit: 'Please enter your name'", () => {
    stubFetch({});
    renderDialog();
    typeName('  ');
    fireEvent.submit(nameField().closest('form')!);
    expect(screen.getByText('Please enter your name')).toBeTruthy();
  });

  it("one character: 'Name must be at least 2 characters long'", () => {
    const fetchMock = stubFetch({});
    renderDialog();
    typeName(' A ');
    fireEvent.click(submitButton());
    expect(screen.getByText('Name must be at least 2 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the owner's name, for someone else: 'Please enter your actual name'", () => {
    stubFetch({});
    renderDialog({ ownerName: 'Sam' });
    typeName('sam');
    fireEvent.click(submitButton());
    expect(screen.getByText('Please enter your actual name')).toBeTruthy();
  });

  it("a server 400 shows the server's message inline", async () => {
    stubFetch({
      'POST /api/users/register': () => errorAnswer(400, 'Please enter your actual name'),
    });
    renderDialog();
    typeName('Sam');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please enter your actual name')).toBeTruthy();
    expect(screen.queryByText('Registration Failed')).toBeNull();
  });

  it("sends the trimmed name and the clientId; busy text 'Getting to know you...'", async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubFetch({
      'POST /api/users/register': () => new Promise<Response>((r) => (answer = r)),
    });
    renderDialog();
    typeName('  Alex  ');
    fireEvent.click(submitButton());
    const busy = (await screen.findByRole('button', {
      name: 'Getting to know you...',
    })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      body: JSON.stringify({ name: 'Alex', clientId: 'client-7' }),
    });
    answer(
      json({
        success: true,
        user: { name: 'Alex', clientId: 'client-7' },
        welcomeMessage: 'Hi Alex!',
      }),
    );
    expect(await screen.findByText('Welcome!')).toBeTruthy();
  });

  it("other failures: toast 'Registration Failed' / 'Please try again.' and the dialog stays", async () => {
    stubFetch({ 'POST /api/users/register': networkDown() });
    renderDialog();
    typeName('Alex');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("'This is another of my devices' swaps in a pairing code; a refused code is said inline", async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/pair': () => errorAnswer(400, 'Invalid or expired pairing code'),
    });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'This is another of my devices' }));
    const code = screen.getByLabelText('Pairing code');
    fireEvent.change(code, { target: { value: ' AB12CD34 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair this device' }));
    expect(await screen.findByText('Invalid or expired pairing code')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: '{"code":"AB12CD34"}' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(nameField()).toBeTruthy();
  });
});

describe('registration gate: the dialog shows while the user is pending', () => {
  it('opens when pending, closes after registering and shows the welcome message', async () => {
    let name: string | null = null;
    stubFetch({
      'GET /api/users/check-registration': () =>
        json({
          isRegistered: !!name,
          isPending: !name,
          clientId: 'client-7',
          user: name && { name },
        }),
      'POST /api/users/register': () => {
        name = 'Alex';
        return json({
          success: true,
          user: { name: 'Alex', clientId: 'client-7' },
          welcomeMessage: 'Lovely to meet you, Alex.',
        });
      },
    });
    renderWithProviders(
      <RegistrationGate enabled personaName="Kiri" clientId={null} isOwner={false} />,
    );
    expect(await screen.findByRole('dialog')).toBeTruthy();
    typeName('Alex');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Lovely to meet you, Alex.')).toBeTruthy();
    expect(screen.getByText('Welcome!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The welcome message the server appended is fetched into the chat at once.
    await waitFor(() => expect(requestReplay).toHaveBeenCalledWith({ force: true }));
  });

  it('shows nothing for a registered user, or when the check fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = stubFetch({
      'GET /api/users/check-registration': () =>
        json({ isRegistered: true, isPending: false, clientId: 'c', user: { name: 'Alex' } }),
    });
    renderWithProviders(<RegistrationGate enabled personaName="Kiri" clientId="c" isOwner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pairing closes it like a registration', async () => {
    let paired = false;
    stubFetch({
      'GET /api/users/check-registration': () =>
        json({
          isRegistered: paired,
          isPending: !paired,
          clientId: paired ? 'owner-1' : 'client-7',
          user: paired ? { name: 'Sam' } : null,
        }),
      'POST /api/auth/pair': () => {
        paired = true;
        return json({
          success: true,
          user: { id: 'u1', clientId: 'owner-1', name: 'Sam', role: 'owner' },
        });
      },
    });
    renderWithProviders(
      <RegistrationGate enabled personaName="Kiri" clientId={null} isOwner={false} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'This is another of my devices' }));
    fireEvent.change(screen.getByLabelText('Pairing code'), { target: { value: 'AB12CD34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair this device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('kiri-client-id')).toBe('owner-1');
    // The toast's viewport loads after the first paint (src/app/providers.tsx): the toast shows once it is in.
    expect(await screen.findByText('Welcome!')).toBeTruthy();
    // The owner's conversation comes to the newly paired device at once.
    await waitFor(() => expect(requestReplay).toHaveBeenCalledWith({ force: true }));
  });
});
