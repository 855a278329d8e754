import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { admin, grantPlan, signUpByApi, switchLanguage } from './support-console.ts';

// Blog-to-video in Chromium, as the product owner checks it: an article served by the test on loopback
// becomes a project; two scenes are reordered (kept after a reload), a scene's picture is swapped for one
// uploaded into the library, music is picked, the export is followed to its end, and the new video's watch
// page takes an inquiry that reaches the owner. In Chinese, the article is split on 。 and the exported video
// draws its Chinese subtitles (blog-export-zh_CN.png shows them, for a person to look at).
const run = promisify(execFile);

test.describe.configure({ mode: 'parallel' });
test.use({
  // A limit, not an expectation: an action that cannot happen fails where it stands instead of at the test's end.
  actionTimeout: 60_000,
});
failOnPageProblems(test);

/** What an export may take on a loaded machine: the voices (espeak-ng, flite) and the render (ffmpeg). */
const EXPORT_LIMIT = 480_000;
/** And then the video's own encode into its ladder, at a low priority. */
const ENCODE_LIMIT = 480_000;

type Article = { lang: string; title: string; description: string; paragraphs: string[][] };

const ENGLISH: Article = {
  lang: 'en',
  title: 'A quieter water pump for the valley',
  description: 'Our new pump moves twice the water on a third less power.',
  paragraphs: [
    ['Our new water pump moves twice as much water as the old one.', 'It runs quietly, even at night.'],
    [
      'Farmers in the valley tested it for a whole season.',
      'They saved a third of their power bill and their crops grew evenly.',
    ],
    ['Every pump comes with a five year warranty.', 'Call us today to book a free visit to your farm.'],
  ],
};

// Over 200 characters (what the server takes for an article), in six sentences.
const CHINESE: Article = {
  lang: 'zh-CN',
  title: '新型水泵让农场灌溉更省电',
  description: '新型水泵抽水量翻倍，耗电减少三分之一。',
  paragraphs: [
    [
      '我们的新型水泵每小时抽水量是旧型号的两倍，而且耗电量还降低了将近三分之一。',
      '它运行时非常安静，即使在深夜工作，也不会打扰到农场里休息的人们和牲畜。',
    ],
    [
      '山谷里的二十多户农民已经连续试用了整整一个灌溉季节，大家都非常满意。',
      '他们发现田里的庄稼长得更加整齐，每亩地的收成比去年同期提高了一成多。',
    ],
    [
      '每台水泵都享受五年免费保修，配件充足，我们的维修团队随时可以上门服务。',
      '欢迎今天就给我们打电话预约一次免费的现场勘察，我们会为您量身定制方案。',
    ],
  ],
};

const sentences = (article: Article) => article.paragraphs.flat();

const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A 640x360 PNG of an ffmpeg test source (`testsrc2`, `mandelbrot`…), written to `file`. */
async function makePicture(file: string, source: string) {
  await ffmpeg('-f', 'lavfi', '-i', `${source}=size=640x360`, '-frames:v', '1', file);
  return file;
}

/**
 * A blog of the test's own on loopback: `/post` is the article page (its title, description, paragraphs and
 * one picture), `/cover.png` its picture.
 */
