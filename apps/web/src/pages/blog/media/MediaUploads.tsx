import type { Material, SceneMediaInput } from '@leadreel/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialLibrary } from '../../../features/materials/MaterialLibrary.tsx';
import { ArticleImages, CurrentMedia, SceneBar } from './SceneBar.tsx';
import { mediaKey, useSceneMedia } from './sceneMedia.ts';
import './media.css';

/** What the media picker offers from the library: pictures and clips. */
export const PICTURE_KINDS = ['image', 'material-video'] as const;

/**
 * The media tab's "Uploads": the selected scene's picture chosen from the article's own images or the
 * account's library (where images and clips are uploaded), or removed.
 */
export function MediaUploads() {
  const { editor, scene, setMedia, busy } = useSceneMedia();
  return (
    <SceneBar>
      {scene && (
        <div className="blog-media">
          <CurrentMedia scene={scene} onRemove={() => void setMedia(null)} removing={busy === 'remove'} />
          <PictureSources
            articleImages={editor.project.articleImages}
            current={scene.media}
            busy={busy}
            onPick={(media) => void setMedia(media, mediaKey(media))}
          />
        </div>
      )}
    </SceneBar>
  );
}

/** The article's images and the library, as "Uploads" shows them and "Online" falls back to. */
export function PictureSources({
  articleImages,
  current,
  busy,
  onPick,
}: {
  articleImages: { index: number; url: string }[];
  current: { source: string; materialId: string | null; index: number | null } | null;
  busy: string | null;
  onPick: (media: SceneMediaInput) => void;
}) {
  const { t } = useTranslation();
  const busyIndex = busy?.startsWith('article:') ? Number(busy.slice('article:'.length)) : null;
  const busyId = busy?.startsWith('material:') ? busy.slice('material:'.length) : null;
  return (
    <>
      <Typography.Title level={5}>{t('blogMedia.articleImages')}</Typography.Title>
      <ArticleImages
        images={articleImages}
        pickedIndex={current?.source === 'article' ? current.index : null}
        busyIndex={busyIndex}
        onPick={(index) => onPick({ source: 'article', index })}
      />
      <Typography.Title level={5}>{t('blogMedia.library')}</Typography.Title>
      <MaterialLibrary
        kinds={PICTURE_KINDS}
        pickedId={current?.source === 'material' ? current.materialId : null}
        busyId={busyId}
        onPick={(material: Material) => onPick({ source: 'material', materialId: material.materialId })}
      />
    </>
  );
}
