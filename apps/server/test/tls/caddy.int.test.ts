import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../factories.ts';
import { type FakeDns, fakeDns } from '../fakes/dns.ts';
import { useTestApp } from '../helpers.ts';
import { freePort } from '../processes.ts';
import {
  accepts,
  httpsGet,
  makeLoopbackCertificate,
  PEBBLE_ENV,
  type Process,
  pebbleArgs,
  pebbleConfig,
  pebbleManagement,
  readText,
  requirePrograms,
  SHIPPED_CADDYFILE,
  startProcess,
  testCaddyfile,
  waitFor,
  writeJson,
} from './acme.ts';

// Automatic HTTPS as operators run it (docs/operations.md, "Custom domains and HTTPS"): Debian's Caddy with
// the shipped Caddyfile in front of LeadReel, certificates from Pebble, an ACME test authority that really
// validates each challenge by connecting to the address the test's DNS server gives the name. All on
// loopback; nothing leaves the machine.

const OWN_HOST = 'leadreel.test';
const VERIFIED = 'video.acme.test';
const VERIFYING = 'pending.acme.test';
const STRANGER = 'stranger.acme.test';

const t = useTestApp({ PUBLIC_URL: `https://${OWN_HOST}`, TRUST_PROXY: 'loopback' });

type Seen = { host: string; url: string; status: number; forwardedFor?: string; forwardedProto?: string };
/** Every request that reached the app, with its answer's status: Caddy's asks and what it proxied. */
const seen: Seen[] = [];
const asked = (domain: string) => seen.filter((s) => s.url === `/tls/ask?domain=${domain}`);

let work = '';
let dns: FakeDns | undefined;
let pebble: Process | undefined;
let caddy: Process | undefined;
let httpsPort = 0;
/** The root Pebble issued under at this start (it makes a new one each time). */
let issuingRoot = '';
let videoId = '';

const diagnostics = () => `--- caddy\n${caddy?.output().slice(-6000)}\n--- pebble\n${pebble?.output().slice(-4000)}`;

beforeAll(async () => {
  await requirePrograms(['caddy', 'pebble', 'openssl']);
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-tls-'));

  const owner = await accountOnPlan(t, 'Pro');
  videoId = await videoWithForm(t, owner);
  await t.db
    .insertInto('custom_domain')
    .values([
      {
        account_id: owner.accountId,
        domain: VERIFIED,
        token: 'proved',
        status: 'verified',
        active: true,
        verified_at: new Date(),
      },
      { account_id: owner.accountId, domain: VERIFYING, token: 'not-yet', status: 'verifying' },
    ])
    .execute();

  t.app.server.on('request', (request, response) =>
    response.once('finish', () =>
      seen.push({
        host: request.headers.host ?? '',
        url: request.url ?? '',
        status: response.statusCode,
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
      }),
    ),
  );
  const app = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));

  // The installation's host is this machine, and every other name is CNAMEd to it as customers publish
  // theirs: what decides a certificate is LeadReel's answer, not DNS.
  dns = await fakeDns();
  dns.set(OWN_HOST, { A: ['127.0.0.1'] });
  for (const name of [VERIFIED, VERIFYING, STRANGER]) dns.set(name, { CNAME: OWN_HOST });

  const [acmePort, managementPort, httpPort, caddyHttpsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  httpsPort = caddyHttpsPort;
  const { cert, key } = await makeLoopbackCertificate(work);
  const pebbleConfigFile = path.join(work, 'pebble.json');
  await writeJson(
    pebbleConfigFile,
    pebbleConfig(
      { listen: acmePort, management: managementPort, http01: httpPort, tlsAlpn01: httpsPort },
      { cert, key },
    ),
  );
  pebble = startProcess('pebble', pebbleArgs(pebbleConfigFile, dns.server), PEBBLE_ENV);
  const pebbleCert = await readText(cert);
  await waitFor(
    'Pebble answering',
    async () => (await pebbleManagement(managementPort, '/roots/0', pebbleCert)).includes('BEGIN CERTIFICATE'),
    diagnostics,
    120_000,
  );
  issuingRoot = await pebbleManagement(managementPort, '/roots/0', pebbleCert);

  const caddyHome = path.join(work, 'caddy-home');
  await mkdir(caddyHome);
  const caddyfile = path.join(work, 'Caddyfile');
  await writeFile(
    caddyfile,
    testCaddyfile(await readText(SHIPPED_CADDYFILE), {
      directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
      acmeCaRoot: cert,
      httpPort,
      httpsPort,
      storage: path.join(work, 'caddy-storage'),
    }),
  );
  caddy = startProcess('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    // What the operator sets (deploy/Caddyfile); the rest of Caddy's files go to the test's folder.
    LEADREEL_HOST: OWN_HOST,
    LEADREEL_UPSTREAM: app.host,
    HOME: caddyHome,
    XDG_DATA_HOME: caddyHome,
    XDG_CONFIG_HOME: caddyHome,
  });
  await waitFor('Caddy listening', () => accepts(httpsPort), diagnostics, 120_000);
});

