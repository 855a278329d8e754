import { createHash } from 'node:crypto';
import { DEFAULT_FORM } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, readyVideos } from '../../../test/factories.ts';
import { createTestApp, get, post, type TestApp } from '../../../test/helpers.ts';

// the rest of the video settings (branding, call to action, widget, share, subtitles, kit-clone)
// and what the viewer's pages make of them.
let t: TestApp;
const readyVideo = readyVideos(() => t);
const PUBLIC = 'https://videos.example.test';
beforeAll(async () => {
  // Pages are rendered on every request here, so a saved setting shows at once.
  t = await createTestApp({ PUBLIC_URL: PUBLIC, BRAND_NAME: 'Acme Video' }, { media: true, pageCacheMs: 0 });
});
afterAll(async () => {
  await t.close();
});

async function accountWithVideos(count = 1) {
  const account = await accountOnPlan(t);
  const videoIds: string[] = [];
  for (let i = 0; i < count; i++) videoIds.push(await readyVideo(account, `clip-${i}.mp4`));
  return { ...account, videoId: videoIds[0] as string, videoIds };
}

const setPlan = (email: string, plan: 'Free' | 'Pro') =>
  t.db.updateTable('account').set({ plan_type: plan }).where('email', '=', email).execute();
const watch = async (videoId: string) => (await t.app.inject({ url: `/v/${videoId}` })).body;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const HOSTILE = `"><img src=x onerror=alert(2)></script>`;

/** Each bad setting answers 400 with its message; the stored setting is what it was. */
async function expectRefusals(
  token: string,
  pathName: string,
  videoId: string,
  valid: Record<string, unknown>,
  cases: [Record<string, unknown>, string][],
) {
  const before = (await get(t.app, `/api/vod/video/${pathName}?videoId=${videoId}`, token)).body.data;
  for (const [change, error] of cases) {
    const answer = await post(
      t.app,
      `/api/vod/video/${pathName}/save`,
      { videoId, setting: { ...valid, ...change } },
      token,
    );
    expect(answer.body.error, JSON.stringify(change)).toBe(error);
    expect(answer.status, JSON.stringify(change)).toBe(400);
  }
  expect((await get(t.app, `/api/vod/video/${pathName}?videoId=${videoId}`, token)).body.data).toEqual(before);
}

const BRANDING = {
  logo: null,
  logoPosition: 'top-right',
  logoLink: 'https://acme.example.test/',
  playerColor: '#FF5500',
  buttonColor: '#222',
  fontColor: '#ffffff',
};

describe('branding (the console contract branding, gated by canUseBranding)', () => {
  it('is refused on the Free plan, which keeps the "powered by" mark', async () => {
    const { token, videoId } = await accountWithVideos();
    const saved = await post(t.app, '/api/vod/video/logo/save', { videoId, setting: BRANDING }, token);
    expect([saved.status, saved.body.error]).toEqual([403, 'branding_not_allowed']);
    const logo = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: PNG }, token);
    expect([logo.status, logo.body.error]).toEqual([403, 'branding_not_allowed']);
    expect(await watch(videoId)).toContain('class="lr-mark"');
  });

  it('on a paid plan: a logo and colours replace the mark, under a CSP that hashes the exact style', async () => {
    const { token, videoId, email } = await accountWithVideos();
    await setPlan(email, 'Pro');
    const uploaded = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: PNG }, token);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.logo).toMatch(/^logo-[a-z0-9]{16}\.png$/);
    const saved = await post(
      t.app,
      '/api/vod/video/logo/save',
      { videoId, setting: { ...BRANDING, logo: uploaded.body.data.logo } },
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ playerColor: '#ff5500', buttonColor: '#222222' });

    const image = await t.app.inject({ url: saved.body.data.logoUrl });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const response = await t.app.inject({ url: `/v/${videoId}` });
    expect(response.body).not.toContain('class="lr-mark"');
    expect(response.body).toContain(`<a class="lr-logo lr-logo-top-right" href="https://acme.example.test/"`);
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    expect(style).toContain('--lr-accent:#ff5500;--lr-button:#222222');
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(String(response.headers['content-security-policy'])).toContain(`style-src ${hash}`);

    // A new logo replaces the old one, whose address then stops answering.
    const second = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: PNG }, token);
    await post(
      t.app,
      '/api/vod/video/logo/save',
      { videoId, setting: { ...BRANDING, logo: second.body.data.logo } },
      token,
    );
    expect((await t.app.inject({ url: saved.body.data.logoUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.body.data.logoUrl })).statusCode).toBe(200);
  });

  it('refuses bad colours, links, logos and files', async () => {
    const { token, videoId, email } = await accountWithVideos();
    await setPlan(email, 'Pro');
    await expectRefusals(token, 'logo', videoId, BRANDING, [
      [{ playerColor: 'red' }, 'color_invalid'],
      [{ buttonColor: '#12345' }, 'color_invalid'],
      [{ fontColor: '#1234567' }, 'color_invalid'],
      [{ logoLink: 'javascript:alert(1)' }, 'url_invalid'],
      [{ logoLink: 'acme.example.test' }, 'url_invalid'],
      [{ logo: '../../secret' }, 'logo_invalid'],
      [{ logo: 'logo-aaaaaaaaaaaaaaaa.png' }, 'logo_invalid'],
      [{ logoPosition: 'middle' }, 'illegal_input'],
    ]);
    const text = Buffer.from('<svg onload=alert(1)>').toString('base64');
    const refused = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: text }, token);
    expect([refused.status, refused.body.error]).toEqual([400, 'logo_file_invalid']);
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    const tooLarge = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: big }, token);
    expect([tooLarge.status, tooLarge.body.error]).toEqual([400, 'logo_too_large']);
    const other = await accountWithVideos();
    await setPlan(other.email, 'Pro');
    const foreign = await post(t.app, '/api/vod/video/logo/upload', { videoId, image: PNG }, other.token);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'video_invalid']);
    expect((await get(t.app, `/api/vod/video/logo?videoId=${videoId}`, other.token)).status).toBe(404);
  });
});

