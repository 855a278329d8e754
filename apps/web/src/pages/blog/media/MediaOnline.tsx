import type { OnlineItem } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Segmented, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { materialApi } from '../../../api/endpoints.ts';
import { routeKey } from '../../../api/keys.ts';
import { materialErrorText, materialWhenReady } from '../../../features/materials/uploads.ts';
import { formatDuration } from '../../../features/videos/format.ts';
import { PictureSources } from './MediaUploads.tsx';
import { CurrentMedia, SceneBar } from './SceneBar.tsx';
import { mediaKey, useSceneMedia } from './sceneMedia.ts';
import './media.css';

type OnlineKind = OnlineItem['kind'];
const PAGE_SIZE = 24;

/**
 * The media tab's "Online": pictures and clips from the stock library this LeadReel is configured with,
 * credited as the provider asks. A pick is fetched into the account's library by the server, then set as the
 * scene's picture once it is ready. With no provider configured, the library and the article's images are
 * offered instead (docs/product.md, Blog-to-video).
 */
export function MediaOnline() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { editor, scene, setMedia, busy, setBusy } = useSceneMedia();
  const [kind, setKind] = useState<OnlineKind>('image');
  const [query, setQuery] = useState('');
  const search = useQuery({
    queryKey: routeKey('material.searchOnline', { query, kind, page: 1, pageSize: PAGE_SIZE }),
    queryFn: () => materialApi.searchOnline({ query, kind, page: 1, pageSize: PAGE_SIZE }),
    enabled: query.length > 0,
  });
  const unavailable =
    search.data?.provider === null ||
    (search.error instanceof ApiError && search.error.code === 'material_online_unavailable');

  async function pick(item: OnlineItem) {
    const key = `online:${item.kind}:${item.id}`;
    setBusy(key);
    try {
      const added = await materialApi.addOnline({ id: item.id, kind: item.kind });
      const ready = added.status === 'ready' ? added : await materialWhenReady(added.materialId);
      await setMedia({ source: 'material', materialId: ready.materialId }, key);
    } catch (error) {
      message.error(materialErrorText(error, t));
      setBusy(null);
    }
  }

  return (
    <SceneBar>
      {scene && (
        <div className="blog-media">
          <CurrentMedia scene={scene} onRemove={() => void setMedia(null)} removing={busy === 'remove'} />
          <div className="online-toolbar">
            <Input.Search
              allowClear
              enterButton={t('blogMedia.search')}
              placeholder={t('blogMedia.searchPlaceholder')}
              aria-label={t('blogMedia.searchPlaceholder')}
              maxLength={100}
              style={{ maxWidth: 420 }}
              onSearch={(value) => setQuery(value.trim())}
            />
            <Segmented<OnlineKind>
              value={kind}
              onChange={setKind}
              options={[
                { value: 'image', label: t('blogMedia.images') },
                { value: 'video', label: t('blogMedia.clips') },
              ]}
            />
          </div>
          {unavailable ? (
            <>
              <Alert type="info" showIcon title={t('blogMedia.noProvider')} />
              <PictureSources
                articleImages={editor.project.articleImages}
                current={scene.media}
                busy={busy}
                onPick={(media) => void setMedia(media, mediaKey(media))}
              />
            </>
          ) : search.isError ? (
            <Alert type="error" showIcon title={materialErrorText(search.error, t)} />
          ) : query.length === 0 ? (
            <Typography.Text type="secondary">{t('blogMedia.searchHint')}</Typography.Text>
          ) : search.isPending ? (
            <Spin />
          ) : search.data.list.length === 0 ? (
            <Empty description={t('blogMedia.noResults', { query })} />
          ) : (
            <ul className="material-grid">
              {search.data.list.map((item) => {
                const key = `online:${item.kind}:${item.id}`;
                const name = t('blogMedia.onlineItem', { author: item.author });
                return (
                  <li key={key} className="material-card">
                    <div className="material-thumb">
                      <img src={item.preview} alt={name} loading="lazy" />
                      {item.kind === 'video' && (
                        <Tag className="material-clip" color="blue">
                          {t('materials.clip')}
                          {item.duration !== null ? ` ${formatDuration(item.duration)}` : ''}
                        </Tag>
                      )}
                    </div>
                    <Typography.Text type="secondary" className="online-credit">
                      {t('blogMedia.credit', { author: item.author, provider: search.data.provider })}{' '}
                      <a href={item.pageUrl} target="_blank" rel="noreferrer">
                        {t('blogMedia.source')}
                      </a>
                    </Typography.Text>
                    <div className="material-actions">
                      <Button
                        size="small"
                        type="primary"
                        loading={busy === key}
                        disabled={busy !== null && busy !== key}
                        aria-label={t('materials.useNamed', { name })}
                        onClick={() => void pick(item)}
                      >
                        {busy === key ? t('blogMedia.adding') : t('materials.use')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </SceneBar>
  );
}