afterAll(async () => {
  // Each stopped even when another fails; the app closes after this (useTestApp's hook came first).
  await Promise.allSettled([caddy?.stop(), pebble?.stop(), dns?.close()]);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('automatic HTTPS through the shipped Caddyfile', () => {
  it("gives a verified custom domain a certificate at its first handshake, once LeadReel's ask says yes, and serves its watch page", async () => {
    const page = await httpsGet(httpsPort, VERIFIED, `/v/${videoId}`, issuingRoot).catch((error: Error) => {
      const answers = asked(VERIFIED).map((s) => s.status);
      throw new Error(
        `${error.message}\nthe app answered Caddy's ask for ${VERIFIED} with ${answers.join(', ') || 'nothing'}\n${diagnostics()}`,
      );
    });
    // Node accepted the chain against Pebble's root of this run and the name: the certificate is Pebble's,
    // for this name.
    expect(page.certificate.subjectaltname).toBe(`DNS:${VERIFIED}`);
    expect(page.certificate.issuer.CN).toMatch(/^Pebble Intermediate CA/);
    expect(asked(VERIFIED).map((s) => s.status)).toContain(200);

    expect(page.status, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>pricing-tour');
    // The page's own links are on the domain, over HTTPS: Caddy passed the Host through and said the
    // viewer came over HTTPS, and TRUST_PROXY=loopback let the app believe it.
    expect(page.body).toContain(`https://${VERIFIED}/v/${videoId}`);
    const proxied = seen.find((s) => s.url === `/v/${videoId}` && s.host === VERIFIED);
    expect(proxied).toMatchObject({ forwardedFor: '127.0.0.1', forwardedProto: 'https' });
  });

  it('refuses the handshake for a name no account has verified, because LeadReel said no', async () => {
    for (const name of [VERIFYING, STRANGER]) {
      const refused = await httpsGet(httpsPort, name, '/', issuingRoot).then(
        (answer) => `answered ${answer.status} with a certificate for ${answer.certificate.subjectaltname}`,
        (error: Error) => error.message,
      );
      // Caddy ends a handshake it has no certificate for with TLS alert 80, internal_error (RFC 8446 §6.2).
      expect(refused, name).toMatch(/alert internal error/);
      expect(asked(name).length, `${name} asked`).toBeGreaterThan(0);
      expect(
        asked(name).map((s) => s.status),
        name,
      ).not.toContain(200);
    }
  });

  it("serves the installation's own host with the certificate it got at start, without asking", async () => {
    let answer: Awaited<ReturnType<typeof httpsGet>> | undefined;
    // Caddy obtains it in the background once it runs: wait for it to be there.
    await waitFor(
      `a certificate for ${OWN_HOST}`,
      async () => {
        answer = await httpsGet(httpsPort, OWN_HOST, '/healthz', issuingRoot);
        return true;
      },
      diagnostics,
      120_000,
    );
    expect(answer?.status).toBe(200);
    expect(answer?.certificate.subjectaltname).toBe(`DNS:${OWN_HOST}`);
    expect(asked(OWN_HOST)).toEqual([]);
  });
});
