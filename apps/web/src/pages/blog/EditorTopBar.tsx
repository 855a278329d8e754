import { ArrowLeftOutlined, CloudUploadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { ASPECT_RATIOS, type AspectRatio, PROJECT_TITLE_MAX } from '@leadreel/shared';
import { Button, Flex, Segmented, Select, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFoldersQuery } from '../../api/queries.ts';
import { PROJECTS_PATH } from './blogData.ts';
import { useEditor } from './editorContext.ts';

/**
 * The editor's top bar: the way back to My projects, the title (edited in place), the video's settings
 * (aspect ratio, subtitles, logo, destination folder), and the preview and export.
 */
export function EditorTopBar({ onPreview, onExport }: { onPreview: () => void; onExport: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project, saveSettings, saving } = useEditor();
  const folders = useFoldersQuery();
  const { settings } = project;
  const defaultFolder = folders.data?.find((folder) => folder.isDefault);
  return (
    <header className="blog-topbar">
      <Flex align="center" gap={8} className="blog-topbar-title">
        <Tooltip title={t('blog.editor.back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('blog.editor.back')}
            onClick={() => navigate(PROJECTS_PATH)}
          />
        </Tooltip>
        <Typography.Title
          level={5}
          className="blog-title"
          editable={{
            maxLength: PROJECT_TITLE_MAX,
            tooltip: t('blog.editor.rename'),
            text: project.title,
            onChange: (title) => {
              const trimmed = title.trim();
              if (trimmed && trimmed !== project.title) void saveSettings({ title: trimmed });
            },
          }}
        >
          {project.title}
        </Typography.Title>
        {saving && <Typography.Text type="secondary">{t('blog.editor.saving')}</Typography.Text>}
      </Flex>
      <Flex align="center" gap={12} wrap className="blog-topbar-settings">
        <Segmented<AspectRatio>
          aria-label={t('blog.editor.aspect')}
          value={settings.aspect}
          options={ASPECT_RATIOS.map((aspect) => ({ value: aspect, label: aspect }))}
          onChange={(aspect) => void saveSettings({ aspect })}
        />
        <Flex align="center" gap={6} className="blog-switch">
          <Switch
            id="blog-subtitles"
            size="small"
            checked={settings.subtitles}
            onChange={(subtitles) => void saveSettings({ subtitles })}
          />
          <label htmlFor="blog-subtitles">{t('blog.editor.subtitles')}</label>
        </Flex>
        <Flex align="center" gap={6} className="blog-switch">
          <Switch
            id="blog-logo"
            size="small"
            checked={settings.logo}
            onChange={(logo) => void saveSettings({ logo })}
          />
          <label htmlFor="blog-logo">{t('blog.editor.logo')}</label>
        </Flex>
        <Select
          className="blog-folder"
          aria-label={t('blog.editor.folder')}
          loading={folders.isLoading}
          value={settings.folderId ?? defaultFolder?.folderId ?? null}
          placeholder={t('videos.defaultFolder')}
          onChange={(folderId: string) =>
            void saveSettings({ folderId: folderId === defaultFolder?.folderId ? null : folderId })
          }
          options={(folders.data ?? []).map((folder) => ({
            value: folder.folderId,
            label: folder.isDefault ? t('videos.defaultFolder') : folder.name,
          }))}
          popupMatchSelectWidth={false}
        />
        <Button icon={<PlayCircleOutlined />} onClick={onPreview}>
          {t('blog.editor.preview')}
        </Button>
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={onExport}>
          {t('blog.editor.export')}
        </Button>
      </Flex>
    </header>
  );
}
