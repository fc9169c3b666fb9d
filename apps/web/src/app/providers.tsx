import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SpinnerOverlay } from '../components/ui/spinner-overlay.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { theme } from './theme.ts';

/** Retries would repeat the error toast of a failed call, so they are off. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        {children}
        <SpinnerOverlay />
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
