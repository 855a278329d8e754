import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

initI18n();
const router = createAppRouter();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
