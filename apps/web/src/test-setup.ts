import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import en from './i18n/en.json';
import { provideTranslations } from './i18n/index.ts';
import zhCN from './i18n/zh_CN.json';
import { useCustomDomainStore } from './stores/customDomain.ts';

// The console fetches each language's strings when first used; tests have both at hand, so switching is
// synchronous there.
provideTranslations('en', en);
provideTranslations('zh_CN', zhCN);

// The first render of the whole console in a file takes over a second on a quiet two-core machine and ten
// times that when the machine is loaded; findBy's default 1 s wait then fails tests at random. A limit, not an
// expectation: a green wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 30_000 });

// antd reads matchMedia for responsive layout; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Files share one module graph (isolate: false): a store one file filled must not reach the next file's
  // first test (the custom domains would change every link a share dialog shows).
  useCustomDomainStore.getState().reset();
});

// antd's tables and menus measure themselves with ResizeObserver; jsdom has none and lays nothing out.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
