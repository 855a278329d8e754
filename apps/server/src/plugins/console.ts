import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@leadreel/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Paths that are never console routes: the API, health checks, and public pages of later issues.
const NOT_CONSOLE = /^\/(api|healthz|readyz|media|embed|oembed|player|v|s)(\/|$)/;

/**
 * Serves the built console at / (compressed as built) with a history fallback to index.html for console routes only: a
 * request for a file (anything with an extension, like robots.txt) or an API path gets a real 404.
 */
export async function registerConsole(app: FastifyInstance, webDist: string) {
  const hasConsole = existsSync(path.join(webDist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // The build writes name.br and name.gz beside each file (scripts/vite-precompress.ts): the best one the
      // browser accepts is sent, with Vary: Accept-Encoding; the file itself when there is none.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/: cache it for a year; index.html must revalidate.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const lastSegment = pathname.split('/').pop() ?? '';
    const isConsoleRoute =
      hasConsole &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_CONSOLE.test(pathname) &&
      !lastSegment.includes('.');
    if (isConsoleRoute) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, error: 'not_found', message: MESSAGES.not_found });
  });
}