const ACTION = {
  enabled: true,
  style: 'button',
  text: 'Book a demo',
  link: 'https://acme.example.test/demo',
  position: 'bottom-left',
  timing: 'during',
  showFrom: 1,
  showUntil: 5,
};

describe('the call to action (the console contract super-action) and the widget', () => {
  it('shows the call to action over the player at its times or at the end, and below the title', async () => {
    const { token, videoId } = await accountWithVideos();
    await expectRefusals(token, 'super-action', videoId, ACTION, [
      [{ text: '' }, 'action_text_required'],
      [{ text: 'x'.repeat(61) }, 'action_text_too_long'],
      [{ link: 'javascript:alert(1)' }, 'url_invalid'],
      [{ link: '' }, 'url_invalid'],
      [{ showUntil: 1 }, 'contact_times'],
      [{ style: 'popup' }, 'illegal_input'],
      [{ timing: 'later' }, 'illegal_input'],
    ]);
    expect((await post(t.app, '/api/vod/video/super-action/save', { videoId, setting: ACTION }, token)).status).toBe(
      200,
    );
    const during = await watch(videoId);
    expect(during).toContain(
      '<a class="lr-action lr-contact lr-pos-bottom-left" href="https://acme.example.test/demo" target="_blank" rel="noopener" data-lr-contact="action" data-from="1" data-until="5">Book a demo</a>',
    );
    expect(during).toContain('watch-contact watch-action');
    const atEnd = { ...ACTION, style: 'banner', timing: 'end', text: HOSTILE };
    expect((await post(t.app, '/api/vod/video/super-action/save', { videoId, setting: atEnd }, token)).status).toBe(
      200,
    );
    const ended = await watch(videoId);
    expect(ended).toMatch(/class="lr-action lr-action-banner"[^>]*data-at-end>/);
    expect(ended).not.toContain('<img src=x');
    expect(ended).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&lt;/script&gt;');
  });

  it('offers the contact channels the owner filled in, in one floating widget whose clicks are recorded', async () => {
    const { token, videoId } = await accountWithVideos();
    const widget = {
      enabled: true,
      title: 'Talk to sales',
      message: 'We answer within the hour.',
      channels: ['whatsapp'],
      position: 'bottom-left',
    };
    const unset = await post(t.app, '/api/vod/video/widget/save', { videoId, setting: widget }, token);
    expect([unset.status, unset.body.error, unset.body.field]).toEqual([
      400,
      'widget_channel_unset',
      'setting.channels',
    ]);
    await expectRefusals(token, 'widget', videoId, widget, [
      [{ channels: [] }, 'widget_channels_required'],
      [{ channels: ['whatsapp', 'whatsapp'] }, 'illegal_input'],
      [{ channels: ['fax'] }, 'illegal_input'],
      [{ title: 'x'.repeat(41) }, 'widget_title_too_long'],
      [{ message: 'x'.repeat(201) }, 'widget_message_too_long'],
      [{ position: 'top-left' }, 'illegal_input'],
    ]);
    const whatsapp = {
      enabled: false,
      label: '',
      position: 'bottom-right',
      showFrom: 0,
      showUntil: null,
      number: '+86 138 0013 8000',
      message: 'Hi',
    };
    expect((await post(t.app, '/api/vod/video/whatsapp/save', { videoId, setting: whatsapp }, token)).status).toBe(200);
    expect((await post(t.app, '/api/vod/video/widget/save', { videoId, setting: widget }, token)).status).toBe(200);
    const html = await watch(videoId);
    expect(html).toContain('<details class="lr-widget lr-widget-bottom-left"><summary>Talk to sales</summary>');
    expect(html).toContain(
      'href="https://wa.me/8613800138000?text=Hi" target="_blank" rel="noopener" data-lr-contact="widget"',
    );
    // The WhatsApp button itself is off: only the widget offers it.
    expect(html).not.toContain('lr-contact lr-pos-bottom-right lr-whatsapp');

    for (const kind of ['widget', 'action']) {
      const click = await t.app.inject({
        method: 'POST',
        url: '/api/public/click',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ videoId, kind, second: 3, page: 'https://customer.example/p', referrer: '' }),
      });
      expect(click.statusCode).toBe(204);
    }
    const clicks = await t.db.selectFrom('contact_click').select('kind').where('video_id', '=', videoId).execute();
    expect(clicks.map((c) => c.kind).sort()).toEqual(['action', 'widget']);
  });
});

