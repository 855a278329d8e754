import { FOLDER_NAME_MAX, type Folder } from '@leadreel/shared';
import { Button, Dropdown, Input, Menu, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { formatSize } from '../../format.ts';

/** The folder list's key for every video, whatever its folder. */
export const ALL = 'all';

/** folder name: required, at most 50 characters, in the console contract's words. */
export function folderNameError(name: string, t: (key: string) => string) {
  if (name.trim() === '') return t('errors.folder_name_required');
  if (name.trim().length > FOLDER_NAME_MAX) return t('errors.folder_name_too_long');
  return null;
}

/** Naming a new folder or renaming one: the name is checked here, then by the server. */
export function FolderNameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('videos.save')}
      cancelText={t('videos.cancel')}
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      destroyOnHidden
      onOk={async () => {
        const problem = folderNameError(name, t);
        setError(problem);
        if (problem) return;
        setBusy(true);
        try {
          await props.onSave(name.trim());
        } catch (caught) {
          setError(errorText(caught));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input
        value={name}
        aria-label={t('videos.folderName')}
        placeholder={t('videos.folderName')}
        status={error ? 'error' : undefined}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={(event) =>
          event.currentTarget.closest('.ant-modal')?.querySelector<HTMLButtonElement>('.ant-btn-primary')?.click()
        }
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Modal>
  );
}

/**
 * video list, left: the account's folders (all videos first) with their counts and a menu to
 * rename or delete each one but the default, and the storage used.
 */
export function FolderPane(props: {
  folders: Folder[];
  selected: string;
  usage: { usedStorage: number; storage: number } | undefined;
  on: {
    select: (key: string) => void;
    add: () => void;
    rename: (folder: Folder) => void;
    remove: (folder: Folder) => void;
  };
}) {
  const { t } = useTranslation();
  const { folders, selected, usage, on } = props;
  const folderName = (f: Folder) => (f.isDefault ? t('videos.defaultFolder') : f.name);
  return (
    <aside className="video-folders">
      <div className="video-folders-head">
        <Typography.Text strong>{t('videos.folders')}</Typography.Text>
        <Button size="small" onClick={on.add}>
          {t('videos.addFolder')}
        </Button>
      </div>
      <Menu
        mode="inline"
        className="video-folder-menu"
        // Half antd's indent of 24 px: more of each folder's name shows.
        inlineIndent={12}
        selectedKeys={[selected]}
        onClick={({ key }) => on.select(key)}
        items={[
          { key: ALL, label: t('videos.allVideos') },
          ...folders.map((f) => ({
            key: f.folderId,
            label: (
              <span className="video-folder-item">
                <span className="video-folder-name" title={folderName(f)}>
                  {folderName(f)}
                </span>
                <span className={f.isDefault ? 'video-folder-count' : 'video-folder-count with-actions'}>
                  {f.videoCount}
                </span>
                {!f.isDefault && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        {
                          key: 'rename',
                          label: t('videos.rename'),
                          onClick: () => on.rename(f),
                        },
                        {
                          key: 'delete',
                          label: t('videos.delete'),
                          danger: true,
                          onClick: () => on.remove(f),
                        },
                      ],
                    }}
                  >
                    <Button
                      size="small"
                      type="text"
                      className="video-folder-actions"
                      aria-label={t('videos.folderActions', { name: f.name })}
                      onClick={(e) => e.stopPropagation()}
                    >
                      ···
                    </Button>
                  </Dropdown>
                )}
              </span>
            ),
          })),
        ]}
      />
      {usage && (
        <div className="video-usage" data-testid="storage-usage">
          <Typography.Text type="secondary">
            {t('videos.usage', { used: formatSize(usage.usedStorage), total: formatSize(usage.storage) })}
          </Typography.Text>
          <Progress
            percent={Math.min(100, Math.round((usage.usedStorage / Math.max(1, usage.storage)) * 100))}
            size="small"
            showInfo={false}
          />
        </div>
      )}
    </aside>
  );
}
