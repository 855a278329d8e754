import { PlusOutlined } from '@ant-design/icons';
import type { Album } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { albumsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { PageEmbedDialog, PageShareDialog, type SharedPage } from '../../features/share/PageDialogs.tsx';
import { absoluteOn } from '../../features/share/useVideoLinks.ts';
import { useAccountStore } from '../../stores/account.ts';
import { AddAlbumDialog } from './AddAlbumDialog.tsx';
import { AlbumCard } from './AlbumCard.tsx';
import { ALBUM_EMBED_MAX_WIDTH, ALBUM_PLAYER_RATIO, albumKeys, useFeatureGate } from './albumData.ts';
import './albums.css';

/** An album as the share and embed dialogs take it: its page, title and cover. */
const sharedPage = (album: Album): SharedPage => ({
  url: album.publicUrl,
  title: album.title,
  image: absoluteOn(album.publicUrl, album.coverUrl),
});

/**
 * Video flow (the console contract video-flow): the account's albums, each with its cover, title, updated
 * time and video count. "Add slider" closes from Buffer on (the period gate asks to renew), and the plan's
 * cap on video slides stops the next one with the way to upgrade or delete (docs/product.md "Albums").
 */
export function VideoFlowList() {
  const { t } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const list = useQuery({ queryKey: albumKeys.list, queryFn: albumsApi.list, enabled: Boolean(account) });
  const gated = useFeatureGate();
  const [adding, setAdding] = useState(false);
  const [sharing, setSharing] = useState<{ page: SharedPage; kind: 'share' | 'embed' } | null>(null);

  if (list.error) return <Result status="error" title={errorText(list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { list: albums, cap } = list.data;
  const full = albums.length >= cap;

  return (
    <div className="albums-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('route.video-flow')}</Typography.Title>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" data-testid="album-usage">
            {t('albums.usage', { used: albums.length, cap })}
          </Typography.Text>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => gated('addSlider', () => setAdding(true))}
          >
            {t('albums.add')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t('albums.intro')}</Typography.Paragraph>
      {full && (
        <UpgradeNotice style={{ marginBottom: 16 }} title={t('errors.albums_too_many')} action={t('albums.upgrade')} />
      )}
      {albums.length === 0 ? (
        <Empty description={t('albums.empty')} />
      ) : (
        <ul className="album-grid" aria-label={t('route.video-flow')}>
          {albums.map((album) => (
            <li key={album.id}>
              <AlbumCard
                album={album}
                on={{
                  share: () => setSharing({ page: sharedPage(album), kind: 'share' }),
                  embed: () => setSharing({ page: sharedPage(album), kind: 'embed' }),
                  gate: (action) => gated('sliderSettings', action),
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {adding && <AddAlbumDialog onClose={() => setAdding(false)} />}
      <PageShareDialog
        page={sharing?.kind === 'share' ? sharing.page : null}
        title={t('albums.shareTitle')}
        texts={{ link: t('albums.link'), qrAlt: t('albums.qrAlt'), qrHelp: t('albums.qrHelp') }}
        onClose={() => setSharing(null)}
      />
      <PageEmbedDialog
        page={sharing?.kind === 'embed' ? sharing.page : null}
        title={t('albums.embedTitle')}
        help={t('albums.embedHelp')}
        ratio={ALBUM_PLAYER_RATIO}
        maxWidth={ALBUM_EMBED_MAX_WIDTH}
        onClose={() => setSharing(null)}
      />
    </div>
  );
}
