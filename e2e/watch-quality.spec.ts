import { type APIRequestContext, expect, test } from '@playwright/test';
import { signUpByApi } from './support-console.ts';
import { expectLighthouse, nuErrors } from './support-quality.ts';
import { saveSetting, uploadVideo, whatsappButton } from './support-video.ts';

// The public watch page as search engines and checkers judge it: Lighthouse's accessibility, best practices
// and SEO on a phone and the Nu HTML checker on the watch page and the embed. Its performance score measures
// speed, which a test must not (it moves with the machine's load): bench:watch-page prints it.

let videoId: string;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const { token } = await signUpByApi(page);
  videoId = await uploadVideo(page.request, token, 'quality-tour.mp4');
  // The settings an owner fills in, so the page is the one a real video has.
  const save = (route: string, data: unknown) => saveSetting(page.request, token, route, data);
  await save('video/seo-page/save', {
    videoId,
    title: 'Product tour: invoices in two minutes',
    description: 'How a team sends, tracks and reconciles invoices with our product, from the first draft to payment.',
    keywords: ['invoicing', 'product tour', 'accounts receivable'],
    slug: '',
    indexable: true,
  });
  await save('video/whatsapp/save', { videoId, setting: whatsappButton('+8613800138000', 'Hi') });
  // Everything else a viewer can meet on the page: a call to action, the widget, subtitles and a transcript.
  await save('video/super-action/save', {
    videoId,
    setting: {
      enabled: true,
      style: 'button',
      text: 'Book a demo',
      link: 'https://example.test/demo',
      position: 'bottom-left',
      timing: 'end',
      showFrom: 0,
      showUntil: null,
    },
  });
  await save('video/widget/save', {
    videoId,
    setting: {
      enabled: true,
      title: '',
      message: 'We answer within the hour.',
      channels: ['whatsapp'],
      position: 'bottom-right',
    },
  });
  await save('video/share/save', {
    videoId,
    setting: { enabled: true, networks: ['facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'pinterest', 'copy'] },
  });
  await save('video/subtitle/upload', {
    videoId,
    lang: 'en',
    label: 'English',
    fileName: 'tour.srt',
    content:
      '1\n00:00:00,000 --> 00:00:03,000\nInvoices, sent in seconds.\n\n2\n00:00:03,000 --> 00:00:06,000\nTracked until they are paid.\n',
  });
  await page.close();
});

/** The URL the watch page calls its own: audited there, since the canonical link must be on the same site. */
async function canonicalUrl(request: APIRequestContext, id: string) {
  const response = await request.get(`/v/${id}`);
  expect(response.status()).toBe(200);
  const href = /<link rel="canonical" href="([^"]+)">/.exec(await response.text())?.[1];
  expect(href, 'the watch page has a canonical link').toBeTruthy();
  return href as string;
}

test('Lighthouse on a phone: SEO 100, accessibility 95+, best practices 100', async ({ request }, testInfo) => {
  const url = await canonicalUrl(request, videoId);
  await expectLighthouse(url, testInfo, { seo: 100, accessibility: 95, 'best-practices': 100 });
});

test('the Nu HTML checker finds no error in the watch page and the embed', async ({ request }, testInfo) => {
  const pages: [string, Buffer][] = [];
  for (const [name, pagePath] of [
    ['watch.html', `/v/${videoId}`],
    ['embed.html', `/embed/${videoId}`],
  ] as const) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    pages.push([name, await response.body()]);
  }
  expect(await nuErrors(pages, testInfo), 'Nu HTML checker errors').toEqual([]);
});
