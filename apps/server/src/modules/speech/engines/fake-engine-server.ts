import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake received it. */
export type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** What the fake does with a request: answer it, never answer (`hang`), or cut the connection (`drop`). */
export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer | object }
  | 'hang'
  | 'drop';

export type FakeEngineServer = {
  url: string;
  /** Every request received, in order. */
  received: Received[];
  /** Requests to one path. */
  to: (path: string) => Received[];
  close: () => Promise<void>;
};

/**
 * An HTTP engine on loopback that answers as `reply` says, for tests that speak each protocol byte for byte.
 * `reply` gets the request and how many came to its path before it.
 */
export async function fakeEngineServer(reply: (request: Received, before: number) => Reply): Promise<FakeEngineServer> {
  const received: Received[] = [];
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      const before = received.filter((other) => other.path === seen.path).length;
      received.push(seen);
      const answer = reply(seen, before);
      if (answer === 'hang') {
        hung.add(response);
        return;
      }
      if (answer === 'drop') {
        response.socket?.destroy();
        return;
      }
      const body =
        typeof answer.body === 'string' || Buffer.isBuffer(answer.body)
          ? answer.body
          : JSON.stringify(answer.body ?? {});
      const type = typeof answer.body === 'object' && !Buffer.isBuffer(answer.body) ? 'application/json' : 'text/plain';
      response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    to: (path) => received.filter((request) => request.path === path),
    close: async () => {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A WAV of silence (16-bit PCM, mono), as a text-to-speech server answers or a transcription is sent. */
export function silentWav(seconds: number, rate = 16_000): Buffer {
  const data = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** The fields of a multipart/form-data request body, as the server side of fetch reads them. */
export async function formFields(request: Received): Promise<FormData> {
  return new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
}
