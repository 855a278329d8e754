import { Alert, Button, Drawer, Menu, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/index.ts';
import type { RouteDef } from '../../app/routeDef.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { useAccountStore } from '../../stores/account.ts';
import { PROJECTS_PATH } from './blogData.ts';
import { EditorTopBar } from './EditorTopBar.tsx';
import { EditorContext, useEditor } from './editorContext.ts';
import { ExportPanel } from './export/ExportPanel.tsx';
import { PreviewPlayer } from './preview/PreviewPlayer.tsx';
import { SceneStage } from './preview/SceneStage.tsx';
import { EditorQueueContext, useProjectEditor } from './useProjectEditor.ts';
import './blog.css';

/** The selected scene as the video will show it, at the project's aspect ratio. */
function SelectedScenePreview() {
  const { t } = useTranslation();
  const { project, selectedSceneId } = useEditor();
  const index = project.scenes.findIndex((scene) => scene.sceneId === selectedSceneId);
  const scene = project.scenes[index];
  if (!scene) return null;
  return (
    <aside className="blog-preview-pane" aria-label={t('blog.editor.scenePreview')}>
      <SceneStage
        aspect={project.settings.aspect}
        media={scene.media}
        text={scene.text}
        subtitles={project.settings.subtitles}
        label={t('blog.script.sceneNumber', { number: index + 1 })}
      />
      <p className="blog-preview-caption">
        {t('blog.script.sceneNumber', { number: index + 1 })} / {project.scenes.length}
      </p>
    </aside>
  );
}

/**
 * The blog-to-video editor (the console contract /blog-to-video/{id}, header hidden): the top bar, the
 * Script, Media and Audio tabs beside the selected scene's preview. It holds the project every tab works
 * on (EditorContext) and the saves they make through it.
 */
export function Editor({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const { detail, value, stale, reload, enqueue } = useProjectEditor(id);
  const [previewing, setPreviewing] = useState(false);
  const [exporting, setExporting] = useState(false);

  if (account && !account.privileges.canUseBlogToVideo)
    return <UpgradeNotice title={t('errors.blog_not_allowed')} action={t('blog.list.upgrade')} />;
  if (detail.error && !value)
    return (
      <Result
        status="warning"
        title={errorText(detail.error)}
        extra={
          <Link to={PROJECTS_PATH}>
            <Button type="primary">{t('blog.editor.back')}</Button>
          </Link>
        }
      />
    );
  if (!value) return <Skeleton active />;

  const active = location.pathname.split('/')[3] ?? 'script';
  return (
    <EditorContext.Provider value={value}>
      <EditorQueueContext.Provider value={enqueue}>
        <div className="blog-editor">
          <EditorTopBar onPreview={() => setPreviewing(true)} onExport={() => setExporting(true)} />
          {stale && (
            <Alert
              type="warning"
              showIcon
              className="blog-stale"
              title={t('errors.blog_project_stale')}
              action={
                <Button size="small" type="primary" onClick={() => void reload()}>
                  {t('blog.editor.reload')}
                </Button>
              }
            />
          )}
          <div className="blog-editor-body">
            <Menu
              className="blog-editor-nav"
              mode="inline"
              aria-label={t('blog.editor.sections')}
              selectedKeys={[active]}
              onClick={({ key }) => navigate(`/blog-to-video/${id}/${key}`)}
              items={(def.children ?? []).map((child) => ({ key: child.path, label: t(child.meta.title) }))}
            />
            <main className="blog-editor-main">
              <Outlet />
            </main>
            <SelectedScenePreview />
          </div>
        </div>
        {previewing && <PreviewPlayer projectId={id} onClose={() => setPreviewing(false)} />}
        <Drawer
          open={exporting}
          onClose={() => setExporting(false)}
          title={t('blog.export.title')}
          size="min(640px, 100vw)"
          destroyOnHidden
        >
          <ExportPanel projectId={id} />
        </Drawer>
      </EditorQueueContext.Provider>
    </EditorContext.Provider>
  );
}

/** A section of the editor whose screens are tabs (Media: uploads, online; Audio; its music). */
export function EditorSection({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const segments = location.pathname.split('/');
  const active = segments[segments.lastIndexOf(def.path) + 1] ?? '';
  return (
    <div className="blog-section">
      <Menu
        mode="horizontal"
        selectedKeys={[active]}
        aria-label={t(def.meta.title)}
        onClick={({ key }) => navigate(key)}
        items={(def.children ?? []).map((child) => ({ key: child.path, label: t(child.meta.title) }))}
      />
      <Outlet />
    </div>
  );
}
