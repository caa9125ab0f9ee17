// The login screen (spec 000 §2.3): one field, 'Access Code'; the button 'Access' plus the persona.
import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/ui/Button';
import { useLogin } from '../hooks/useLogin';

export function LoginScreen({ personaName }: { personaName: string }) {
  const [code, setCode] = useState('');
  const { login, busy } = useLogin(personaName);
  const fieldId = useId();
  const disabled = code === '' || busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) login(code);
  };

  return (
    <main className="safe-area grid min-h-dvh place-items-center bg-neutral-50 px-4 dark:bg-neutral-950">
      <form
        onSubmit={submit}
        className="grid w-full max-w-sm gap-5 rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="grid justify-items-center gap-2 text-center">
          <KeyRound size={32} aria-hidden className="text-violet-500" />
          <h1 className="text-2xl font-semibold">{personaName}</h1>
        </div>
        {/* Lets password managers (iCloud Keychain) file the code under a name. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={personaName}
          readOnly
          hidden
        />
        <div className="grid gap-2">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Access Code
          </label>
          <input
            id={fieldId}
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className="h-11 rounded-lg border border-neutral-300 bg-transparent px-3 outline-none focus:border-violet-500 dark:border-neutral-700"
          />
        </div>
        <Button type="submit" size="lg" disabled={disabled}>
          {`Access ${personaName}`}
        </Button>
      </form>
    </main>
  );
}
