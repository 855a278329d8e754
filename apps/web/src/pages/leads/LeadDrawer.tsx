import type { ContactClick, Lead } from '@leadreel/shared';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { formatDateMinute } from '../../format.ts';
import { EMPTY, formatSecond, leadName, useLeadDetailQuery } from './leadQueries.ts';

/** A lead's text, exactly as typed: React renders it as text, and CSS keeps its line breaks. */
export const LeadText = ({ value }: { value: string }) => <span className="lead-text">{value || EMPTY}</span>;

/**
 * The viewer's contact clicks and their submission in the order they happened (clicks at the same moment
 * as the submission came before it: the server counts them as before).
 */
function LeadTimeline({ lead, clicks }: { lead: Lead; clicks: ContactClick[] }) {
  const { t } = useTranslation();
  const entries = [
    ...clicks.map((click) => ({ at: click.createdAt, order: 0, click })),
    { at: lead.createdAt, order: 1, click: null },
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  return (
    <div className="lead-timeline" data-testid="lead-timeline">
      <Typography.Title level={5}>{t('leads.timeline')}</Typography.Title>
      {clicks.length === 0 && <Typography.Paragraph type="secondary">{t('leads.timelineEmpty')}</Typography.Paragraph>}
      <Timeline
        items={entries.map(({ at, click }) =>
          click
            ? {
                key: click.clickId,
                color: 'blue',
                className: 'lead-timeline-click',
                title: formatDateMinute(at),
                content: (
                  <>
                    <div>
                      {t('leads.timelineClick', {
                        kind: t(`leads.clickKind.${click.kind}`),
                        video: click.videoName,
                        second: formatSecond(click.second),
                      })}
                    </div>
                    <LeadText value={click.pageUrl} />
                  </>
                ),
              }
            : {
                key: 'lead',
                color: 'green',
                className: 'lead-timeline-submitted',
                title: formatDateMinute(at),
                content: t('leads.timelineSubmitted'),
              },
        )}
      />
    </div>
  );
}

/**
 * One lead: answers, where and when, and its viewer's timeline, from the detail endpoint. A lead opened from
 * the list shows at once from the row while the detail comes.
 */
export function LeadDrawer(props: {
  leadId: string | null;
  /** The row the lead was opened from, if any. */
  initial: Lead | null;
  busy: boolean;
  onClose: () => void;
  onMarkUnread: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}) {
  const { t } = useTranslation();
  const detail = useLeadDetailQuery(props.leadId);
  const loaded = detail.data?.lead.leadId === props.leadId ? detail.data : undefined;
  const lead = loaded?.lead ?? (props.initial?.leadId === props.leadId ? props.initial : null);
  const known = new Set(lead?.fields.map((field) => field.id));
  // Answers to fields the lead no longer labels still show, under their id.
  const fields = lead
    ? [
        ...lead.fields,
        ...Object.keys(lead.answers)
          .filter((id) => !known.has(id))
          .map((id) => ({ id, label: id })),
      ]
    : [];
  return (
    <Drawer
      open={props.leadId !== null}
      size={520}
      title={lead ? leadName(lead) : ''}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        lead && (
          <Space>
            <Button size="small" disabled={props.busy} onClick={() => props.onMarkUnread(lead)}>
              {t('leads.markUnread')}
            </Button>
            <Popconfirm
              title={t('leads.deleteConfirm', { count: 1 })}
              description={t('leads.deleteText')}
              okText={t('leads.delete')}
              cancelText={t('leads.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => props.onDelete(lead)}
            >
              <Button size="small" danger disabled={props.busy}>
                {t('leads.delete')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {!lead && detail.isLoading && <Skeleton active />}
      {lead && (
        <div className="lead-detail">
          <Descriptions
            title={t('leads.answers')}
            column={1}
            bordered
            size="small"
            items={fields.map((field) => ({
              key: field.id,
              label: field.label,
              children: <LeadText value={lead.answers[field.id] ?? ''} />,
            }))}
          />
          <Descriptions
            title={t('leads.details')}
            column={1}
            bordered
            size="small"
            items={[
              {
                key: 'video',
                label: t('leads.video'),
                children: (
                  <LeadText value={lead.videoId ? lead.videoName : t('leads.videoDeleted', { name: lead.videoName })} />
                ),
              },
              { key: 'second', label: t('leads.second'), children: formatSecond(lead.second) },
              ...(lead.siteName
                ? [{ key: 'site', label: t('leads.site'), children: <LeadText value={lead.siteName} /> }]
                : []),
              { key: 'page', label: t('leads.page'), children: <LeadText value={lead.pageUrl} /> },
              { key: 'referrer', label: t('leads.referrer'), children: <LeadText value={lead.referrer} /> },
              { key: 'language', label: t('leads.language'), children: <LeadText value={lead.language} /> },
              { key: 'date', label: t('leads.date'), children: formatDateMinute(lead.createdAt) },
            ]}
          />
          {loaded ? (
            <LeadTimeline lead={loaded.lead} clicks={loaded.clicks} />
          ) : detail.error ? (
            <Alert type="error" showIcon title={errorText(detail.error)} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </div>
      )}
    </Drawer>
  );
}
