import { randomBytes } from 'node:crypto';
import { DELETION_REASONS } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, readyVideos } from '../../test/factories.ts';
import { get, post, useTestApp } from '../../test/helpers.ts';

// The site layer: the same public pages on the installation's own address and on each account's custom
// domains, each site showing only what it may, at addresses on the host it was served on.
const PUBLIC = 'https://videos.example.test';
const t = useTestApp({ PUBLIC_URL: PUBLIC, BRAND_NAME: 'Acme Video' }, { media: true, pageCacheMs: 60_000 });
const readyVideo = readyVideos(() => t);

/** An active, verified domain of the account, as the domains module leaves one (its own tests verify it). */
async function activeDomain(accountId: string, domain = `video-${randomBytes(4).toString('hex')}.acme.test`) {
  const row = await t.db
    .insertInto('custom_domain')
    .values({
      account_id: accountId,
      domain,
      token: randomBytes(12).toString('hex'),
      status: 'verified',
      active: true,
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, domain };
}

async function brandOn(accountId: string, domainId: string, name: string) {
  await t.db
    .insertInto('brand')
    .values({
      account_id: accountId,
      name,
      page_background_color: '#101820',
      button_color: '#ff6600',
      button_font_color: '#ffffff',
      domain_id: domainId,
    })
    .execute();
}

async function accountWithVideo() {
  const account = await accountOnPlan(t, 'Pro');
  return { ...account, videoId: await readyVideo(account) };
}

const onHost = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, ...headers } });