describe('share networks (the console contract share)', () => {
  it('shows the chosen networks on the watch page and in the embed, and none when off', async () => {
    const { token, videoId } = await accountWithVideos();
    const fresh = await watch(videoId);
    expect(fresh).toContain(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${PUBLIC}/v/${videoId}`)}`,
    );
    expect(fresh).toContain(`data-lr-copy="${PUBLIC}/v/${videoId}" hidden>Copy link</button>`);
    const chosen = { enabled: true, networks: ['telegram', 'pinterest'] };
    expect((await post(t.app, '/api/vod/video/share/save', { videoId, setting: chosen }, token)).status).toBe(200);
    const html = await watch(videoId);
    expect(html).toContain('https://t.me/share/url?url=');
    expect(html).toContain('https://pinterest.com/pin/create/button/?url=');
    expect(html).not.toContain('facebook.com');
    expect((await t.app.inject({ url: `/embed/${videoId}` })).body).toContain('<details class="lr-share">');
    await post(t.app, '/api/vod/video/share/save', { videoId, setting: { enabled: false, networks: ['x'] } }, token);
    expect(await watch(videoId)).not.toContain('class="watch-share"');
    await expectRefusals(token, 'share', videoId, chosen, [
      [{ networks: ['myspace'] }, 'illegal_input'],
      [{ networks: ['x', 'x'] }, 'illegal_input'],
      [{ enabled: 'yes' }, 'illegal_input'],
    ]);
  });
});

const SRT = `1
00:00:00,500 --> 00:00:02,000
Welcome to <b>Acme</b>

2
00:00:02,000 --> 00:00:04,250
Price < $5 & "free" <script>alert(1)</script>
`;
const VTT = `WEBVTT

NOTE a comment

00:00.000 --> 00:01.500 align:start
欢迎观看
`;

