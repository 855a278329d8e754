import type { Scene } from '@leadreel/shared';
import { Alert, Button, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editorContext.ts';

/** "Scene 2: the scene's first words…", as the pickers name a scene. */
export function sceneLabel(t: TFunction, scene: Scene, index: number) {
  const text = scene.text.length > 60 ? `${scene.text.slice(0, 60)}…` : scene.text;
  return t('blogMedia.sceneLabel', { number: index + 1, text });
}

/**
 * Which scene a media change goes to: the scene selected in the editor, which can be changed here; with none
 * selected, a note asks for one (here, or on the Script tab). `children` render only with a scene.
 */
export function SceneBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { project, selectedSceneId, selectScene } = useEditor();
  const scene = project.scenes.find((candidate) => candidate.sceneId === selectedSceneId) ?? null;
  return (
    <>
      {project.scenes.length > 0 && (
        <div className="blog-media-scene">
          <Typography.Text strong>{t('blogMedia.scene')}</Typography.Text>
          <Select
            value={scene?.sceneId}
            onChange={selectScene}
            aria-label={t('blogMedia.scene')}
            placeholder={t('blogMedia.chooseScene')}
            style={{ minWidth: 260, maxWidth: '100%' }}
            options={project.scenes.map((candidate, index) => ({
              value: candidate.sceneId,
              label: sceneLabel(t, candidate, index),
            }))}
          />
        </div>
      )}
      {scene ? children : <Alert type="info" showIcon title={t('blogMedia.pickScene')} />}
    </>
  );
}

/** The selected scene's picture as it stands, with Remove picture (a plain background with its text). */
export function CurrentMedia({ scene, onRemove, removing }: { scene: Scene; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="blog-media-current">
      {scene.media ? (
        <>
          {scene.media.kind === 'video' ? (
            <video
              src={scene.media.url}
              poster={scene.media.cover ?? undefined}
              muted
              aria-label={t('blogMedia.current')}
            />
          ) : (
            <img src={scene.media.url} alt={t('blogMedia.current')} />
          )}
          <Button onClick={onRemove} loading={removing}>
            {t('blogMedia.remove')}
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary">{t('blogMedia.none')}</Typography.Text>
      )}
    </div>
  );
}

/** The article's own images, each usable as the scene's picture. */
export function ArticleImages({
  images,
  pickedIndex,
  busyIndex,
  onPick,
}: {
  images: { index: number; url: string }[];
  pickedIndex: number | null;
  busyIndex: number | null;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (images.length === 0) return <Typography.Text type="secondary">{t('blogMedia.noArticleImages')}</Typography.Text>;
  return (
    <ul className="material-grid">
      {images.map((image) => {
        const name = t('blogMedia.articleImage', { number: image.index + 1 });
        const picked = pickedIndex === image.index;
        return (
          <li key={image.index} className={`material-card${picked ? ' is-picked' : ''}`}>
            <div className="material-thumb">
              <img src={image.url} alt={name} loading="lazy" />
            </div>
            <div className="material-actions">
              <Button
                size="small"
                type={picked ? 'default' : 'primary'}
                disabled={picked}
                loading={busyIndex === image.index}
                aria-label={t('materials.useNamed', { name })}
                onClick={() => onPick(image.index)}
              >
                {picked ? t('materials.inUse') : t('materials.use')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
