import { meta, type RouteDef } from '../../app/routeDef.ts';

/** the screens before sign-in. */
const publicMeta = (name: string) => meta(name, undefined, { ingoreAuthrization: true });

export const AUTH_ROUTES: RouteDef[] = [
  {
    name: 'login',
    path: '/login',
    meta: publicMeta('login'),
    page: () => import('./Login.tsx').then((m) => m.Login),
  },
  {
    name: 'register',
    path: '/register',
    meta: publicMeta('register'),
    page: () => import('./Register.tsx').then((m) => m.Register),
  },
  {
    name: 'forget-password',
    path: '/forget-password',
    meta: publicMeta('forget-password'),
    page: () => import('./ForgetPassword.tsx').then((m) => m.ForgetPassword),
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    meta: publicMeta('reset-password'),
    page: () => import('./ResetPassword.tsx').then((m) => m.ResetPassword),
  },
];
