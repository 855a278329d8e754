import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a customer's webhook receiver got: each request's headers and raw body. */
export type Received = { headers: http.IncomingHttpHeaders; body: string };
export type Receiver = { url: string; received: Received[]; status: number; close: () => void };

/** A customer's webhook receiver on loopback (IPv4 or IPv6), answering `status` (200) and keeping what it got. */
export async function receiver(host = '127.0.0.1'): Promise<Receiver> {
  const state: Receiver = { url: '', received: [], status: 200, close: () => server.close() };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      state.received.push({ headers: request.headers, body });
      response.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  state.url = host.includes(':') ? `http://[${host}]:${port}/hook` : `http://${host}:${port}/hook`;
  return state;
}
