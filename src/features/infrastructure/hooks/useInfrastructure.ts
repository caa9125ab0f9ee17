// The server's feature list through TanStack Query (persisted with the app's cache, so the page opened
// offline shows the last list read), and this device's storage check (never persisted: it is read
// again each time). Neither polls: each server read probes the providers, so it happens on opening the
// page and on Refresh.
import { useQuery } from '@tanstack/react-query';
import {
  checkStorage,
  fetchInfrastructure,
  INFRASTRUCTURE_KEY,
  STORAGE_CHECK_KEY,
} from '../api/infrastructure-api';

export function useInfrastructureStatus() {
  return useQuery({
    queryKey: INFRASTRUCTURE_KEY,
    queryFn: fetchInfrastructure,
    staleTime: 0,
    retry: false,
  });
}

export function useStorageCheck() {
  return useQuery({
    queryKey: STORAGE_CHECK_KEY,
    queryFn: () => checkStorage(),
    staleTime: 0,
    retry: false,
    networkMode: 'always',
    meta: { persist: false },
  });
}
