// The route guard (spec 000 §4): loading, then the login screen or the app.
import type { ReactNode } from 'react';
import { DEFAULT_PERSONA_NAME } from '@/domain/auth';
import { readAuthFlags, useAuthStatus } from '@/lib/auth-session';
import { LoadingScreen } from '@/ui/LoadingScreen';
import { useAuthGate } from '../hooks/useAuthGate';
import { LoginScreen } from './LoginScreen';
import { RegistrationGate } from './RegistrationGate';

export function AuthGate({ children }: { children: ReactNode }) {
  const gate = useAuthGate();
  const { data } = useAuthStatus();
  const personaName = gate.personaName ?? DEFAULT_PERSONA_NAME;

  if (gate.state === 'loading') {
    return (
      <main className="safe-area min-h-dvh">
        <LoadingScreen label={`Connecting to ${personaName}…`} />
      </main>
    );
  }
  if (gate.state === 'unauthenticated') return <LoginScreen personaName={personaName} />;
  return (
    <>
      {children}
      <RegistrationGate
        enabled={!gate.provisional && data?.authenticated === true}
        personaName={personaName}
        clientId={data?.user?.clientId ?? readAuthFlags().clientId}
        isOwner={data?.user?.role === 'owner'}
      />
    </>
  );
}