describe('subtitles (the console contract subtitle)', () => {
  const uploadTrack = (token: string, body: Record<string, unknown>) =>
    post(t.app, '/api/vod/video/subtitle/upload', body, token);

  it('takes SRT and WebVTT per language, serves WebVTT, and shows the default track as the transcript', async () => {
    const { token, videoId } = await accountWithVideos();
    const english = await uploadTrack(token, {
      videoId,
      lang: 'en',
      label: 'English',
      fileName: 'en.srt',
      content: SRT,
    });
    expect(english.status).toBe(200);
    expect(english.body.data.cues).toEqual([
      { start: 0.5, end: 2, text: 'Welcome to Acme' },
      { start: 2, end: 4.25, text: 'Price < $5 & "free" alert(1)' },
    ]);
    const chinese = await uploadTrack(token, {
      videoId,
      lang: 'zh-CN',
      label: '中文',
      fileName: 'zh.VTT',
      content: VTT,
    });
    expect(chinese.status).toBe(200);

    const vtt = await t.app.inject({ url: english.body.data.url });
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nWelcome to Acme\n\n00:00:02.000 --> 00:00:04.250\nPrice &lt; $5 &amp; "free" alert(1)\n',
    );

    let html = await watch(videoId);
    expect(html).toContain('<h2>Transcript</h2>');
    expect(html).toContain('<span class="cue-time">0:00</span> Welcome to Acme');
    expect(html).toContain('data-tracks="[{&quot;src&quot;:');
    expect(html).toContain('<span class="cue-time">0:02</span> Price &lt; $5 &amp; &quot;free&quot; alert(1)</li>');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld.transcript).toBe('Welcome to Acme Price < $5 & "free" alert(1)');
    expect(html).toContain('Price \\u003c $5 \\u0026');

    const defaulted = await post(
      t.app,
      '/api/vod/video/subtitle/default',
      { videoId, subtitleId: chinese.body.data.subtitleId },
      token,
    );
    expect(defaulted.body.data.map((s: { lang: string; isDefault: boolean }) => [s.lang, s.isDefault])).toEqual([
      ['en', false],
      ['zh-CN', true],
    ]);
    html = await watch(videoId);
    expect(html).toContain('<span class="cue-time">0:00</span> 欢迎观看');
    expect(html).toContain(
      '&quot;lang&quot;:&quot;zh-CN&quot;,&quot;label&quot;:&quot;中文&quot;,&quot;isDefault&quot;:true',
    );
  });

  it('edits cues, deletes tracks, and refuses bad files, cues and other accounts', async () => {
    const { token, videoId } = await accountWithVideos();
    const base = { videoId, lang: 'en', label: 'English', fileName: 'en.srt', content: SRT };
    const track = (await uploadTrack(token, base)).body.data;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ lang: 'en' }, 409, 'subtitle_lang_taken'],
      [{ lang: 'english!' }, 400, 'subtitle_lang_invalid'],
      [{ lang: 'fr', fileName: 'notes.txt' }, 400, 'subtitle_file_invalid'],
      [{ lang: 'fr', content: 'just some words' }, 400, 'subtitle_file_invalid'],
      [{ lang: 'fr', content: '' }, 400, 'subtitle_file_invalid'],
      [{ lang: 'fr', content: '1\n00:00:05,000 --> 00:00:01,000\nbackwards\n' }, 400, 'subtitle_cue_times'],
      [{ lang: 'fr', label: '' }, 400, 'subtitle_label_required'],
      [{ lang: 'fr', label: 'x'.repeat(41) }, 400, 'subtitle_label_too_long'],
      [{ lang: 'fr', content: 42 }, 400, 'illegal_input'],
      // 100,000 cues weigh more than a request may: refused before it is read.
      [
        {
          lang: 'fr',
          content: Array.from({ length: 100_000 }, (_, i) => `${i}\n00:00:00,000 --> 00:00:01,000\nx\n`).join('\n'),
        },
        413,
        'payload_too_large',
      ],
      [
        {
          lang: 'fr',
          content: Array.from({ length: 6000 }, (_, i) => `00:00:00.000 --> 00:00:01.000\nx${i}\n`).join('\n'),
        },
        400,
        'subtitle_too_many_cues',
      ],
      [{ lang: 'fr', content: '1\n00:00:00,000 --> 00:00:01,000\nnul \u0000 here\n' }, 400, 'illegal_input'],
      [{ lang: 'fr', content: '1\n00:00:00,000 --> 00:00:01,000\nlone \ud800 half\n' }, 400, 'illegal_input'],
      // Not text at all: a PNG's first bytes read as text.
      [{ lang: 'fr', content: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR' }, 400, 'illegal_input'],
    ];
    for (const [change, status, error] of refusals) {
      const answer = await uploadTrack(token, { ...base, ...change });
      expect([answer.status, answer.body.error], JSON.stringify(change)).toEqual([status, error]);
    }
    expect((await get(t.app, `/api/vod/video/subtitle/list?videoId=${videoId}`, token)).body.data).toHaveLength(1);
    // Overlapping cues are WebVTT's own (two speakers at once): kept, in time order.
    const overlapping = await uploadTrack(token, {
      ...base,
      lang: 'de',
      content: 'WEBVTT\n\n00:00:02.000 --> 00:00:05.000\nB\n\n00:00:01.000 --> 00:00:04.000\nA\n',
    });
    expect(overlapping.status, JSON.stringify(overlapping.body)).toBe(200);
    expect(overlapping.body.data.cues.map((cue: { text: string }) => cue.text)).toEqual(['A', 'B']);
    await post(t.app, '/api/vod/video/subtitle/delete', { subtitleId: overlapping.body.data.subtitleId }, token);

    const save = (body: Record<string, unknown>, as = token) => post(t.app, '/api/vod/video/subtitle/save', body, as);
    const cues = [
      { start: 3, end: 4, text: 'Second' },
      { start: 0, end: 1.5, text: 'First' },
    ];
    const saved = await save({ subtitleId: track.subtitleId, label: 'English (edited)', cues });
    expect(saved.status).toBe(200);
    expect(saved.body.data.cues.map((cue: { text: string }) => cue.text)).toEqual(['First', 'Second']);
    expect(saved.body.data.url).not.toBe(track.url);
    for (const [bad, error] of [
      [[{ start: 2, end: 1, text: 'x' }], 'subtitle_cue_times'],
      [[{ start: 0, end: 1, text: ' ' }], 'subtitle_cue_empty'],
      [[{ start: 0, end: 1, text: 'x'.repeat(501) }], 'subtitle_cue_too_long'],
      [[], 'subtitle_empty'],
      ['cues', 'illegal_input'],
    ] as const) {
      const answer = await save({ subtitleId: track.subtitleId, label: 'x', cues: bad });
      expect([answer.status, answer.body.error]).toEqual([400, error]);
    }
    const other = await accountWithVideos();
    expect((await save({ subtitleId: track.subtitleId, label: 'mine', cues }, other.token)).status).toBe(404);
    const foreignDelete = await post(
      t.app,
      '/api/vod/video/subtitle/delete',
      { subtitleId: track.subtitleId },
      other.token,
    );
    expect([foreignDelete.status, foreignDelete.body.error]).toEqual([404, 'subtitle_not_found']);
    const foreignDefault = await post(
      t.app,
      '/api/vod/video/subtitle/default',
      { videoId: other.videoId, subtitleId: track.subtitleId },
      other.token,
    );
    expect(foreignDefault.status).toBe(404);
    expect((await get(t.app, `/api/vod/video/subtitle/list?videoId=${videoId}`, other.token)).status).toBe(404);

    expect((await post(t.app, '/api/vod/video/subtitle/delete', { subtitleId: track.subtitleId }, token)).status).toBe(
      200,
    );
    expect((await t.app.inject({ url: saved.body.data.url })).statusCode).toBe(404);
    expect(await watch(videoId)).not.toContain('Transcript');
  });
});

