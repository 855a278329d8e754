import { parseWithoutEval } from '@leadreel/shared/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

parseWithoutEval();

// The router starts fetching the first screen's code while the language's strings arrive; the first render
// waits for the strings, so no screen flashes untranslated keys.
const router = createAppRouter();
const root = document.getElementById('root');
await initI18n();
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
