import { CLICK_KINDS, type ClickKind, type ContactClick } from '@leadreel/shared';
import { Button, DatePicker, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateMinute } from '../../format.ts';
import { ScreenFallback } from '../video-setting/screen.tsx';
import { LeadText } from './LeadDrawer.tsx';
import { MaskedNotice } from './LeadStates.tsx';
import { formatSecond, useClickListQuery, usePaging } from './leadQueries.ts';
import { VideoFilter } from './VideoFilter.tsx';

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

/**
 * The "Contact clicks" tab of form submissions: every click on the player's WhatsApp, call, mail,
 * widget and call-to-action buttons, newest first; a click whose viewer left a lead opens that lead.
 */
export function ContactClicks(props: {
  initialVideoId: string | undefined;
  videoOptions: { value: string; label: string }[];
  videosLoading: boolean;
  onOpenLead: (leadId: string) => void;
}) {
  const { t } = useTranslation();
  const [videoId, setVideoId] = useState(props.initialVideoId);
  const [kind, setKind] = useState<ClickKind | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const paging = usePaging(PAGE_SIZE);
  const { page, pageSize, setPage } = paging;
  const list = useClickListQuery({
    videoId,
    kind,
    from: range?.[0].format(DAY),
    to: range?.[1].format(DAY),
    page,
    pageSize,
  });
  const refilter = (change: () => void) => {
    change();
    setPage(1);
  };

  const columns: TableColumnsType<ContactClick> = [
    {
      title: t('leads.date'),
      key: 'date',
      width: 190,
      render: (_, click) => formatDateMinute(click.createdAt),
    },
    { title: t('leads.video'), key: 'video', render: (_, click) => <LeadText value={click.videoName} /> },
    {
      title: t('leads.button'),
      key: 'kind',
      width: 170,
      render: (_, click) => <Tag>{t(`leads.clickKind.${click.kind}`)}</Tag>,
    },
    { title: t('leads.second'), key: 'second', width: 140, render: (_, click) => formatSecond(click.second) },
    { title: t('leads.page'), key: 'page', render: (_, click) => <LeadText value={click.pageUrl} /> },
    {
      title: t('leads.lead'),
      key: 'lead',
      width: 130,
      render: (_, click) =>
        click.leadId && (
          <Button type="link" className="lead-open" onClick={() => props.onOpenLead(click.leadId as string)}>
            {t('leads.openLead')}
          </Button>
        ),
    },
  ];

  return (
    <div className="leads-clicks" data-testid="leads-clicks">
      {list.data?.masked && <MaskedNotice />}
      <div className="leads-filters">
        <VideoFilter
          value={videoId}
          options={props.videoOptions}
          loading={props.videosLoading}
          onChange={(value) => refilter(() => setVideoId(value))}
        />
        <Select
          className="leads-kind"
          aria-label={t('leads.button')}
          placeholder={t('leads.allKinds')}
          allowClear
          value={kind}
          options={CLICK_KINDS.map((value) => ({ value, label: t(`leads.clickKind.${value}`) }))}
          onChange={(value?: ClickKind) => refilter(() => setKind(value))}
        />
        <DatePicker.RangePicker
          value={range}
          placeholder={[t('leads.from'), t('leads.to')]}
          allowEmpty={false}
          onChange={(dates) => refilter(() => setRange(dates?.[0] && dates[1] ? [dates[0], dates[1]] : null))}
        />
        {list.data && (
          <Typography.Text type="secondary">{t('leads.clicksTotal', { count: list.data.total })}</Typography.Text>
        )}
      </div>
      {list.error ? (
        <ScreenFallback error={list.error} />
      ) : (
        <Table<ContactClick>
          rowKey="clickId"
          loading={list.isLoading || list.isPlaceholderData}
          dataSource={list.data?.list ?? []}
          columns={columns}
          scroll={{ x: 900 }}
          pagination={paging.pagination(list.data?.total ?? 0)}
          locale={{ emptyText: t('leads.clicksEmpty') }}
        />
      )}
    </div>
  );
}
