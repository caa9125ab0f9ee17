// Opens the registration dialog when the server says this user is pending (spec 000 §4). The dialog's
// code is downloaded only then.
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { lazyComponent } from '@/lib/lazy-component';
import { registrationCheckQuery } from '../api/auth-api';

const RegistrationDialog = lazyComponent(() => import('./RegistrationDialog'));

export function RegistrationGate({
  enabled,
  personaName,
  clientId,
  isOwner,
}: {
  /** Only once the server itself said this session is logged in. */
  enabled: boolean;
  personaName: string;
  clientId: string | null;
  isOwner: boolean;
}) {
  const check = useQuery({ ...registrationCheckQuery, enabled });
  const data = check.data;
  if (!enabled || check.isError || !data?.isPending) return null;
  const id = data.clientId ?? clientId;
  if (!id) return null;
  return (
    <Suspense fallback={null}>
      <RegistrationDialog open personaName={personaName} clientId={id} isOwner={isOwner} />
    </Suspense>
  );
}
