import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { preloadScreen } from './app/screens.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/runtime-config.ts';

async function start(): Promise<void> {
  // The opened screen's code loads while the runtime config does (decision 0124).
  const [config] = await Promise.all([
    loadRuntimeConfig(),
    preloadScreen(window.location.pathname.slice(1)),
  ]);
  setRuntimeConfig(config);
  const router = createAppRouter();
  // A 401 from any call sends the user to the login page (product-spec.md section 4).
  setUnauthorizedHandler(() => {
    if (router.state.location.pathname !== '/login') void router.navigate('/login');
  });
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
