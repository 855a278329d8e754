import { create } from 'zustand';

const TOKEN_KEY = 'leadreel.token';

export type RouterFrom = {
  name: string;
  params: Record<string, string | undefined>;
  query: string;
  path: string;
} | null;

type AuthState = {
  authorizationToken: string | null;
  routerFrom: RouterFrom;
  /** Set by an explicit logout: the next sign-in starts at the home page, not where the user left. */
  loggedOut: boolean;
  setLoggedOut: (loggedOut: boolean) => void;
  setToken: (token: string | null) => void;
  setRouterFrom: (from: RouterFrom) => void;
};

/** Auth store: authorizationToken and routerFrom; the token survives reloads. */
export const useAuthStore = create<AuthState>((set) => ({
  authorizationToken: localStorage.getItem(TOKEN_KEY),
  routerFrom: null,
  loggedOut: false,
  setLoggedOut: (loggedOut) => set({ loggedOut }),
  setToken: (token) => {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    set({ authorizationToken: token });
  },
  setRouterFrom: (routerFrom) => set({ routerFrom }),
}));
