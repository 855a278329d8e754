import { DeleteOutlined, MergeCellsOutlined, PictureOutlined, PlusOutlined, ScissorOutlined } from '@ant-design/icons';
import { SCENE_TEXT_MAX, type Scene } from '@leadreel/shared';
import { Button, Flex, Input, Popconfirm, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a scene card can do; a missing handler is an action that does not apply (shown disabled). */
export type SceneActions = {
  select: () => void;
  change: (text: string) => void;
  blur: () => void;
  cursor: (at: number) => void;
  split?: () => void;
  merge?: () => void;
  remove?: () => void;
  add?: () => void;
};

function Action({ label, icon, onClick }: { label: string; icon: ReactNode; onClick?: () => void }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type="text" aria-label={label} icon={icon} disabled={!onClick} onClick={onClick} />
    </Tooltip>
  );
}

/** One scene of the script: its number, picture, text (with its 500-character count) and length. */
export function SceneCard({
  scene,
  number,
  text,
  selected,
  on,
}: {
  scene: Scene;
  number: number;
  /** The text as typed, saved or not. */
  text: string;
  selected: boolean;
  on: SceneActions;
}) {
  const { t } = useTranslation();
  const names = { number };
  const thumb = scene.media?.cover ?? (scene.media?.kind === 'image' ? scene.media.url : null);
  const cursorOf = (event: { currentTarget: HTMLTextAreaElement }) => on.cursor(event.currentTarget.selectionStart);
  return (
    <section
      className={`blog-scene${selected ? ' blog-scene-selected' : ''}`}
      aria-label={t('blog.script.sceneNumber', names)}
      data-scene={scene.sceneId}
    >
      <Flex vertical align="center" gap={4} className="blog-scene-side">
        <Button
          size="small"
          type={selected ? 'primary' : 'default'}
          shape="circle"
          aria-pressed={selected}
          aria-label={t('blog.script.select', names)}
          onClick={on.select}
        >
          {number}
        </Button>
        {thumb ? (
          <img className="blog-scene-thumb" src={thumb} alt="" />
        ) : (
          <div className="blog-scene-thumb blog-scene-thumb-empty" title={t('blog.script.noMedia')}>
            <PictureOutlined />
          </div>
        )}
      </Flex>
      <div className="blog-scene-body">
        <Input.TextArea
          aria-label={t('blog.script.text', names)}
          value={text}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={SCENE_TEXT_MAX}
          count={{ show: true, max: SCENE_TEXT_MAX }}
          placeholder={t('blog.script.placeholder')}
          onFocus={on.select}
          onChange={(event) => {
            on.change(event.target.value);
            cursorOf(event);
          }}
          onSelect={cursorOf}
          onKeyUp={cursorOf}
          onClick={cursorOf}
          onBlur={on.blur}
        />
        <Flex justify="space-between" align="center" wrap gap={4} className="blog-scene-footer">
          <Typography.Text type="secondary">
            {t('blog.script.seconds', { count: Math.round(scene.duration) })}
          </Typography.Text>
          <Flex gap={2}>
            <Action label={t('blog.script.split', names)} icon={<ScissorOutlined />} onClick={on.split} />
            <Action label={t('blog.script.merge', names)} icon={<MergeCellsOutlined />} onClick={on.merge} />
            <Action label={t('blog.script.add', names)} icon={<PlusOutlined />} onClick={on.add} />
            {on.remove ? (
              <Popconfirm
                title={t('blog.script.deleteConfirm', names)}
                okText={t('blog.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('blog.cancel')}
                onConfirm={on.remove}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  aria-label={t('blog.script.delete', names)}
                  icon={<DeleteOutlined />}
                />
              </Popconfirm>
            ) : (
              <Action label={t('blog.script.delete', names)} icon={<DeleteOutlined />} />
            )}
          </Flex>
        </Flex>
      </div>
    </section>
  );
}
