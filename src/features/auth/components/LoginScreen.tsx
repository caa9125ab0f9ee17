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
    // Side padding in the safe area, at least 1.25 rem: the `safe-area` utility's padding (0 on most
    // phones) used to override px-4 and put the card edge to edge on a 390 px screen.
    <main className="grid min-h-dvh place-items-center bg-page pt-[env(safe-area-inset-top)] pr-[max(env(safe-area-inset-right),1.25rem)] pb-[env(safe-area-inset-bottom)] pl-[max(env(safe-area-inset-left),1.25rem)]">
      <form
        onSubmit={submit}
        className="grid w-full max-w-sm gap-5 rounded-2xl border border-line bg-panel p-6 shadow-[0_2px_12px_rgba(120,90,60,0.08)]"
      >
        <div className="grid justify-items-center gap-2 text-center">
          <KeyRound size={32} aria-hidden className="text-accent" />
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
            className="h-11 rounded-lg border border-stone-300 bg-white px-3 outline-none focus:border-accent focus:ring-2 focus:ring-accent/25 dark:border-stone-700 dark:bg-[#221e1b]"
          />
        </div>
        <Button type="submit" size="lg" disabled={disabled}>
          {`Access ${personaName}`}
        </Button>
      </form>
    </main>
  );
}
