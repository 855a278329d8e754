import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { LANGS, signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// at 1280 and 1440 px the Actions column covered Size and Uploaded and "Duration" wrapped.
failOnPageProblems(test);

/** A text file named .mp4, uploaded whole: the server refuses it, so the list has a failed row with its reason. */
async function uploadNotAVideo(request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const bytes = Buffer.from('Meeting notes, not a video.\n'.repeat(200));
  const call = async (url: string, data: unknown, headers: Record<string, string> = {}) => {
    const response = await request.post(url, { data, headers: { ...auth, ...headers } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  };
  const [videoId] = await call('/api/vod/video/pre-add-custom-video', {
    videos: [{ videoName: 'Meeting notes.mp4', size: bytes.length }],
  });
  const grant = await (await request.get('/api/cos/vod/video/credential', { headers: auth })).json();
  const cos = { 'x-cos-security-token': grant.data.credentials.sessionToken };
  await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, cos);
  const { urls } = await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers: [1] }, cos);
  expect((await request.put(urls[0].url, { data: bytes })).status()).toBe(200);
  await call('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId });
}

/** Every header on one line and whole; Size and Uploaded whole, in view, and not under the Actions column. */
async function expectEveryColumnReadable(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const table = document.querySelector('.video-table') as HTMLElement;
    const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
    const actions = headers.at(-1) as HTMLElement;
    for (const th of headers) {
      if (th.scrollWidth > th.clientWidth) found.push(`header "${th.textContent}" is clipped`);
      // Text on two lines has its boxes at two heights.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      if (tops.size > 1) found.push(`header "${th.textContent}" wraps`);
    }
    const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (scroller && scroller.scrollWidth > scroller.clientWidth) found.push('the table scrolls sideways');
    const index = (text: RegExp) => headers.findIndex((th) => text.test(th.textContent ?? ''));
    const columns = { size: index(/^(Size|大小)$/), uploaded: index(/^(Uploaded|上传时间|上传日期)$/) };
    if (columns.size < 0 || columns.uploaded < 0) found.push(`columns not found: ${JSON.stringify(columns)}`);
    const edge = actions.getBoundingClientRect().left;
    for (const row of table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')) {
      for (const [name, at] of Object.entries(columns)) {
        const cell = row.children[at] as HTMLElement;
        const box = cell.getBoundingClientRect();
        if (cell.scrollWidth > cell.clientWidth) found.push(`${name} "${cell.textContent}" is clipped`);
        if (box.right > edge + 0.5) found.push(`${name} "${cell.textContent}" runs under Actions`);
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!top || !cell.contains(top)) found.push(`${name} "${cell.textContent}" is covered`);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}

test('the video list: every column readable at 1280 and 1440 px, in English and Chinese', async ({ page }) => {
  const { token } = await signUpByApi(page);
  await uploadVideo(page.request, token, 'Quarterly product walkthrough for enterprise customers, final cut.mp4');
  await uploadNotAVideo(page.request, token);
  const pending = await page.request.post('/api/vod/video/pre-add-custom-video', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      videos: [{ videoName: 'Customer interview with a title long enough to need an ellipsis.mov', size: 48e6 }],
    },
  });
  expect(pending.status()).toBe(200);
  const folder = await page.request.post('/api/vod/video/folder/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Customer stories' },
  });
  expect(folder.status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/videos/index?token=${token}`);
  await expect(page.locator('.video-table tbody tr.ant-table-row')).toHaveCount(3);
  // The failed row says why, in the console's language, once the server has refused the file.
  await expect(page.locator('.video-fail-reason')).toContainText('(supported: FLV, AVI, MOV, MP4, RMVB)');
  for (const language of LANGS) {
    // The console's own remembered choice, so this test does not depend on how the switch is drawn.
    await page.evaluate((code) => localStorage.setItem('leadreel.language', code), language.code);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language.code === 'en' ? 'en' : 'zh-CN');
    await expect(page.locator('.video-table tbody tr.ant-table-row')).toHaveCount(3);
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectEveryColumnReadable(page);
      // A folder's name whole beside its count and menu (it was cut to "Custo…").
      const name = page.locator('.video-folder-name', { hasText: 'Customer stories' });
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // Its menu button appears in place of the count when the row is pointed at, and opens the folder's menu.
    const actions = page
      .locator('.video-folder-item', { hasText: 'Customer stories' })
      .locator('.video-folder-actions');
    await expect(actions).toHaveCSS('opacity', '0');
    await page.locator('.video-folder-name', { hasText: 'Customer stories' }).hover();
    await expect(actions).toHaveCSS('opacity', '1');
    await actions.click();
    await expect(page.getByRole('menuitem', { name: language.code === 'en' ? 'Rename' : '重命名' })).toBeVisible();
    await page.keyboard.press('Escape');
    await snap(page, `video-list-1280-${language.code}`);
  }
  await expect(page.locator('.video-fail-reason')).toContainText('该文件不是可读取的视频');
});