describe('kit-clone (the console contract kit-clone)', () => {
  it('copies the chosen settings onto many videos at once, and all or nothing', async () => {
    const { token, videoIds, email } = await accountWithVideos(3);
    await setPlan(email, 'Pro'); // for the link names; back on Free below, which refuses branding
    const [source, first, second] = videoIds as [string, string, string];
    await post(t.app, '/api/vod/video/super-action/save', { videoId: source, setting: ACTION }, token);
    await post(
      t.app,
      '/api/vod/video/share/save',
      { videoId: source, setting: { enabled: false, networks: [] } },
      token,
    );
    await post(
      t.app,
      '/api/vod/video/seo-page/save',
      {
        videoId: source,
        title: 'Source',
        description: 'Shared words',
        keywords: ['k'],
        slug: 'source-video',
        indexable: false,
        sourceUrl: 'https://blog.example.test/source-article',
      },
      token,
    );
    await post(
      t.app,
      '/api/vod/video/seo-page/save',
      {
        videoId: first,
        title: 'First own title',
        description: '',
        keywords: [],
        slug: 'first-video',
        indexable: true,
        sourceUrl: 'https://blog.example.test/first-article',
      },
      token,
    );
    const clone = (body: Record<string, unknown>, as = token) => post(t.app, '/api/vod/video/kit-clone', body, as);
    await setPlan(email, 'Free');

    const other = await accountWithVideos();
    const mixed = await clone({ videoId: source, targetVideoIds: [first, other.videoId], parts: ['superAction'] });
    expect([mixed.status, mixed.body.error]).toEqual([404, 'video_invalid']);
    expect((await get(t.app, `/api/vod/video/super-action?videoId=${first}`, token)).body.data.enabled).toBe(false);
    for (const [body, error] of [
      [{ videoId: source, targetVideoIds: [], parts: ['share'] }, 'clone_targets_required'],
      [{ videoId: source, targetVideoIds: [first], parts: [] }, 'clone_parts_required'],
      [{ videoId: source, targetVideoIds: [first], parts: ['everything'] }, 'illegal_input'],
      [
        { videoId: source, targetVideoIds: Array.from({ length: 101 }, () => first), parts: ['share'] },
        'clone_targets_too_many',
      ],
    ] as const) {
      const answer = await clone(body);
      expect([answer.status, answer.body.error]).toEqual([400, error]);
    }
    const branding = await clone({ videoId: source, targetVideoIds: [first], parts: ['branding'] });
    expect([branding.status, branding.body.error]).toEqual([403, 'branding_not_allowed']);
    expect((await clone({ videoId: source, targetVideoIds: [first], parts: ['share'] }, other.token)).status).toBe(404);

    await post(
      t.app,
      '/api/vod/video/subtitle/upload',
      { videoId: source, lang: 'en', label: 'English', fileName: 'a.srt', content: SRT },
      token,
    );
    const form = { ...DEFAULT_FORM, enabled: true, title: 'Cloned form' };
    expect((await post(t.app, '/api/vod/form/save', { videoId: source, form }, token)).status).toBe(200);
    const done = await clone({
      videoId: source,
      targetVideoIds: [first, second, source],
      parts: ['superAction', 'share', 'seo', 'subtitles', 'form'],
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ copied: 2 });
    for (const target of [first, second]) {
      expect((await get(t.app, `/api/vod/video/super-action?videoId=${target}`, token)).body.data).toEqual(ACTION);
      expect((await get(t.app, `/api/vod/video/share?videoId=${target}`, token)).body.data.enabled).toBe(false);
      const seo = (await get(t.app, `/api/vod/video/seo-page?videoId=${target}`, token)).body.data;
      expect(seo).toMatchObject({ description: 'Shared words', keywords: ['k'], indexable: false });
    }
    for (const target of [first, second]) {
      const tracks = (await get(t.app, `/api/vod/video/subtitle/list?videoId=${target}`, token)).body.data;
      expect(tracks.map((track: { lang: string; cues: unknown[] }) => [track.lang, track.cues.length])).toEqual([
        ['en', 2],
      ]);
    }
    for (const target of [first, second]) {
      const form = (await get(t.app, `/api/vod/form/config?videoId=${target}`, token)).body.data;
      expect(form).toMatchObject({ enabled: true, title: 'Cloned form' });
    }
    // Each video keeps its own title, link name and source article.
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${first}`, token)).body.data).toMatchObject({
      title: 'First own title',
      slug: 'first-video',
      sourceUrl: 'https://blog.example.test/first-article',
    });
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${second}`, token)).body.data).toMatchObject({
      title: '',
      slug: '',
      sourceUrl: '',
    });
  });
});

