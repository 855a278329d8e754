import type { CustomDomain } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { defaultBase, linkBases, pageBases } from './linkBases.ts';

const domain = (id: string, cname: string, overrides: Partial<CustomDomain> = {}) =>
  ({ id, cname, active: true, folderId: null, ...overrides }) as CustomDomain;
const VIDEO = '22222222-2222-4222-8222-222222222222';
const links = (slug: string) => ({
  videoId: VIDEO,
  slug,
  watchUrl: `http://localhost:8080/v/${slug || VIDEO}`,
  embedUrl: `http://localhost:8080/embed/${VIDEO}`,
});

describe('linkBases', () => {
  it('puts the active custom domains first, on https, and the default domain last, as the server gives it', () => {
    const bases = linkBases(
      [
        domain('a', 'video.example.com'),
        domain('b', 'old.example.com', { active: false }),
        domain('c', 'xn--bcher-kva.example'),
      ],
      links('launch'),
    );
    expect(bases).toEqual([
      {
        key: 'a',
        label: 'video.example.com',
        watchUrl: 'https://video.example.com/v/launch',
        embedUrl: `https://video.example.com/embed/${VIDEO}`,
      },
      {
        key: 'c',
        label: 'bücher.example',
        watchUrl: 'https://xn--bcher-kva.example/v/launch',
        embedUrl: `https://xn--bcher-kva.example/embed/${VIDEO}`,
      },
      {
        key: 'default',
        label: 'localhost:8080',
        watchUrl: 'http://localhost:8080/v/launch',
        embedUrl: `http://localhost:8080/embed/${VIDEO}`,
      },
    ]);
  });

  it('links the watch page by id when the video has no link name', () => {
    expect(linkBases([domain('a', 'video.example.com')], links(''))[0]?.watchUrl).toBe(
      `https://video.example.com/v/${VIDEO}`,
    );
  });

  it("opens on the domain bound to the video's folder, else the first offered", () => {
    const domains = [domain('a', 'video.example.com'), domain('b', 'shop.example.com', { folderId: 'f2' })];
    const bases = linkBases(domains, links('launch'));
    expect(defaultBase(bases, domains, 'f2').key).toBe('b');
    expect(defaultBase(bases, domains, 'f1').key).toBe('a');
    expect(defaultBase(linkBases([], links('launch')), [], 'f1').key).toBe('default');
  });
});

describe('pageBases', () => {
  it("serves an album's page and its player at the same path on each active custom domain, then on its own", () => {
    const album = 'http://localhost:8080/a/11111111-1111-4111-8111-111111111111';
    expect(
      pageBases([domain('a', 'video.example.com'), domain('b', 'old.example.com', { active: false })], album),
    ).toEqual([
      {
        key: 'a',
        label: 'video.example.com',
        watchUrl: 'https://video.example.com/a/11111111-1111-4111-8111-111111111111',
        embedUrl: 'https://video.example.com/a/11111111-1111-4111-8111-111111111111/embed',
      },
      { key: 'default', label: 'localhost:8080', watchUrl: album, embedUrl: `${album}/embed` },
    ]);
  });
});