describe('a custom domain', () => {
  it("serves its account's watch page, at addresses on that host, in its brand", async () => {
    const owner = await accountWithVideo();
    const { id, domain } = await activeDomain(owner.accountId);
    await brandOn(owner.accountId, id, 'Northwind');
    const response = await onHost(domain, `/v/${owner.videoId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<link rel="canonical" href="http://${domain}/v/${owner.videoId}">`);
    expect(html).toContain(`<meta property="og:site_name" content="Northwind">`);
    expect(html).toMatch(/<title>[^<]+ - Northwind<\/title>/);
    expect(html).toContain('<header class="site-header"><span>Northwind</span></header>');
    expect(html).toContain('body{background:#101820;color:#f5f5f5}');
    expect(html).toContain('--lr-button:#ff6600;--lr-button-text:#ffffff');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld.publisher).toEqual({ '@type': 'Organization', name: 'Northwind', url: `http://${domain}` });
    expect(ld.embedUrl).toBe(`http://${domain}/embed/${owner.videoId}`);
    // The style is allowed by its own hash, so the brand's colours do not need 'unsafe-inline'.
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    // The same video on the installation's address is the installation's page, not the cached branded one.
    const own = await t.app.inject({ url: `/v/${owner.videoId}` });
    expect(own.body).toContain(`<link rel="canonical" href="${PUBLIC}/v/${owner.videoId}">`);
    expect(own.body).not.toContain('Northwind');
    const embed = await onHost(domain, `/embed/${owner.videoId}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain(`<link rel="canonical" href="http://${domain}/v/${owner.videoId}">`);
  });

  it("answers another account's video, its media and its subtitles as unknown", async () => {
    const owner = await accountWithVideo();
    const other = await accountWithVideo();
    const { domain } = await activeDomain(owner.accountId);
    for (const url of [
      `/v/${other.videoId}`,
      `/embed/${other.videoId}`,
      `/media/${other.videoId}/master.m3u8`,
      `/oembed?url=${encodeURIComponent(`http://${domain}/v/${other.videoId}`)}`,
    ]) {
      expect((await onHost(domain, url)).statusCode, url).toBe(404);
    }
    expect((await onHost(domain, `/media/${owner.videoId}/master.m3u8`)).statusCode).toBe(200);
    const oembed = await onHost(domain, `/oembed?url=${encodeURIComponent(`http://${domain}/v/${owner.videoId}`)}`);
    expect(oembed.statusCode).toBe(200);
    expect(oembed.json()).toMatchObject({ provider_url: `http://${domain}` });
    // A URL of the installation's address is not this site's to describe.
    const elsewhere = await onHost(domain, `/oembed?url=${encodeURIComponent(`${PUBLIC}/v/${owner.videoId}`)}`);
    expect(elsewhere.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
  });

  it('lists its own videos in its sitemap, and names that sitemap in robots.txt', async () => {
    const owner = await accountWithVideo();
    const other = await accountWithVideo();
    const { domain } = await activeDomain(owner.accountId);
    const sitemap = (await onHost(domain, '/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>http://${domain}/v/${owner.videoId}</loc>`);
    expect(sitemap).not.toContain(other.videoId);
    expect((await onHost(domain, '/robots.txt')).body).toContain(`Sitemap: http://${domain}/sitemap.xml`);
    // The installation's sitemap lists every account's, on its own address.
    const all = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(all).toContain(`<loc>${PUBLIC}/v/${other.videoId}</loc>`);
  });

  it('has no console and no account API, only the public pages', async () => {
    const owner = await accountWithVideo();
    const { domain } = await activeDomain(owner.accountId);
    for (const url of ['/', '/login', '/api/account/detail', '/api/openapi.json', '/healthz', '/api/config']) {
      const response = await onHost(domain, url);
      expect([response.statusCode, response.headers['content-type']], url).toEqual([404, 'text/html; charset=utf-8']);
      expect(response.body).not.toContain('statusCode');
    }
  });

  it('stops serving at once when the domain is removed, whatever the page cache holds', async () => {
    const owner = await accountWithVideo();
    const { id, domain } = await activeDomain(owner.accountId);
    expect((await onHost(domain, `/v/${owner.videoId}`)).statusCode).toBe(200);
    await t.db.deleteFrom('custom_domain').where('id', '=', id).execute();
    const after = await onHost(domain, `/v/${owner.videoId}`);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain(owner.videoId);
  });

  it('stops serving, and Caddy gets no certificate for it, once the plan has no domains or the account is being deleted', async () => {
    const lapsing = await accountWithVideo();
    const lapsed = await activeDomain(lapsing.accountId);
    const leaving = await accountWithVideo();
    const left = await activeDomain(leaving.accountId);
    for (const { domain } of [lapsed, left]) {
      expect((await onHost(domain, '/robots.txt')).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/tls/ask?domain=${domain}` })).statusCode).toBe(200);
    }
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', lapsing.accountId).execute();
    const deletion = await post(
      t.app,
      '/api/account/delete',
      { reason: DELETION_REASONS[0], agreed: true, phrase: leaving.email },
      leaving.token,
    );
    expect(deletion.status).toBe(200);
    for (const { domain } of [lapsed, left]) {
      expect((await onHost(domain, `/v/${lapsing.videoId}`)).statusCode, domain).toBe(404);
      expect((await onHost(domain, '/robots.txt')).statusCode, domain).toBe(404);
      expect((await t.app.inject({ url: `/tls/ask?domain=${domain}` })).statusCode, domain).toBe(404);
    }
  });

  it('shows its brand name as text wherever it is written', async () => {
    const owner = await accountWithVideo();
    const { id, domain } = await activeDomain(owner.accountId);
    const hostile = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    await brandOn(owner.accountId, id, hostile);
    const html = (await onHost(domain, `/v/${owner.videoId}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('hosts', () => {
  it('answers an unknown or unverified host with a plain 404 page, and the installation at any IP address', async () => {
    const owner = await accountWithVideo();
    const pending = await t.db
      .insertInto('custom_domain')
      .values({ account_id: owner.accountId, domain: 'pending.acme.test', token: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(pending.id).toBeTruthy();
    for (const host of ['unknown.acme.test', 'pending.acme.test', 'PENDING.acme.test.']) {
      const response = await onHost(host, `/v/${owner.videoId}`);
      expect([response.statusCode, response.body.includes('404 Not Found')], host).toEqual([404, true]);
    }
    for (const host of ['127.0.0.1:8080', '[::1]:8080', 'localhost', 'videos.example.test']) {
      expect((await onHost(host, `/v/${owner.videoId}`)).statusCode, host).toBe(200);
    }
    expect((await get(t.app, '/api/config')).status).toBe(200);
  });
});
