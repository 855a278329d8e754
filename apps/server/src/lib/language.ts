import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@leadreel/shared';
import type { FastifyRequest } from 'fastify';

/** The console sends its current language in X-Language; other clients get Accept-Language's first match. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers['x-language'];
  if (typeof explicit === 'string' && (LANGUAGES as readonly string[]).includes(explicit)) return explicit as Language;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string' && /^\s*zh\b/i.test(accept)) return 'zh_CN';
  return DEFAULT_LANGUAGE;
}
