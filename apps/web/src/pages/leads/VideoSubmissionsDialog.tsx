import type { Lead, Video } from '@leadreel/shared';
import { Alert, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { formatDateMinute } from '../../format.ts';
import { MaskedNotice, ReadState } from './LeadStates.tsx';
import { EMPTY, formatSecond, leadName, useLeadListQuery } from './leadQueries.ts';

const PAGE_SIZE = 10;

function VideoLeads({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLeadListQuery({ videoId, page, pageSize: PAGE_SIZE });
  if (list.error) return <Alert type="error" showIcon title={errorText(list.error)} />;
  return (
    <>
      {list.data?.masked && <MaskedNotice compact />}
      <Table<Lead>
        rowKey="leadId"
        size="small"
        loading={list.isLoading || list.isPlaceholderData}
        dataSource={list.data?.list ?? []}
        rowClassName={(lead) => (lead.read ? '' : 'lead-unread')}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: t('leads.empty') }}
        columns={[
          {
            title: t('leads.date'),
            key: 'date',
            render: (_, lead) => formatDateMinute(lead.createdAt),
          },
          { title: t('leads.name'), key: 'name', render: (_, lead) => leadName(lead) },
          { title: t('leads.email'), key: 'email', render: (_, lead) => lead.answers.email || EMPTY },
          { title: t('leads.second'), key: 'second', render: (_, lead) => formatSecond(lead.second) },
          { title: t('leads.status'), key: 'status', render: (_, lead) => <ReadState read={lead.read} /> },
        ]}
      />
    </>
  );
}

/** spec dialog "video submissions": one video's leads, with the way to the full screen filtered by it. */
export function VideoSubmissionsDialog({
  video,
  onClose,
}: {
  video: Pick<Video, 'videoId' | 'name'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={video !== null}
      title={video ? t('leads.dialogTitle', { name: video.name }) : ''}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      // Closed, the list goes: each opening starts on its first page.
      destroyOnHidden
      footer={
        video && [
          <Button key="close" onClick={onClose}>
            {t('leads.close')}
          </Button>,
          <Link
            key="all"
            className="leads-open-all"
            to={`/form-submit-data?videoId=${encodeURIComponent(video.videoId)}`}
          >
            <Button type="primary">{t('leads.openAll')}</Button>
          </Link>,
        ]
      }
    >
      {video && <VideoLeads videoId={video.videoId} />}
    </Modal>
  );
}
