import { AppstoreOutlined, ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import type { Album } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { albumsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { AlbumEditor } from './AlbumEditor.tsx';
import { albumKeys } from './albumData.ts';
import './albums.css';

function Back() {
  const { t } = useTranslation();
  return (
    <Link to="/video-flow" className="album-back">
      <ArrowLeftOutlined /> {t('albums.back')}
    </Link>
  );
}

/** The album's public page, as saved, to look at beside the editor: as a swiped column, and as a grid. */
function PreviewLinks({ album }: { album: Album }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <Button icon={<ExportOutlined />} href={album.publicUrl} target="_blank" rel="noopener">
        {t('albums.openAlbum')}
      </Button>
      <Button icon={<AppstoreOutlined />} href={`${album.publicUrl}?view=grid`} target="_blank" rel="noopener">
        {t('albums.grid')}
      </Button>
    </Flex>
  );
}

/**
 * Video flow detail (the console contract video-flow/:classifyId): one album's title, its videos in order and
 * its cover. An id that is not one of the account's albums (another account's, a deleted one, no id at all)
 * says the album is not there, with the way back to the list.
 */
export function VideoFlowDetail() {
  const { t } = useTranslation();
  const { classifyId = '' } = useParams();
  const wellFormed = UUID_PATTERN.test(classifyId.toLowerCase());
  const album = useQuery({
    queryKey: albumKeys.detail(classifyId),
    queryFn: () => albumsApi.detail(classifyId),
    enabled: wellFormed,
    retry: false,
  });

  const missing =
    !wellFormed ||
    (album.error instanceof ApiError && (album.error.status === 404 || album.error.code === 'album_not_found'));
  if (missing || album.error) {
    return (
      <div className="album-editor">
        <Back />
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('errors.album_not_found') : errorText(album.error)}
          extra={
            <Link to="/video-flow">
              <Button type="primary">{t('albums.back')}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (!album.data) return <Skeleton active />;
  return (
    <div className="album-editor">
      <Back />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{album.data.title}</Typography.Title>
        <PreviewLinks album={album.data} />
      </Flex>
      {/* A fresh editor for each album; a save hands the editor what the server kept. */}
      <AlbumEditor key={album.data.id} album={album.data} />
    </div>
  );
}
