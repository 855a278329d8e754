import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';

/**
 * The real Caddy and the real Pebble (Let's Encrypt's ACME test authority), started by the HTTPS test on
 * loopback. Their configurations are built by pure functions; the processes are killed by `stop`.
 */

export const SHIPPED_CADDYFILE = path.resolve(import.meta.dirname, '../../../../deploy/Caddyfile');

const run = promisify(execFile);

/** Fails, naming what to install, when a program the test needs is not on PATH: the test never skips. */
export async function requirePrograms(names: string[]) {
  const missing: string[] = [];
  for (const name of names) {
    await run('sh', ['-c', `command -v ${name}`]).catch(() => missing.push(name));
  }
  if (missing.length > 0)
    throw new Error(
      `the HTTPS test runs the real ${missing.join(', ')}, missing here: \`make test\` installs them ` +
        `(scripts/system-deps.sh test), or as root: apt-get install -y ${missing.join(' ')}`,
    );
}

/** A self-signed certificate for 127.0.0.1: what Pebble serves its API with (Debian ships no test cert). */
export async function makeLoopbackCertificate(dir: string) {
  const cert = path.join(dir, 'pebble-cert.pem');
  const key = path.join(dir, 'pebble-key.pem');
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
    ...['-subj', '/CN=pebble', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
  ]);
  return { cert, key };
}

export type PebblePorts = { listen: number; management: number; http01: number; tlsAlpn01: number };

/**
 * Pebble's configuration (https://github.com/letsencrypt/pebble#avoiding-client-https-errors and its
 * test/config/pebble-config.json): the ACME API and the management interface on loopback, and the ports
 * its validation connects to on the name's address, which are Caddy's (Pebble otherwise tries 5002/5001).
 */
export function pebbleConfig(ports: PebblePorts, certificate: { cert: string; key: string }) {
  return {
    pebble: {
      listenAddress: `127.0.0.1:${ports.listen}`,
      managementListenAddress: `127.0.0.1:${ports.management}`,
      certificate: certificate.cert,
      privateKey: certificate.key,
      httpPort: ports.http01,
      tlsPort: ports.tlsAlpn01,
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
    },
  };
}

/**
 * Pebble's environment: no random sleep before validating, and no good nonce refused (both only slow a
 * client down). PEBBLE_VA_ALWAYS_VALID is left unset, so every challenge is really validated.
 */
export const PEBBLE_ENV = { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' };

export const pebbleArgs = (configFile: string, dnsServer: string) => ['-config', configFile, '-dnsserver', dnsServer];

export type CaddyTestOptions = {
  directoryUrl: string;
  /** The certificate Pebble's API is served with, for Caddy to trust. */
  acmeCaRoot: string;
  httpPort: number;
  httpsPort: number;
  storage: string;
};

/**
 * The shipped Caddyfile with the test's global options added to its own: Pebble as the CA, free ports, the
 * test's storage, no admin endpoint. Everything else (the ask, the sites, the proxying) is the shipped file's.
 */
export function testCaddyfile(shipped: string, options: CaddyTestOptions): string {
  const lines = shipped.split('\n');
  const opening = lines.findIndex((line) => line.trim() === '{');
  if (opening === -1 || lines.slice(0, opening).some((line) => line.trim() && !line.trim().startsWith('#')))
    throw new Error('the shipped Caddyfile no longer starts with a global options block');
  const added = [
    `acme_ca ${options.directoryUrl}`,
    `acme_ca_root ${options.acmeCaRoot}`,
    `http_port ${options.httpPort}`,
    `https_port ${options.httpsPort}`,
    `storage file_system {`,
    `\troot ${options.storage}`,
    `}`,
    'admin off',
    'skip_install_trust',
  ].map((line) => `\t${line}`);
  return [...lines.slice(0, opening + 1), ...added, ...lines.slice(opening + 1)].join('\n');
}

export type Process = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** A process whose output is kept for failure messages; `stop` sends SIGTERM, then SIGKILL after 10 s. */
export function startProcess(command: string, args: string[], env: Record<string, string>): Process {
  const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (output += `\n${error.message}`));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Waits for a condition, not a time: polls `check` until it is true, failing with `explain()` past `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, explain: () => string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not after ${timeoutMs / 1000} s\n${explain()}`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.destroy());
  });

export type HttpsAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The certificate the server showed, as Node reads it. */
  certificate: ReturnType<TLSSocket['getPeerCertificate']>;
};

/**
 * A GET to 127.0.0.1:port as a browser for `host` sends it: SNI and Host are the name, and the server's
 * chain must lead to `ca` and name the host, else it rejects (Node checks both). No agent, so no session is
 * resumed from an earlier handshake.
 */
export function httpsGet(port: number, host: string, urlPath: string, ca: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        path: urlPath,
        headers: { host },
        ca,
        agent: false,
        timeout: 120_000,
      },
      (response) => {
        const certificate = (response.socket as TLSSocket).getPeerCertificate(true);
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, certificate }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${host} in 120 s`)));
    request.on('error', reject);
    request.end();
  });
}

/** GETs a path of Pebble's management interface (served with its own certificate), as text. */
export function pebbleManagement(port: number, urlPath: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, path: urlPath, ca, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 200 ? resolve(body) : reject(new Error(`${urlPath}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

export const writeJson = (file: string, value: unknown) => writeFile(file, JSON.stringify(value, null, 2));
export const readText = (file: string) => readFile(file, 'utf8');
