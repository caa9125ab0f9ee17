// The blocking registration dialog (spec 000 §2.4), with a way to pair this device to the owner's.
import { useId, useState, type FormEvent } from 'react';
import { checkRegistrationName } from '@/domain/registration';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { REGISTRATION_TEXT } from '../model/messages';
import { usePairDevice, useRegisterName } from '../hooks/useRegistration';

export interface RegistrationDialogProps {
  open: boolean;
  personaName: string;
  clientId: string;
  /** This user is the owner (the owner-name rule does not apply to them). */
  isOwner?: boolean;
  /** The owner's first name when the client knows it; the server checks it in any case. */
  ownerName?: string;
}

/** The server refuses longer names (docs/api-auth.md leaves the limit out; the server has 64). */
const NAME_MAX_LENGTH = 64;

const inputClass =
  'h-11 w-full rounded-lg border border-stone-300 bg-transparent px-3 outline-none focus:border-accent dark:border-stone-700';

export function RegistrationDialog({
  open,
  personaName,
  clientId,
  isOwner,
  ownerName,
}: RegistrationDialogProps) {
  const [mode, setMode] = useState<'register' | 'pair'>('register');
  return (
    <Dialog
      open={open}
      dismissible={false}
      title={REGISTRATION_TEXT.title(personaName)}
      description={
        mode === 'register'
          ? REGISTRATION_TEXT.intro(personaName)
          : 'Enter the pairing code shown on your other device (on its authentication debug page).'
      }
    >
      {mode === 'register' ? (
        <NameForm
          clientId={clientId}
          isOwner={isOwner}
          ownerName={ownerName}
          onPair={() => setMode('pair')}
        />
      ) : (
        <PairForm onBack={() => setMode('register')} />
      )}
    </Dialog>
  );
}

function NameForm({
  clientId,
  isOwner,
  ownerName,
  onPair,
}: {
  clientId: string;
  isOwner: boolean | undefined;
  ownerName: string | undefined;
  onPair: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const register = useRegisterName(setError);
  const fieldId = useId();
  const errorId = useId();
  const busy = register.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkRegistrationName(name, { ownerName, isOwner: isOwner ?? false });
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    register.mutate({ name: check.name, clientId });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <label htmlFor={fieldId} className="sr-only">
        Your name
      </label>
      <input
        id={fieldId}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        placeholder="Your name"
        maxLength={NAME_MAX_LENGTH}
        autoComplete="given-name"
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={name.trim() === '' || busy}>
        {busy ? REGISTRATION_TEXT.busy : REGISTRATION_TEXT.submit}
      </Button>
      <Button variant="link" className="justify-self-center text-sm" onClick={onPair}>
        {REGISTRATION_TEXT.otherDevice}
      </Button>
    </form>
  );
}

function PairForm({ onBack }: { onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pair = usePairDevice(setError);
  const fieldId = useId();
  const errorId = useId();
  const busy = pair.isPending;
  const trimmed = code.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || trimmed === '') return;
    setError(null);
    pair.mutate(trimmed);
  };

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium">
        Pairing code
      </label>
      <input
        id={fieldId}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} font-mono tracking-widest`}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={trimmed === '' || busy}>
        {busy ? 'Pairing...' : 'Pair this device'}
      </Button>
      <Button variant="link" className="justify-self-center text-sm" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}

export default RegistrationDialog;
