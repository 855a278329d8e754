import { SearchOutlined } from '@ant-design/icons';
import { CLONE_PARTS, CLONE_TARGETS_MAX, type ClonePart, type Video } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  type CheckboxProps,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { keyInput } from '../../api/keys.ts';
import { useVideoDetailQuery, useVideoListQuery } from '../../api/queries.ts';
import { formatDuration } from '../../features/videos/format.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { ScreenFallback } from './screen.tsx';

const VIDEOS_PER_PAGE = 20;

/** video settings, kit-clone: any chosen set of this video's settings copied onto many others at once. */
export function KitCloneSetting() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const canUseBranding = account?.privileges.canUseBranding ?? false;
  const [parts, setParts] = useState<ClonePart[]>([]);
  const [targets, setTargets] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const video = useVideoDetailQuery(videoId);
  const list = useVideoListQuery({ keyword: keyword || undefined, page, pageSize: VIDEOS_PER_PAGE });

  const locked = isLocked(account, 'videoSettings');
  if (video.error || !video.data) return <ScreenFallback error={video.error} />;

  const allowed = CLONE_PARTS.filter((part) => part !== 'branding' || canUseBranding);
  const rows = (list.data?.list ?? []).filter((row) => row.videoId !== videoId);
  const full = targets.length >= CLONE_TARGETS_MAX;

  const choose = (keys: Key[]) => {
    if (keys.length > CLONE_TARGETS_MAX) message.warning(t('errors.clone_targets_too_many'));
    setTargets(keys.slice(0, CLONE_TARGETS_MAX).map(String));
  };

  const copy = () => {
    const chosenParts = CLONE_PARTS.filter((part) => parts.includes(part));
    const targetVideoIds = [...targets];
    const names = new Intl.ListFormat(i18n.language === 'zh_CN' ? 'zh-CN' : 'en', { type: 'conjunction' }).format(
      chosenParts.map((part) => t(`kitClone.part.${part}`)),
    );
    modal.confirm({
      title: t('kitClone.confirmTitle', { count: targetVideoIds.length }),
      content: t('kitClone.confirmBody', { parts: names }),
      okText: t('kitClone.confirmOk'),
      onOk: async () => {
        setBusy(true);
        try {
          const result = await settingsApi.kitClone({ videoId, targetVideoIds, parts: chosenParts });
          // What the other screens hold for the videos copied onto is now out of date.
          const copied = new Set(targetVideoIds);
          void queryClient.invalidateQueries({
            predicate: (query) => {
              const input = keyInput(query.queryKey);
              return (
                typeof input === 'object' && input !== null && 'videoId' in input && copied.has(String(input.videoId))
              );
            },
          });
          setTargets([]);
          message.success(t('kitClone.copied', { count: result.copied }));
        } catch (failure) {
          message.error(errorText(failure));
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const columns: TableColumnsType<Video> = [
    { title: t('videos.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('videos.duration'),
      dataIndex: 'duration',
      width: 110,
      render: (value: number | null) => formatDuration(value),
    },
  ];

  return (
    <div className="kit-clone-setting">
      <Typography.Title level={4}>{video.data.name}</Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      <Typography.Paragraph type="secondary">{t('kitClone.intro')}</Typography.Paragraph>
      <Card title={t('kitClone.parts')} className="kit-clone-card">
        <fieldset className="kit-clone-fieldset" aria-label={t('kitClone.parts')}>
          <Checkbox
            className="kit-clone-all"
            disabled={locked}
            indeterminate={parts.length > 0 && parts.length < allowed.length}
            checked={parts.length === allowed.length}
            onChange={(event) => setParts(event.target.checked ? allowed : [])}
          >
            {t('kitClone.allParts')}
          </Checkbox>
          <Checkbox.Group<ClonePart>
            className="kit-clone-parts"
            disabled={locked}
            value={parts}
            onChange={setParts}
            options={CLONE_PARTS.map((part) => ({
              value: part,
              disabled: part === 'branding' && !canUseBranding,
              label:
                part === 'branding' && !canUseBranding ? (
                  <span>
                    {t('kitClone.part.branding')}{' '}
                    <Typography.Text type="secondary">{t('kitClone.brandingLocked')}</Typography.Text>
                  </span>
                ) : (
                  t(`kitClone.part.${part}`)
                ),
            }))}
          />
        </fieldset>
        <Typography.Paragraph type="secondary" className="kit-clone-help">
          {t('kitClone.partsHelp')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('kitClone.targets')} className="kit-clone-card">
        <Input
          allowClear
          className="kit-clone-search"
          prefix={<SearchOutlined />}
          placeholder={t('kitClone.search')}
          aria-label={t('kitClone.search')}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setPage(1);
          }}
        />
        {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
        <Table<Video>
          rowKey="videoId"
          size="small"
          loading={list.isFetching}
          dataSource={rows}
          columns={columns}
          locale={{ emptyText: keyword ? t('kitClone.noMatch') : t('kitClone.noVideos') }}
          rowSelection={{
            selectedRowKeys: targets,
            preserveSelectedRowKeys: true,
            onChange: choose,
            getCheckboxProps: (row) =>
              ({
                disabled: locked || (full && !targets.includes(row.videoId)),
                'aria-label': t('kitClone.chooseVideo', { name: row.name }),
              }) as Partial<CheckboxProps>,
          }}
          pagination={{
            current: page,
            pageSize: VIDEOS_PER_PAGE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
        <Space wrap className="kit-clone-chosen">
          <Typography.Text type={full ? 'warning' : 'secondary'} aria-live="polite">
            {t('kitClone.chosen', { count: targets.length, max: CLONE_TARGETS_MAX })}
          </Typography.Text>
          {targets.length > 0 && (
            <Button type="link" size="small" onClick={() => setTargets([])}>
              {t('kitClone.clear')}
            </Button>
          )}
        </Space>
      </Card>
      <Button
        type="primary"
        className="kit-clone-copy"
        disabled={locked || parts.length === 0 || targets.length === 0}
        loading={busy}
        onClick={copy}
      >
        {t('kitClone.copy', { count: targets.length })}
      </Button>
    </div>
  );
}
