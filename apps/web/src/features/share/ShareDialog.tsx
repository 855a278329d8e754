import { SHARE_NETWORK_NAMES, type Video } from '@leadreel/shared';
import { Button, Input, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton.tsx';
import { LinksDialog } from './LinksDialog.tsx';
import { SHARE_NETWORKS, shareUrl } from './snippets.ts';
import { LinkBaseSelect, useLinkBase } from './useLinkBase.tsx';
import { absoluteOn, useVideoLinks } from './useVideoLinks.ts';

/** What the share panel calls its link and QR code; a video's watch page unless said otherwise. */
export type ShareTexts = { link: string; qrAlt: string; qrHelp: string };

/**
 * The share panel of a public page: its link with a copy button, the networks' share pages, and a QR code
 * as PNG or SVG. `image` is the picture a network that asks for one (Pinterest) shows.
 */
export function ShareLinks({
  link,
  title,
  image,
  texts,
}: {
  link: string;
  title: string;
  image: string | null;
  texts?: ShareTexts;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ png: string; svg: string } | null>(null);
  const words = texts ?? { link: t('share.link'), qrAlt: t('share.qrAlt'), qrHelp: t('share.qrHelp') };
  const fileName = (title || 'video')
    .replace(/[^\p{L}\p{N}-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    // Error correction M: readable from a printed page or a screen, with room for a logo later.
    Promise.all([
      QRCode.toDataURL(link, { width: 512, margin: 2, errorCorrectionLevel: 'M' }),
      QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    ]).then(
      ([png, svg]) => !cancelled && setQr({ png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      () => !cancelled && setQr(null),
    );
    return () => {
      cancelled = true;
    };
  }, [link]);

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={link} aria-label={words.link} />
        <CopyButton text={link} label={t('share.copyLink')} type="primary" />
      </Space.Compact>
      <div className="share-networks">
        {SHARE_NETWORKS.map((network) => (
          <Button key={network} href={shareUrl(network, link, title, image)} target="_blank" rel="noopener noreferrer">
            {SHARE_NETWORK_NAMES[network]}
          </Button>
        ))}
      </div>
      {qr && (
        <div className="share-qr">
          <img src={qr.png} width={160} height={160} alt={words.qrAlt} data-testid="share-qr" />
          <Space orientation="vertical">
            <Typography.Text type="secondary">{words.qrHelp}</Typography.Text>
            <Space wrap>
              <Button href={qr.png} download={`${fileName}-qr.png`}>
                {t('share.downloadPng')}
              </Button>
              <Button href={qr.svg} download={`${fileName}-qr.svg`}>
                {t('share.downloadSvg')}
              </Button>
            </Space>
          </Space>
        </div>
      )}
    </>
  );
}

/** dialogs: share with QR code, of a video's watch page. */
export function ShareDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useVideoLinks(video?.videoId ?? null);
  const { bases, base, choose } = useLinkBase(video, links.data);
  const link = base?.watchUrl ?? '';
  const title = links.data?.title || (video?.name ?? '').replace(/\.[a-z0-9]{2,5}$/i, '');

  return (
    <LinksDialog open={Boolean(video)} onClose={onClose} title={t('share.shareTitle')} error={links.error}>
      {links.data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <LinkBaseSelect bases={bases} base={base} choose={choose} />
          <ShareLinks link={link} title={title} image={absoluteOn(links.data.watchUrl, video?.cover ?? null)} />
        </Space>
      )}
    </LinksDialog>
  );
}
