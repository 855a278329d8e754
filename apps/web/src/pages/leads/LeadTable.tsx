import type { Lead } from '@leadreel/shared';
import { Button, Table, type TableColumnsType, type TablePaginationConfig, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateMinute } from '../../format.ts';
import { ReadState } from './LeadStates.tsx';
import { EMPTY, formatSecond, leadName } from './leadQueries.ts';

/** One page of leads: unread ones stand out, each opens in the drawer, any can be selected. */
export function LeadTable(props: {
  rows: Lead[];
  loading: boolean;
  selected: string[];
  onSelect: (leadIds: string[]) => void;
  onOpen: (lead: Lead) => void;
  pagination: TablePaginationConfig;
}) {
  const { t } = useTranslation();
  const { rows, loading, selected, onSelect, onOpen, pagination } = props;
  const columns: TableColumnsType<Lead> = [
    {
      title: t('leads.date'),
      key: 'date',
      width: 190,
      render: (_, lead) => formatDateMinute(lead.createdAt),
    },
    {
      title: t('leads.name'),
      key: 'name',
      render: (_, lead) => (
        <Button type="link" className="lead-open" onClick={() => onOpen(lead)}>
          {leadName(lead)}
        </Button>
      ),
    },
    { title: t('leads.email'), key: 'email', render: (_, lead) => lead.answers.email || EMPTY },
    {
      title: t('leads.video'),
      key: 'video',
      render: (_, lead) => (
        <>
          {lead.videoId ? lead.videoName : t('leads.videoDeleted', { name: lead.videoName })}
          {lead.siteName ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {`${t('leads.site')}: ${lead.siteName}`}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: t('leads.second'), key: 'second', width: 140, render: (_, lead) => formatSecond(lead.second) },
    { title: t('leads.status'), key: 'status', width: 110, render: (_, lead) => <ReadState read={lead.read} /> },
  ];

  return (
    <Table<Lead>
      rowKey="leadId"
      loading={loading}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 900 }}
      rowClassName={(lead) => (lead.read ? '' : 'lead-unread')}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
      }}
      pagination={pagination}
      locale={{ emptyText: t('leads.empty') }}
    />
  );
}
