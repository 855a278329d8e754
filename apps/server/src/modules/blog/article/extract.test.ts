import { describe, expect, it } from 'vitest';
import { decodeHtml, extractArticle } from './extract.ts';
import { imageTypeOf } from './fetch.ts';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} explains why short videos turn readers into customers. It has a second sentence too.</p>`;
const page = (head: string, body: string, html = '<html>') =>
  `<!doctype html>${html}<head>${head}</head><body><nav>Home About Blog</nav><article>${body}</article></body></html>`;

describe('extractArticle', () => {
  it('keeps the title, description, language, blocks and absolute images, og:image last', () => {
    const article = extractArticle(
      page(
        '<title>Why video wins</title><meta name="description" content="About video."><meta property="og:image" content="/og.png"><base href="https://cdn.example.test/posts/">',
        `<h1>Why video wins</h1>${paragraph(1)}<img src="one.jpg"><img src="data:image/png;base64,AAAA"><h2>Part two</h2>${paragraph(2)}${paragraph(3)}<img data-src="//img.example.test/two.webp" src=""><img src="javascript:alert(1)">`,
        '<html lang="en_GB">',
      ),
      'https://blog.example.test/posts/why',
    );
    expect(article).toMatchObject({
      title: 'Why video wins',
      description: 'About video.',
      lang: 'en-GB',
      images: [
        'https://cdn.example.test/posts/one.jpg',
        'https://img.example.test/two.webp',
        'https://cdn.example.test/og.png',
      ],
    });
    expect(article?.blocks.map((block) => block.kind)).toEqual(['paragraph', 'heading', 'paragraph', 'paragraph']);
  });

  it('detects Chinese without a lang, uses the excerpt without a description, and keeps at most 12 images', () => {
    const images = Array.from({ length: 15 }, (_, n) => `<img src="/i/${n}.png">`).join('');
    const article = extractArticle(
      page(
        '<title>指南</title>',
        `${'<p>短视频能把博客读者变成客户。每个视频只回答一个问题，观众记得更多！</p>'.repeat(8)}${images}`,
      ),
      'http://blog.example.test/zh',
    );
    expect(article?.lang).toBe('zh');
    expect(article?.description).toMatch(/^短视频/);
    expect(article?.images).toHaveLength(12);
  });

  it('leaves out a first heading that repeats the title, also a Chinese one, and keeps other headings', () => {
    const zh = '<p>我们的新型水泵每小时抽水量是旧型号的两倍。它的耗电量还降低了将近三分之一。</p>'.repeat(6);
    const chinese = extractArticle(
      page('<title>新型水泵让农场灌溉更省电 - 某公司博客</title>', `<h1>新型水泵让农场灌溉更省电</h1>${zh}`),
      'http://blog.example.test/zh',
    );
    expect(chinese?.blocks[0]).toMatchObject({ kind: 'paragraph' });
    const english = extractArticle(
      page('<title>Introduction to pumps</title>', `<h2>Intro</h2>${paragraph(1)}${paragraph(2)}${paragraph(3)}`),
      'http://blog.example.test/en',
    );
    expect(english?.blocks[0]).toEqual({ kind: 'heading', text: 'Intro' });
  });

  it('finds no article in a page of navigation, and strips NUL from what it keeps', () => {
    expect(extractArticle(page('<title>Home</title>', '<p>Welcome!</p>'), 'http://x.test/')).toBeNull();
    expect(extractArticle('', 'http://x.test/')).toBeNull();
    const article = extractArticle(
      page('<title>T\u0000itle</title>', `${paragraph(1)}${paragraph(2)}${paragraph(3)}`),
      'http://x.test/',
    );
    expect(article?.title).toBe('Title');
  });
});

describe('decodeHtml', () => {
  const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]);
  it.each([
    ['the header charset', Buffer.concat([Buffer.from('<p>'), gbk]), 'text/html; charset=GBK', '<p>你好'],
    [
      'a meta charset',
      Buffer.concat([Buffer.from('<meta charset="gbk"><p>'), gbk]),
      'text/html',
      '<meta charset="gbk"><p>你好',
    ],
    [
      'a meta http-equiv',
      Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'), gbk]),
      'text/html',
      '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">你好',
    ],
    ['UTF-8 by default', Buffer.from('<p>héllo 你好'), 'text/html', '<p>héllo 你好'],
    ['an unknown charset as UTF-8', Buffer.from('<p>ok'), 'text/html; charset=klingon', '<p>ok'],
    ['a byte order mark over the header', Buffer.from('\ufeff<p>é', 'utf8'), 'text/html; charset=iso-8859-1', '<p>é'],
    ['NUL dropped', Buffer.from('<p>a\u0000b'), 'text/html', '<p>ab'],
  ])('%s', (_name, body, type, text) => {
    expect(decodeHtml(body, type)).toBe(text);
  });
});

describe('imageTypeOf', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'image/webp'],
    [[...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')], null],
    [[0xff, 0xd8], null],
  ])('%j is %s', (bytes, type) => {
    expect(imageTypeOf(Buffer.concat([Buffer.from(bytes), Buffer.alloc(bytes.length < 4 ? 0 : 16)]))).toBe(type);
  });
});