describe('the watch page cover (the console contract basic-setting)', () => {
  it('replaces the poster on the page, the cards and the sitemap, and goes back to it when removed', async () => {
    const { token, videoId } = await accountWithVideos();
    const cover = (image: string | null, as = token) =>
      post(t.app, '/api/vod/video/seo-page/cover', { videoId, image }, as);
    const set = await cover(PNG);
    expect(set.status).toBe(200);
    const coverUrl: string = set.body.data.coverUrl;
    expect(coverUrl).toMatch(new RegExp(`^/media/${videoId}/brand/cover-[a-z0-9]{16}\\.png$`));
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token)).body.data.coverUrl).toBe(coverUrl);
    const html = await watch(videoId);
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC}${coverUrl}">`);
    expect(html).toContain(`<img src="${coverUrl}" alt=""`);
    expect((await t.app.inject({ url: coverUrl })).statusCode).toBe(200);
    // Saving the SEO page keeps the cover.
    await post(
      t.app,
      '/api/vod/video/seo-page/save',
      { videoId, title: 'T', description: '', keywords: [], slug: '', indexable: true },
      token,
    );
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token)).body.data.coverUrl).toBe(coverUrl);

    const text = Buffer.from('GIF89a not a cover').toString('base64');
    expect((await cover(text)).body).toMatchObject({ statusCode: 400, error: 'cover_file_invalid' });
    expect((await cover('%%%')).body).toMatchObject({ statusCode: 400, error: 'cover_file_invalid' });
    const other = await accountWithVideos();
    expect((await cover(PNG, other.token)).status).toBe(404);

    const removed = await cover(null);
    expect(removed.body.data.coverUrl).toBeNull();
    expect((await t.app.inject({ url: coverUrl })).statusCode).toBe(404);
    expect(await watch(videoId)).toMatch(/og:image" content="[^"]+poster\.jpg"/);
  });
});

