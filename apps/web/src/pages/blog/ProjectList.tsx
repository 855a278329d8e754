import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Pagination, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { usePeriodGate } from '../../components/periodGate.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { blogKeys } from './blogData.ts';
import { NewProjectDialog } from './NewProjectDialog.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import './blog.css';

const PAGE_SIZE = 24;

/**
 * My projects (the console contract videos/blog-to-video): the account's blog-to-video projects, each with
 * its cover, source, status, script length and last export. Creating one needs the plan's blog-to-video
 * privilege (without it the plans are offered instead) and closes from Buffer on like an upload.
 */
export function ProjectList() {
  const { t } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const gate = usePeriodGate();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const allowed = account?.privileges.canUseBlogToVideo ?? false;
  const list = useQuery({
    queryKey: blogKeys.list(page, PAGE_SIZE),
    queryFn: () => blogApi.list({ page, pageSize: PAGE_SIZE }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const create = () => (isLocked(account, 'uploadVideo') ? gate(() => setCreating(true)) : setCreating(true));

  const body = () => {
    if (!account) return <Skeleton active />;
    if (!allowed) return <UpgradeNotice title={t('errors.blog_not_allowed')} action={t('blog.list.upgrade')} />;
    if (list.error) return <Result status="error" title={errorText(list.error)} />;
    if (!list.data) return <Skeleton active />;
    if (list.data.total === 0) return <Empty description={t('blog.list.empty')} />;
    return (
      <>
        <ul className="blog-grid" aria-label={t('route.blog-to-video-list')}>
          {list.data.list.map((project) => (
            <li key={project.projectId}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
        {list.data.total > PAGE_SIZE && (
          <Pagination
            className="blog-pages"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </>
    );
  };

  return (
    <div className="blog-projects">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('route.blog-to-video-list')}</Typography.Title>
        {allowed && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('blog.list.new')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">{t('blog.list.intro')}</Typography.Paragraph>
      {body()}
      {creating && <NewProjectDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
