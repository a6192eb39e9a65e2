import './styles.js';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { reloadOnStaleChunks } from './lib/reloadOnStaleChunks.js';
import { cssVariablesResolver, theme } from './theme.js';
import { createQueryClient, createTrpcClient, trpc } from './trpc.js';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <Notifications position="bottom-right" />
          <App />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

reloadOnStaleChunks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
