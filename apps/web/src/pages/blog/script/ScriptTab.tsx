import { ThunderboltOutlined } from '@ant-design/icons';
import { SCENES_MAX } from '@leadreel/shared';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../../api/endpoints.ts';
import { SortableList } from '../../../features/sortable/Sortable.tsx';
import { formatDuration } from '../../../features/videos/format.ts';
import { type SceneInput, sceneInput, useEditor } from '../editorContext.ts';
import { useEditorQueue } from '../useProjectEditor.ts';
import { SceneCard } from './SceneCard.tsx';
import { addSceneAfter, canMerge, canSplitAt, deleteScene, mergeWithNext, splitScene } from './sceneEdits.ts';

/** How long typing rests before the text is saved (a blur saves at once). */
const TEXT_SAVE_DELAY_MS = 800;

/**
 * The script (the console contract /blog-to-video/{id}/script): the scenes in order, each edited in place,
 * split, merged, deleted, added or dragged to a new place. Every change is one save of the whole list; the
 * text typed and not yet saved goes with it, so no edit is lost to a quicker click.
 */
export function ScriptTab() {
  const { t } = useTranslation();
  const { project, selectedSceneId, selectScene, saveScenes } = useEditor();
  const enqueue = useEditorQueue();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [cursors, setCursors] = useState<Record<string, number>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { scenes } = project;

  // Once saved, a draft is the project's own text and steps aside.
  useEffect(() => {
    setDrafts((current) => {
      const left = Object.entries(current).filter(
        ([id, text]) => scenes.find((scene) => scene.sceneId === id)?.text !== text.trim(),
      );
      return left.length === Object.keys(current).length ? current : Object.fromEntries(left);
    });
  }, [scenes]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function clearTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }
  /** The script as shown: the saved scenes with the text typed into them. */
  const current = (): SceneInput[] =>
    scenes.map((scene) => {
      const draft = drafts[scene.sceneId];
      return draft === undefined ? sceneInput(scene) : sceneInput(scene, { text: draft });
    });
  const unsaved = () => scenes.some((scene) => (drafts[scene.sceneId] ?? scene.text) !== scene.text);
  const save = (next: SceneInput[]) => {
    clearTimer();
    // What stays shows its new text while the save is on its way.
    setDrafts(Object.fromEntries(next.flatMap((scene) => (scene.sceneId ? [[scene.sceneId, scene.text]] : []))));
    void saveScenes(next);
  };
  const flush = () => {
    clearTimer();
    if (unsaved()) void saveScenes(current());
  };
  const type = (sceneId: string, text: string) => {
    setDrafts((before) => ({ ...before, [sceneId]: text }));
    clearTimer();
    timer.current = setTimeout(() => flushRef.current(), TEXT_SAVE_DELAY_MS);
  };
  // The timer calls the newest flush, which sees the newest drafts.
  const flushRef = useRef(flush);
  flushRef.current = flush;

  const summarise = () => {
    clearTimer();
    setDrafts({});
    void enqueue((revision) => blogApi.summarise({ projectId: project.projectId, revision }));
  };
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0);
  const full = scenes.length >= SCENES_MAX;
  const numberOf = (sceneId: string) => scenes.findIndex((scene) => scene.sceneId === sceneId) + 1;

  return (
    <div className="blog-script">
      <Flex justify="space-between" align="center" wrap gap={8} className="blog-script-head">
        <Typography.Text type="secondary" data-testid="script-totals">
          {t('blog.script.totals', { count: scenes.length, max: SCENES_MAX, duration: formatDuration(total) })}
        </Typography.Text>
        <Popconfirm
          title={t('blog.script.summariseConfirm')}
          description={t('blog.script.summariseHelp')}
          okText={t('blog.script.summarise')}
          cancelText={t('blog.cancel')}
          onConfirm={summarise}
        >
          <Button icon={<ThunderboltOutlined />}>{t('blog.script.summarise')}</Button>
        </Popconfirm>
      </Flex>
      {full && <Typography.Paragraph type="warning">{t('blog.script.full', { max: SCENES_MAX })}</Typography.Paragraph>}
      <SortableList
        items={scenes}
        itemKey={(scene) => scene.sceneId}
        ariaLabel={t('route.script')}
        className="blog-scenes"
        labels={(scene) => {
          const names = { number: numberOf(scene.sceneId) };
          return {
            drag: t('blog.script.drag', names),
            up: t('blog.script.moveUp', names),
            down: t('blog.script.moveDown', names),
          };
        }}
        onChange={(ordered) => {
          const inputs = new Map(current().map((input) => [input.sceneId, input]));
          save(ordered.map((scene) => inputs.get(scene.sceneId) ?? sceneInput(scene)));
        }}
        renderItem={(scene, index) => {
          const text = drafts[scene.sceneId] ?? scene.text;
          const at = cursors[scene.sceneId];
          return (
            <SceneCard
              scene={scene}
              number={index + 1}
              text={text}
              selected={scene.sceneId === selectedSceneId}
              on={{
                select: () => selectScene(scene.sceneId),
                change: (value) => type(scene.sceneId, value),
                blur: flush,
                cursor: (position) => setCursors((before) => ({ ...before, [scene.sceneId]: position })),
                split:
                  !full && canSplitAt(text, at) ? () => save(splitScene(current(), index, at as number)) : undefined,
                merge: canMerge(current(), index) ? () => save(mergeWithNext(current(), index)) : undefined,
                remove: scenes.length > 1 ? () => save(deleteScene(current(), index)) : undefined,
                add: full ? undefined : () => save(addSceneAfter(current(), index)),
              }}
            />
          );
        }}
      />
    </div>
  );
}
