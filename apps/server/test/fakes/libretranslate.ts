import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers `POST /translate`: `ok` translates (each text tagged with its target language, so a
 * test can tell a translation from its source), `fail` answers 500, `busy` 429, `garbage` a body that is not
 * LibreTranslate's, `hang` never answers until told otherwise (a task to cancel mid-call).
 */
export type TranslateMode = 'ok' | 'fail' | 'busy' | 'garbage' | 'hang';

export type FakeLibreTranslate = {
  url: string;
  mode: TranslateMode;
  /** How many translate requests it received. */
  requests: number;
  close: () => Promise<void>;
};

/** The languages it offers, in LibreTranslate's `GET /languages` shape: English to and from Spanish and German. */
const LANGUAGES = [
  { code: 'en', name: 'English', targets: ['es', 'de'] },
  { code: 'es', name: 'Spanish', targets: ['en'] },
  { code: 'de', name: 'German', targets: ['en'] },
];

/** A LibreTranslate server on loopback speaking its real protocol (https://libretranslate.com/docs). */
export async function fakeLibreTranslate(): Promise<FakeLibreTranslate> {
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/languages') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LANGUAGES));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/translate') {
        response.writeHead(404).end();
        return;
      }
      state.requests++;
      switch (state.mode) {
        case 'fail':
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"model crashed"}');
          return;
        case 'busy':
          response.writeHead(429, { 'retry-after': '0' }).end('{"error":"Too many requests"}');
          return;
        case 'garbage':
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"translated":42}');
          return;
        case 'hang':
          hung.add(response);
          return;
      }
      const { q, target } = JSON.parse(body) as { q: string | string[]; target: string };
      const tag = (text: string) => `[${target}] ${text}`;
      const translatedText = Array.isArray(q) ? q.map(tag) : tag(q);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: FakeLibreTranslate = {
    url: `http://127.0.0.1:${port}`,
    mode: 'ok',
    requests: 0,
    close: async () => {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return state;
}
