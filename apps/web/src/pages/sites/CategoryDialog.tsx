import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Category, Video } from '@leadreel/shared';
import {
  addCategoryBody,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_VIDEOS_MAX,
} from '@leadreel/shared/contracts/sites';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { sitesApi, videosApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { videoKeys } from '../../api/queries.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { SortableList } from '../../features/sortable/Sortable.tsx';
import { ChooseVideoDialog } from '../../features/videos/ChooseVideoDialog.tsx';
import { schemaRule } from './rules.ts';
import { moveLabels, siteKeys } from './siteData.ts';

type Values = { name: string; description: string; visible: boolean };

/** How many videos the status call answers at once (its contract's limit). */
const STATUS_BATCH = 100;

/** The names of a category's videos, asked for in batches the status call takes. */
function useVideoNames(ids: string[]): { names: Map<string, Video>; loading: boolean } {
  const batches: string[][] = [];
  for (let at = 0; at < ids.length; at += STATUS_BATCH) batches.push(ids.slice(at, at + STATUS_BATCH));
  const answers = useQueries({
    queries: batches.map((batch) => ({ queryKey: videoKeys.status(batch), queryFn: () => videosApi.status(batch) })),
  });
  return {
    names: new Map(answers.flatMap((answer) => answer.data ?? []).map((video) => [video.videoId, video])),
    loading: answers.some((answer) => answer.isPending),
  };
}

/** Creates or edits a category: its name, description, whether it shows, and its videos in order. */
export function CategoryDialog({
  siteId,
  category,
  onClose,
}: {
  siteId: string;
  /** null for a new category. */
  category: Category | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [videoIds, setVideoIds] = useState<string[]>(category?.videoIds ?? []);
  const [chosen, setChosen] = useState<Map<string, Video>>(new Map());
  const [choosing, setChoosing] = useState(false);
  const known = useVideoNames(category?.videoIds ?? []);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = { ...values, name: values.name.trim(), videoIds };
      return category
        ? sitesApi.editCategory({ id: category.id, ...fields })
        : sitesApi.addCategory({ siteId, ...fields });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteKeys.categories(siteId) });
      message.success(t('sites.categories.saved'));
      onClose();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'name' || field === 'description') form.setFields([{ name: field, errors: [errorText(error)] }]);
      else message.error(errorText(error));
    },
  });

  const addVideos = (videos: Video[]) => {
    setChoosing(false);
    setChosen((current) => new Map([...current, ...videos.map((video) => [video.videoId, video] as const)]));
    const fresh = videos.map((video) => video.videoId).filter((id) => !videoIds.includes(id));
    const room = CATEGORY_VIDEOS_MAX - videoIds.length;
    if (fresh.length > room) message.warning(t('errors.category_videos_too_many'));
    setVideoIds([...videoIds, ...fresh.slice(0, Math.max(room, 0))]);
  };
  const nameOf = (id: string) =>
    chosen.get(id)?.name ?? known.names.get(id)?.name ?? (known.loading ? '…' : t('sites.categories.unknownVideo'));

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={category ? t('sites.categories.editTitle', { name: category.name }) : t('sites.categories.addTitle')}
      okText={t('sites.save')}
      cancelText={t('sites.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="category"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: category?.name ?? '',
          description: category?.description ?? '',
          visible: category?.visible ?? true,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="name" label={t('sites.categories.name')} rules={[schemaRule(addCategoryBody.shape.name, t)]}>
          <Input placeholder={t('sites.categories.namePlaceholder')} maxLength={CATEGORY_NAME_MAX + 10} autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('sites.categories.description')}
          rules={[schemaRule(addCategoryBody.shape.description, t, (value) => value ?? '')]}
        >
          <Input.TextArea rows={3} maxLength={CATEGORY_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="visible"
          label={t('sites.categories.visible')}
          valuePropName="checked"
          extra={t('sites.categories.visibleHelp')}
        >
          <Switch />
        </Form.Item>
      </Form>
      <Flex justify="space-between" align="center" wrap gap={8} className="site-category-videos-header">
        <Typography.Text strong>{t('sites.categories.videos')}</Typography.Text>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" data-testid="category-video-usage">
            {t('sites.categories.videoUsage', { used: videoIds.length, max: CATEGORY_VIDEOS_MAX })}
          </Typography.Text>
          <Button
            icon={<PlusOutlined />}
            disabled={videoIds.length >= CATEGORY_VIDEOS_MAX}
            onClick={() => setChoosing(true)}
          >
            {t('sites.categories.chooseVideos')}
          </Button>
        </Flex>
      </Flex>
      {videoIds.length === 0 ? (
        <>
          <Alert type="warning" showIcon className="sites-notice" title={t('sites.categories.noVideoNote')} />
          <Empty description={t('sites.categories.noVideos')} />
        </>
      ) : (
        <SortableList<string>
          className="site-category-videos"
          ariaLabel={t('sites.categories.videos')}
          items={videoIds}
          itemKey={(id) => id}
          labels={(id) => moveLabels(t, nameOf(id))}
          onChange={setVideoIds}
          renderItem={(id) => (
            <Flex align="center" gap={8} data-testid="category-video">
              <Typography.Text ellipsis className="site-category-video-name">
                {nameOf(id)}
              </Typography.Text>
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('sites.categories.removeVideo', { name: nameOf(id) })}
                onClick={() => setVideoIds((ids) => ids.filter((other) => other !== id))}
              />
            </Flex>
          )}
        />
      )}
      <ChooseVideoDialog open={choosing} multiple onClose={() => setChoosing(false)} onChoose={addVideos} />
    </Modal>
  );
}