describe('every settings route', () => {
  it('answers 404 for another account’s video and a deleted one, 403 from the Frozen period on, and writes nothing', async () => {
    const owner = await accountWithVideos();
    const other = await accountWithVideos();
    await setPlan(other.email, 'Pro');
    const track = await post(
      t.app,
      '/api/vod/video/subtitle/upload',
      { videoId: owner.videoId, lang: 'en', label: 'English', fileName: 'a.srt', content: SRT },
      owner.token,
    );
    const writes = (videoId: string): [string, Record<string, unknown>][] => [
      ['/api/vod/video/logo/save', { videoId, setting: BRANDING }],
      ['/api/vod/video/logo/upload', { videoId, image: PNG }],
      ['/api/vod/video/super-action/save', { videoId, setting: ACTION }],
      [
        '/api/vod/video/widget/save',
        { videoId, setting: { enabled: false, title: '', message: '', channels: [], position: 'bottom-right' } },
      ],
      ['/api/vod/video/share/save', { videoId, setting: { enabled: false, networks: [] } }],
      ['/api/vod/video/seo-page/cover', { videoId, image: PNG }],
      ['/api/vod/video/subtitle/upload', { videoId, lang: 'fr', label: 'Français', fileName: 'a.srt', content: SRT }],
      ['/api/vod/video/subtitle/default', { videoId, subtitleId: null }],
      ['/api/vod/video/kit-clone', { videoId, targetVideoIds: [other.videoId], parts: ['share'] }],
    ];
    const reads = (videoId: string) =>
      ['logo', 'super-action', 'widget', 'share', 'seo-page', 'subtitle/list'].map(
        (name) => `/api/vod/video/${name}?videoId=${videoId}`,
      );
    const snapshot = async (videoId: string) => [
      await t.db.selectFrom('video_setting').selectAll().where('video_id', '=', videoId).execute(),
      await t.db.selectFrom('subtitle').select(['id', 'lang', 'is_default']).where('video_id', '=', videoId).execute(),
    ];

    // Another account's video: the same 404 as one that never was.
    const before = await snapshot(owner.videoId);
    for (const [url, body] of writes(owner.videoId)) {
      const answer = await post(t.app, url, body, other.token);
      expect([url, answer.status, answer.body.error]).toEqual([url, 404, 'video_invalid']);
    }
    for (const url of reads(owner.videoId))
      expect([url, (await get(t.app, url, other.token)).status]).toEqual([url, 404]);
    expect(await snapshot(owner.videoId)).toEqual(before);
    const foreignTrack = {
      subtitleId: track.body.data.subtitleId,
      label: 'x',
      cues: [{ start: 0, end: 1, text: 'x' }],
    };
    expect((await post(t.app, '/api/vod/video/subtitle/save', foreignTrack, other.token)).status).toBe(404);

    // Frozen: reading stays open, writing is refused with the console contract's message.
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', other.email).execute();
    for (const [url, body] of writes(other.videoId)) {
      const answer = await post(t.app, url, body, other.token);
      expect([url, answer.status, answer.body.error]).toEqual([url, 403, 'plan_period']);
    }
    for (const url of reads(other.videoId))
      expect([url, (await get(t.app, url, other.token)).status]).toEqual([url, 200]);

    // A deleted video has no settings any more.
    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [owner.videoId] }, owner.token)).status).toBe(200);
    for (const [url, body] of writes(owner.videoId).filter(([url]) => !url.endsWith('kit-clone'))) {
      expect([url, (await post(t.app, url, body, owner.token)).status]).toEqual([url, 404]);
    }
    for (const url of reads(owner.videoId))
      expect([url, (await get(t.app, url, owner.token)).status]).toEqual([url, 404]);
    expect((await t.app.inject({ url: track.body.data.url })).statusCode).toBe(404);
  });
});
