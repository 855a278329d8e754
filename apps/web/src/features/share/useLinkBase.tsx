import type { SeoPage, Video } from '@leadreel/shared';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import { useCustomDomains } from '../domains/useCustomDomains.ts';
import { DEFAULT_BASE, defaultBase, type LinkBase, linkBases, pageBases } from './linkBases.ts';

/**
 * The base chosen among `bases` for `owner` (a video, a page): a choice made for one owner does not carry
 * to the next, which opens on its own `preferred` base again.
 */
function useChosenBase(owner: string | null, bases: LinkBase[], preferred: () => LinkBase) {
  const [chosen, setChosen] = useState<{ owner: string; key: string } | null>(null);
  const picked = chosen && chosen.owner === owner ? bases.find((base) => base.key === chosen.key) : null;
  const base: LinkBase | null = bases.length ? (picked ?? preferred()) : null;
  const choose = (key: string) => owner && setChosen({ owner, key });
  return { bases, base, choose };
}

/**
 * The addresses a video's dialogs offer (its active custom domains, then the default domain) and the one
 * chosen, which starts on the domain bound to the video's folder.
 */
export function useLinkBase(video: Video | null, links: SeoPage | undefined) {
  useCustomDomains();
  const domains = useCustomDomainStore((s) => s.domains);
  const bases = links ? linkBases(domains, links) : [];
  return useChosenBase(video?.videoId ?? null, bases, () => defaultBase(bases, domains, video?.folderId));
}

/** The addresses of a page at one path on every host (an album's), a custom domain first when there is one. */
export function usePageLinkBase(pageUrl: string | null) {
  useCustomDomains();
  const domains = useCustomDomainStore((s) => s.domains);
  const bases = pageUrl ? pageBases(domains, pageUrl) : [];
  return useChosenBase(pageUrl, bases, () => bases[0] as LinkBase);
}

/** The domain select of the share and embed dialogs; shown only when there is more than the default. */
export function LinkBaseSelect({
  bases,
  base,
  choose,
}: {
  bases: LinkBase[];
  base: LinkBase | null;
  choose: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (bases.length < 2 || !base) return null;
  return (
    <Form layout="inline" className="link-base">
      <Form.Item label={t('share.domain')} htmlFor="share-link-base">
        <Select<string>
          id="share-link-base"
          aria-label={t('share.domain')}
          data-testid="share-link-base"
          value={base.key}
          onChange={choose}
          style={{ minWidth: 240 }}
          options={bases.map((option) => ({
            value: option.key,
            label: option.key === DEFAULT_BASE ? t('share.defaultDomain', { domain: option.label }) : option.label,
          }))}
        />
      </Form.Item>
    </Form>
  );
}
