import { CodeOutlined, DeleteOutlined, FolderOpenOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { Album } from '@leadreel/shared';
import { App, Button, Card, Popconfirm, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { albumsApi } from '../../api/endpoints.ts';
import { useRowAction } from '../../api/queries.ts';
import { formatDateTime, timeAgo } from '../../format.ts';
import { albumKeys, albumPath } from './albumData.ts';

/** One action of a card, an icon: its name is its tooltip and what a screen reader says. */
function CardAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * An album in the list ("Video slide (album): title, updated time, video count") with its cover, and its
 * actions: open, share, embed code, delete.
 */
export function AlbumCard({
  album,
  on,
}: {
  album: Album;
  on: { share: () => void; embed: () => void; gate: (action: () => void) => void };
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useRowAction(
    albumKeys.all,
    () => albumsApi.remove(album.id),
    () => message.success(t('albums.removed')),
  );
  const ago = timeAgo(album.updatedAt);
  const names = { title: album.title };
  return (
    <Card
      className="album-card"
      data-testid="album-card"
      cover={
        album.coverUrl ? (
          <img className="album-cover" src={album.coverUrl} alt="" loading="lazy" />
        ) : (
          <div className="album-cover album-cover-empty">{t('albums.noCover')}</div>
        )
      }
      actions={[
        <CardAction
          key="open"
          label={t('albums.open', names)}
          icon={<FolderOpenOutlined />}
          onClick={() => navigate(albumPath(album))}
        />,
        <CardAction key="share" label={t('albums.share', names)} icon={<ShareAltOutlined />} onClick={on.share} />,
        <CardAction key="embed" label={t('albums.embed', names)} icon={<CodeOutlined />} onClick={on.embed} />,
        <Tooltip key="remove" title={t('albums.remove', names)}>
          <Popconfirm
            title={t('albums.removeConfirm', names)}
            okText={t('albums.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('albums.cancel')}
            onConfirm={() => on.gate(() => remove.mutate())}
          >
            <Button
              type="text"
              danger
              aria-label={t('albums.remove', names)}
              icon={<DeleteOutlined />}
              loading={remove.isPending}
            />
          </Popconfirm>
        </Tooltip>,
      ]}
    >
      <Link to={albumPath(album)} className="album-title">
        <Typography.Text strong ellipsis={{ tooltip: album.title }}>
          {album.title}
        </Typography.Text>
      </Link>
      <div className="album-meta">
        <Tooltip title={formatDateTime(album.updatedAt)}>
          <Typography.Text type="secondary">
            {t('albums.updated', { time: t(`timeAgo.${ago.unit}`, { count: ago.count }) })}
          </Typography.Text>
        </Tooltip>
        <Typography.Text type="secondary">{t('albums.videoCount', { count: album.videoCount })}</Typography.Text>
      </div>
    </Card>
  );
}
