import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// slow connections were held 60-150 s. Limits set short through config here, so the test
// waits on the server closing the connection, with a generous bound, rather than measuring speed.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends `chunk` and never more; resolves with what the server wrote when it closes the connection. */
function sendAndHang(chunk: string, patienceMs: number): Promise<{ closed: boolean; answer: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(chunk));
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, answer });
    }, patienceMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closed: true, answer });
    });
    socket.on('error', () => undefined);
  });
}

describe('connection timeouts', () => {
  it('closes a connection that sends half a request header', async () => {
    const result = await sendAndHang('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 20_000);
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body never finishes', async () => {
    const result = await sendAndHang(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      20_000,
    );
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('uses the configured limits on the server', () => {
    expect(t.app.server.headersTimeout).toBe(500);
    expect(t.app.server.requestTimeout).toBe(1000);
    expect(t.app.server.keepAliveTimeout).toBe(t.config.HTTP_KEEP_ALIVE_TIMEOUT_MS);
  });
});
