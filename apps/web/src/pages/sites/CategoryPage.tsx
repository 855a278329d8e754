import { PlusOutlined } from '@ant-design/icons';
import type { Category } from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Result,
  Skeleton,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { MoveButtons, moveItem, useDragOrder } from '../../features/sortable/Sortable.tsx';
import { CategoryDialog } from './CategoryDialog.tsx';
import { moveLabels, siteKeys, useCategories, useSite, useSiteEditing } from './siteData.ts';

type CategoryList = { list: Category[] };

/**
 * The category pages: the site's categories in the order viewers see them, each visible or not, with its
 * videos. "A category with no video is not visible to viewers", whatever its switch says, so such a row is
 * marked hidden. The order is changed by dragging a row or with its up and down buttons, and is saved at once.
 */
export function CategoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId } = useSite();
  const categories = useCategories(siteId);
  // Deleting stays open to a plan without sites, until Frozen, so it can tidy what it made.
  const { readOnly, locked } = useSiteEditing();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const key = siteKeys.categories(siteId);
  const list = categories.data?.list ?? [];

  const order = useMutation({
    mutationFn: (ids: string[]) => sitesApi.orderCategories({ siteId, ids }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: (error) => {
      message.error(errorText(error));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const move = (from: number, to: number) => {
    const next = moveItem(list, from, to);
    queryClient.setQueryData<CategoryList>(key, { list: next });
    order.mutate(next.map((category) => category.id));
  };
  const { rowProps } = useDragOrder(move, readOnly);

  const toggle = useMutation({
    mutationFn: ({ category, visible }: { category: Category; visible: boolean }) =>
      sitesApi.editCategory({
        id: category.id,
        name: category.name,
        description: category.description,
        visible,
        videoIds: category.videoIds,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<CategoryList>(key, (current) => ({
        list: (current?.list ?? []).map((category) => (category.id === saved.id ? saved : category)),
      })),
    onError: (error) => {
      message.error(errorText(error));
    },
  });
  const remove = useMutation({
    mutationFn: (category: Category) => sitesApi.removeCategory(category.id),
    onSuccess: async () => {
      message.success(t('sites.categories.removed'));
      // A navigation link to the category goes with it.
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
    onError: (error) => {
      message.error(errorText(error));
    },
  });

  if (categories.error) return <Result status="error" title={errorText(categories.error)} />;
  if (!categories.data) return <Skeleton active />;

  const columns: TableColumnsType<Category> = [
    {
      title: t('sites.categories.column.order'),
      key: 'order',
      width: 110,
      render: (_, category, index) => (
        <MoveButtons
          index={index}
          count={list.length}
          labels={moveLabels(t, category.name)}
          onMove={move}
          disabled={readOnly}
        />
      ),
    },
    {
      title: t('sites.categories.column.name'),
      key: 'name',
      render: (_, category) => (
        <Flex vertical>
          <Typography.Text strong>{category.name}</Typography.Text>
          {category.description && (
            <Typography.Text type="secondary" ellipsis className="site-category-description">
              {category.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('sites.categories.column.videos'),
      key: 'videos',
      render: (_, category) => category.videoIds.length,
    },
    {
      title: t('sites.categories.column.visible'),
      key: 'visible',
      render: (_, category) => (
        <Flex gap={8} align="center" wrap>
          <Switch
            size="small"
            checked={category.visible}
            disabled={readOnly}
            aria-label={t('sites.categories.visibleOf', { name: category.name })}
            loading={toggle.isPending && toggle.variables?.category.id === category.id}
            onChange={(visible) => toggle.mutate({ category, visible })}
          />
          {category.videoIds.length === 0 ? (
            <Tag color="warning">{t('sites.categories.hiddenNoVideos')}</Tag>
          ) : (
            !category.visible && <Tag>{t('sites.categories.hidden')}</Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('sites.categories.column.actions'),
      key: 'actions',
      render: (_, category) => (
        <Flex gap={8}>
          <Button size="small" disabled={readOnly} onClick={() => setEditing(category)}>
            {t('sites.categories.edit')}
          </Button>
          <RemoveButton
            title={t('sites.categories.removeConfirm', { name: category.name })}
            label={t('sites.remove')}
            cancelText={t('sites.cancel')}
            onConfirm={() => remove.mutate(category)}
            disabled={locked}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t('route.category-page')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={readOnly} onClick={() => setEditing('new')}>
          {t('sites.categories.add')}
        </Button>
      }
    >
      <Alert type="info" showIcon className="sites-notice" title={t('sites.categories.noVideoNote')} />
      <Table<Category>
        rowKey="id"
        aria-label={t('route.category-page')}
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(_, index) => rowProps(index ?? 0)}
        locale={{ emptyText: <Empty description={t('sites.categories.empty')} /> }}
      />
      {editing && (
        <CategoryDialog
          siteId={siteId}
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
