// The registration check is never persisted, whichever screen reads it last: a 'pending' saved just
// before registering came back on the next start as a registration dialog that did not leave.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registrationCheckQuery } from '@/features/auth/api/auth-api';
import { useUserName } from '@/features/chat/hooks/useUserName';
import { createQueryClient, shouldPersistQuery } from '@/lib/query-client';
import { registrationCheckKey } from '@/lib/registration-check';
import { json } from '../helpers/client';

afterEach(() => vi.unstubAllGlobals());

describe('the registration check is never persisted', () => {
  it('stays out of the persisted cache after the chat has read the name from it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ isRegistered: false, isPending: true, clientId: 'client-1', user: null }),
      ),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The registration gate fetches it, then the chat screen reads the name from the same entry.
    const gate = renderHook(() => useQuery(registrationCheckQuery), { wrapper });
    await waitFor(() => expect(gate.result.current.isSuccess).toBe(true));
    renderHook(() => useUserName(), { wrapper });
    const query = client.getQueryCache().find({ queryKey: registrationCheckKey })!;
    expect(query.state.status).toBe('success');
    expect(shouldPersistQuery(query)).toBe(false);
  });
});
