import type { SeoPage, Video } from '@leadreel/shared';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import { useCustomDomains } from '../domains/useCustomDomains.ts';
import { DEFAULT_BASE, defaultBase, type LinkBase, linkBases } from './linkBases.ts';

/**
 * The addresses a video's dialogs offer (its active custom domains, then the default domain) and the one
 * chosen, which starts on the domain bound to the video's folder. The choice is the video's: another video
 * opens on its own default again.
 */
export function useLinkBase(video: Video | null, links: SeoPage | undefined) {
  useCustomDomains();
  const domains = useCustomDomainStore((s) => s.domains);
  const [chosen, setChosen] = useState<{ videoId: string; key: string } | null>(null);
  const bases = links ? linkBases(domains, links) : [];
  const picked = chosen && chosen.videoId === video?.videoId ? bases.find((base) => base.key === chosen.key) : null;
  const base: LinkBase | null = bases.length ? (picked ?? defaultBase(bases, domains, video?.folderId)) : null;
  const choose = (key: string) => video && setChosen({ videoId: video.videoId, key });
  return { bases, base, choose };
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
