/**
 * The routes a viewer's browser calls from the player (watch pages and embeds). Part of the catalogue
 * (catalogue.ts), kept in a file of their own so the player's bundle carries these and not the console's.
 */
export type RouteMethod = 'GET' | 'POST';

export const VIEWER_ROUTES = {
  /** A viewer's inquiry (the player's form). */
  'public.lead': { method: 'POST', path: '/public/lead', auth: 'public', tag: 'leads' },
  'public.siteGate': { method: 'POST', path: '/public/site-gate', auth: 'public', tag: 'leads' },
  /** A click on a contact button, sent as a beacon: answers 204 and nothing else. */
  'public.click': { method: 'POST', path: '/public/click', auth: 'public', tag: 'public', answers: 'nothing' },
  /** What happened in a viewing, in batches sent as beacons: answers 204 at once. */
  'public.events': { method: 'POST', path: '/public/events', auth: 'public', tag: 'public', answers: 'nothing' },
} as const;

/** The address a browser posts a viewer route to. */
export const viewerApiPath = (name: keyof typeof VIEWER_ROUTES) => `/api${VIEWER_ROUTES[name].path}`;