async function blogServer(article: Article, picture: string) {
  const png = await readFile(picture);
  const html = [
    `<!doctype html><html lang="${article.lang}"><head><meta charset="utf-8">`,
    `<title>${article.title}</title><meta name="description" content="${article.description}">`,
    '</head><body><header><a href="/">Pumps blog</a></header><main><article>',
    `<h1>${article.title}</h1>`,
    '<img src="/cover.png" alt="" width="640" height="360">',
    ...article.paragraphs.map((paragraph) => `<p>${paragraph.join(article.lang === 'en' ? ' ' : '')}</p>`),
    '</article></main><footer>© Pumps</footer></body></html>',
  ].join('');
  const server = http.createServer((request, response) => {
    if (request.url === '/post') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (request.url === '/cover.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/post`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A new Pro account with 100 credits, signed in to the console on My projects. */
async function owner(page: Page) {
  const { email, token } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  expect(await admin('credits', email, '100')).toContain(`${email} has 100 credits`);
  await page.goto(`/videos/blog-to-video?token=${token}`);
  return { email, token, auth: { authorization: `Bearer ${token}` } };
}

/** "New project" from the article's address; answers the project's id once its editor shows the script. */
async function createProject(
  page: Page,
  url: string,
  names: { new: string; address: string; create: string | RegExp },
) {
  await page.getByRole('button', { name: names.new }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: names.address }).fill(url);
  await dialog.getByRole('button', { name: names.create }).click();
  await expect(page).toHaveURL(/\/blog-to-video\/[0-9a-f-]{36}\/script$/, { timeout: 120_000 });
  return /\/blog-to-video\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
}

/** The scenes' texts as the Script tab shows them, in order. */
async function sceneTexts(page: Page) {
  return page
    .locator('.blog-scenes textarea')
    .evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));
}

/** Waits for the editor's saves to end ("Saving…" gone). */
async function saved(page: Page, text: string) {
  await expect(page.locator('.blog-topbar-title').getByText(text)).toHaveCount(0);
}

/** The project as the server keeps it. */
async function projectDetail(request: APIRequestContext, auth: Record<string, string>, projectId: string) {
  const response = await request.get(`/api/blog-to-video/detail?projectId=${projectId}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as {
    title: string;
    lang: string;
    scenes: { sceneId: string; text: string; media: { source: string; materialId: string | null } | null }[];
    settings: { bgm: { trackId: string | null; volume: number } };
  };
}

/**
 * Starts the export in the open drawer and follows it: the bar moves while it renders (each value seen is
 * kept), then the version is done. Answers the percents seen.
 */
async function exportAndFollow(page: Page, drawer: Locator, names: { start: string; done: RegExp; snap: string }) {
  await drawer.getByRole('button', { name: names.start }).click();
  const bar = drawer.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await snap(page, names.snap);
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        if (await drawer.getByText(names.done).isVisible()) return 'done';
        const now = await bar.getAttribute('aria-valuenow').catch(() => null);
        if (now !== null && seen.at(-1) !== Number(now)) seen.push(Number(now));
        return 'running';
      },
      { timeout: EXPORT_LIMIT, intervals: [500] },
    )
    .toBe('done');
  return seen;
}

/** Waits for the exported video to be encoded (it plays only then); answers its detail. */
async function videoReady(request: APIRequestContext, auth: Record<string, string>, videoId: string) {
  let detail: { status: string; name: string } = { status: '', name: '' };
  await expect
    .poll(
      async () => {
        detail = (await (await request.get(`/api/vod/video/detail?videoId=${videoId}`, { headers: auth })).json()).data;
        return detail.status;
      },
      { timeout: ENCODE_LIMIT },
    )
    .toBe('ready');
  return detail;
}

/** Plays the watch page's video until its frames come, then stops it at `second`. */
async function playThenStopAt(page: Page, second: number) {
  await page.getByRole('button', { name: /^Play video/ }).click();
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0)).toBe(true);
  await stopAt(video, second);
  return video;
}

/** The paused video moved to `second`, once its frame there is in. */
async function stopAt(video: Locator, second: number) {
  await video.evaluate(async (v: HTMLVideoElement, at: number) => {
    v.pause();
    v.currentTime = at;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
  }, second);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2)).toBe(true);
}

test('an English article becomes a project, edited, exported, and its watch page takes an inquiry', async ({
  page,
  context,
}) => {
  test.setTimeout(1_200_000);
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-blog-en-'));
  const blog = await blogServer(ENGLISH, await makePicture(path.join(work, 'cover.png'), 'testsrc2'));
  try {
    const upload = await makePicture(path.join(work, 'factory-floor.png'), 'mandelbrot');
    const { auth } = await owner(page);
    const text = sentences(ENGLISH);

    // A new project from the article's address: one scene a sentence (six, fewer than auto's seven).
    await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
    const projectId = await createProject(page, blog.url, {
      new: 'New project',
      address: 'Article address',
      create: 'Create',
    });
    await expect(page.locator('.blog-title')).toHaveText(ENGLISH.title);
    await expect(page.getByTestId('script-totals')).toHaveText(/^6 of 40 scenes · \d+:\d\d$/);
    expect(await sceneTexts(page)).toEqual(text);

    // Scene 1 moved down: the first two trade places, and the server keeps the order.
    await page.getByRole('button', { name: 'Move scene 1 down' }).click();
    await expect.poll(() => sceneTexts(page)).toEqual([text[1], text[0], ...text.slice(2)]);
    await saved(page, 'Saving…');
    await page.reload();
    await expect(page.getByLabel('Text of scene 1')).toHaveValue(text[1] as string);
    await expect(page.getByLabel('Text of scene 2')).toHaveValue(text[0] as string);
    expect((await projectDetail(page.request, auth, projectId)).scenes.map((scene) => scene.text)).toEqual([
      text[1],
      text[0],
      ...text.slice(2),
    ]);
    await snap(page, 'blog-editor-en');

    // Scene 1 gets the article's picture, then one uploaded into the library in its place.
    await page.getByRole('button', { name: 'Select scene 1' }).click();
    await page.getByRole('menuitem', { name: 'Media' }).click();
    await page.getByRole('menuitem', { name: 'Uploads' }).click();
    await expect(page.getByRole('combobox', { name: 'Scene' })).toBeVisible();
    await expect(page.locator('.blog-media-scene .ant-select')).toContainText(`Scene 1: ${text[1]}`);
    await page.getByRole('button', { name: 'Use Article image 1' }).click();
    await expect(page.getByRole('button', { name: 'Use Article image 1' })).toHaveText('In use');
    const current = page.getByRole('img', { name: 'Picture of this scene' });
    await expect(current).toBeVisible();
    const articleSrc = await current.getAttribute('src');
    await page.locator('.material-library input[type=file]').setInputFiles(upload);
    const useUpload = page.getByRole('button', { name: 'Use factory-floor.png' });
    await expect(useUpload).toBeVisible({ timeout: 120_000 });
    await useUpload.click();
    await expect(useUpload).toHaveText('In use');
    await expect(page.getByRole('button', { name: 'Use Article image 1' })).toHaveText('Use');
    await expect(current).not.toHaveAttribute('src', articleSrc as string);
    await saved(page, 'Saving…');
    await snap(page, 'blog-media-en');
    const picked = (await projectDetail(page.request, auth, projectId)).scenes[0]?.media;
    expect(picked).toMatchObject({ source: 'material' });
    // The script's card shows it too.
    await page.getByRole('menuitem', { name: 'Script' }).click();
    const thumb = page.getByRole('region', { name: 'Scene 1', exact: true }).locator('img.blog-scene-thumb');
    await expect(thumb).toHaveAttribute('src', /.+/);
    expect(await thumb.getAttribute('src')).not.toBe(articleSrc);

    // Music: LeadReel's "Calm", a little louder than it starts.
    await page.getByRole('menuitem', { name: 'Audio' }).click();
    await page.getByRole('menuitem', { name: 'Background music' }).click();
    await page.getByRole('menuitem', { name: 'Music library' }).click();
    await page.getByRole('button', { name: 'Use Calm' }).click();
    await expect(page.getByTestId('bgm-current')).toHaveText('Music: Calm');
    await expect(page.getByText('Volume 30')).toBeVisible();
    const volume = page.getByRole('slider', { name: 'Music volume' });
    await volume.focus();
    for (let step = 0; step < 10; step += 1) await volume.press('ArrowRight');
    await expect(page.getByText('Volume 40')).toBeVisible();
    await expect
      .poll(async () => (await projectDetail(page.request, auth, projectId)).settings.bgm)
      .toMatchObject({ trackId: expect.any(String), volume: 40 });
    await saved(page, 'Saving…');
    await snap(page, 'blog-bgm-en');

    // The export: its price, the bar while it renders, then the video.
    await page
      .locator('.blog-topbar')
      .getByRole('button', { name: /Export$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Export' });
    const estimate = drawer.getByTestId('blog-estimate');
    await expect(estimate).toHaveText(/^1 min of video: \d+ credits?\. Your balance: 100 credits\.$/);
    const price = Number(/: (\d+) credits?\./.exec(`${await estimate.textContent()}`)?.[1]);
    await expect(drawer.getByText('Not exported yet')).toBeVisible();
    await snap(page, 'blog-export-start-en');
    const seen = await exportAndFollow(page, drawer, {
      start: 'Export video',
      done: /^Version 1 is ready$/,
      snap: 'blog-export-running-en',
    });
    // It moved: more than one percent was seen on its way.
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThan(1);
    expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);
    const history = drawer.locator('.ant-table-row');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('v1');
    await expect(history).toContainText('Done');
    await expect(history).toContainText(ENGLISH.title);
    // The price was taken when it started.
    await expect(estimate).toHaveText(new RegExp(`Your balance: ${100 - price} credits\\.$`));
    await expect(history.getByRole('cell').nth(3)).toHaveText(String(price));
    await snap(page, 'blog-export-en');

    // The watch page, from the drawer's link.
    const opening = context.waitForEvent('page');
    await drawer.getByRole('link', { name: 'Watch page' }).click();
    const watch = await opening;
    const videoId = /\/v\/([^/?#]+)/.exec(watch.url())?.[1] as string;
    expect(videoId, watch.url()).toBeTruthy();
    const video = await videoReady(page.request, auth, videoId);
    expect(video.name).toBe(ENGLISH.title);
    await watch.reload();
    await expect(watch.getByRole('heading', { level: 1 })).toHaveText(ENGLISH.title);
    await expect(watch).toHaveTitle(new RegExp(`^${ENGLISH.title}`));

    // The form is on, at the video's end: the viewer skips to it, fills it and is thanked.
    const player = await playThenStopAt(watch, 1);
    await player.evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.5;
      return v.play();
    });
    const form = watch.getByRole('form', { name: 'Get in touch' });
    await expect(form).toBeVisible({ timeout: 120_000 });
    await form.getByLabel(/^Name/).fill('Grace Hopper');
    await form.getByLabel(/^Email/).fill('grace@example.test');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(watch.getByText('Thank you! We will be in touch soon.')).toBeVisible();
    await snap(watch, 'blog-watch-en', { fullPage: false });
    await watch.close();

    // The lead reached the owner: in the API and in Form submissions.
    await expect
      .poll(async () => {
        const leads = await page.request.get('/api/user-form-list/list', { headers: auth });
        return (await leads.json()).data.list;
      })
      .toEqual([expect.objectContaining({ videoId, answers: expect.objectContaining({ name: 'Grace Hopper' }) })]);
    await page.goto('/form-submit-data');
    await expect(page.locator('.ant-table-row', { hasText: 'Grace Hopper' })).toContainText(ENGLISH.title);

    // My projects: the project, exported.
    await page.goto('/videos/blog-to-video');
    const card = page.getByRole('list', { name: 'My projects' }).locator(':scope > li');
    await expect(card).toContainText(ENGLISH.title);
    await expect(card).toContainText('Exported');
    await snap(page, 'blog-projects-en');
  } finally {
    await blog.close();
    await rm(work, { recursive: true, force: true });
  }
});

test('a Chinese article is split on 。 in the Chinese console, and its video draws Chinese subtitles', async ({
  page,
  context,
}) => {
  test.setTimeout(1_200_000);
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-blog-zh-'));
  const blog = await blogServer(CHINESE, await makePicture(path.join(work, 'cover.png'), 'testsrc2'));
  try {
    const { auth } = await owner(page);
    const text = sentences(CHINESE);
    await switchLanguage(page, '简体中文');
    await expect(page.getByRole('heading', { name: '我的项目' })).toBeVisible();
    const projectId = await createProject(page, blog.url, {
      new: '新建项目',
      address: '文章链接',
      create: /^创\s?建$/,
    });

    // One scene a sentence, each ending at its 。; the editor speaks Chinese.
    // The page's heading repeats its title: Readability drops such a heading from an English page and keeps
    // it in a Chinese one (its likeness to the title is measured in words, which Chinese is not spaced into),
    // where it is a scene of its own.
    await expect(page.getByTestId('script-totals')).toHaveText(/^[67] \/ 40 个场景 · \d+:\d\d$/);
    const scenes = await sceneTexts(page);
    const heading = scenes[0] === CHINESE.title ? 1 : 0;
    expect(scenes.slice(heading)).toEqual(text);
    for (const scene of scenes.slice(heading)) expect(scene).toMatch(/^[^。]+。$/);
    const nav = page.getByRole('menu', { name: '编辑器栏目' });
    for (const label of ['脚本', '素材', '音频'])
      await expect(nav.getByRole('menuitem', { name: label })).toBeVisible();
    await expect(page.getByRole('button', { name: /导\s?出$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /预\s?览$/ })).toBeVisible();
    await expect(page.getByLabel('场景 1 的文字')).toHaveValue(scenes[0] as string);
    expect((await projectDetail(page.request, auth, projectId)).lang).toMatch(/^zh/);
    await snap(page, 'blog-editor-zh_CN');

    // Scene 1 has no picture (a plain background behind its subtitle); scene 2 the article's.
    await page.getByRole('button', { name: '选择场景 1' }).click();
    await nav.getByRole('menuitem', { name: '素材' }).click();
    await page.getByRole('menuitem', { name: '上传' }).click();
    await page.getByRole('button', { name: '使用 文章图片 1' }).click();
    await expect(page.getByRole('img', { name: '该场景的画面' })).toBeVisible();
    await page.getByRole('button', { name: '移除画面' }).click();
    await expect(page.getByText('暂无画面：该场景将在纯色背景上显示文字。')).toBeVisible();
    await page.getByRole('combobox', { name: '场景' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^场景 2：/ }).click();
    await page.getByRole('button', { name: '使用 文章图片 1' }).click();
    await expect(page.getByRole('button', { name: '使用 文章图片 1' })).toHaveText('使用中');
    await saved(page, '正在保存……');
    await snap(page, 'blog-media-zh_CN');
    expect(
      (await projectDetail(page.request, auth, projectId)).scenes.map((scene) => scene.media?.source ?? null),
    ).toEqual(scenes.map((_, index) => (index === 1 ? 'article' : null)));

    // Exported, in Chinese.
    await page
      .locator('.blog-topbar')
      .getByRole('button', { name: /导\s?出$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: '导出' });
    await expect(drawer.getByTestId('blog-estimate')).toHaveText(/^视频时长 \d+ 分钟：\d+ 积分。您的余额：100 积分。$/);
    const seen = await exportAndFollow(page, drawer, {
      start: '导出视频',
      done: /^第 1 版已完成$/,
      snap: 'blog-export-running-zh_CN',
    });
    expect(
      seen.some((percent) => percent > 0 && percent < 100),
      JSON.stringify(seen),
    ).toBe(true);
    await expect(drawer.locator('.ant-table-row')).toContainText('已完成');
    await snap(page, 'blog-export-done-zh_CN');

    const opening = context.waitForEvent('page');
    await drawer.getByRole('link', { name: '观看页面' }).click();
    const watch = await opening;
    const videoId = /\/v\/([^/?#]+)/.exec(watch.url())?.[1] as string;
    expect(videoId, watch.url()).toBeTruthy();
    await videoReady(page.request, auth, videoId);
    await watch.reload();
    await expect(watch.getByRole('heading', { level: 1 })).toHaveText(CHINESE.title);

    // A second in: scene 1's plain background with its subtitle burnt in (a person looks at the picture).
    const video = await playThenStopAt(watch, 1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.videoWidth > 0)).toBe(true);
    await snap(watch, 'blog-export-zh_CN', { fullPage: false });
    // Eight seconds in: the next scene, the article's picture under its subtitle.
    await stopAt(video, 8);
    await snap(watch, 'blog-export-subtitle-zh_CN', { fullPage: false });
  } finally {
    await blog.close();
    await rm(work, { recursive: true, force: true });
  }
});
