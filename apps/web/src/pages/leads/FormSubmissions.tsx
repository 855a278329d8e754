import { type Lead, type LeadExportFormat, type LeadFilter, videoIdField } from '@leadreel/shared';
import { App, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { leadsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useVideoDetailQuery, useVideoListQuery } from '../../api/queries.ts';
import { ScreenFallback } from '../video-setting/screen.tsx';
import { ContactClicks } from './ContactClicks.tsx';
import { LeadActions } from './LeadActions.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';
import { LeadFilters } from './LeadFilters.tsx';
import { MaskedNotice } from './LeadStates.tsx';
import { LeadTable } from './LeadTable.tsx';
import {
  saveFile,
  useDeleteLeads,
  useLeadDetailQuery,
  useLeadListQuery,
  useMarkLeads,
  usePaging,
} from './leadQueries.ts';

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

/** spec "form-submit-data | form submissions": the account's leads, filtered, read and exported. */
export function FormSubmissions() {
  const [params] = useSearchParams();
  const wanted = params.get('videoId');
  // A link with another ?videoId (the video submissions dialog's) starts the screen afresh with that filter.
  const videoId = wanted && videoIdField.safeParse(wanted).success ? wanted : undefined;
  return <SubmissionsScreen key={videoId ?? ''} initialVideoId={videoId} />;
}

function SubmissionsScreen({ initialVideoId }: { initialVideoId: string | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [videoId, setVideoId] = useState(initialVideoId);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [q, setQ] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const paging = usePaging(PAGE_SIZE);
  const { page, pageSize, setPage } = paging;
  const [selected, setSelected] = useState<string[]>([]);
  // The open lead: its id, and the row it was opened from (none for the mail's link or a click's lead).
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [opened, setOpened] = useState<Lead | null>(null);
  const [exporting, setExporting] = useState<LeadExportFormat | null>(null);
  const tab = params.get('tab') === 'clicks' ? 'clicks' : 'leads';
  // The lead a notification mail links to, opened by its id: it need not be on the first page.
  const pendingLead = useRef(params.get('lead'));
  const detail = useLeadDetailQuery(openedId);

  const filter: LeadFilter = {
    videoId,
    from: range?.[0].format(DAY),
    to: range?.[1].format(DAY),
    q: q || undefined,
    unread: unreadOnly ? '1' : undefined,
  };
  const list = useLeadListQuery({ ...filter, page, pageSize });
  const marking = useMarkLeads();
  const deleting = useDeleteLeads();
  const rows = list.data?.list ?? [];
  const masked = list.data?.masked ?? false;

  const videos = useVideoListQuery({ sort: 'name', order: 'asc', pageSize: 100 });
  const options = (videos.data?.list ?? []).map((video) => ({ value: video.videoId, label: video.name }));
  const listed = !videoId || options.some((option) => option.value === videoId);
  const nameFromLeads = rows.find((lead) => lead.videoId === videoId)?.videoName;
  // A chosen video beyond the first hundred (or only named by the URL) still shows its name.
  const chosen = useVideoDetailQuery(!listed && videos.data && !nameFromLeads ? (videoId ?? null) : null);
  if (videoId && !listed) options.unshift({ value: videoId, label: nameFromLeads ?? chosen.data?.name ?? videoId });

  const refilter = (change: () => void) => {
    change();
    setPage(1);
    setSelected([]);
  };

  const markOpened = (lead: Lead) => {
    if (!lead.read) {
      marking.mutate({ leadIds: [lead.leadId], read: true }, { onError: (error) => message.error(errorText(error)) });
    }
  };
  const open = (lead: Lead) => {
    setOpenedId(lead.leadId);
    setOpened(lead);
    markOpened(lead);
  };
  const openById = (leadId: string) => {
    setOpenedId(leadId);
    setOpened(null);
  };
  const close = () => {
    setOpenedId(null);
    setOpened(null);
  };

  // A lead opened by its id: read once it is there; a link to a lead that is gone says so.
  useEffect(() => {
    if (!openedId || opened) return;
    if (detail.data?.lead.leadId === openedId) {
      setOpened(detail.data.lead);
      markOpened(detail.data.lead);
    } else if (detail.error) {
      message.warning(errorText(detail.error));
      close();
    }
  });

  useEffect(() => {
    const wanted = pendingLead.current;
    if (!wanted) return;
    pendingLead.current = null;
    if (videoIdField.safeParse(wanted).success) openById(wanted);
    else message.warning(t('errors.lead_not_found'));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('lead');
        return next;
      },
      { replace: true },
    );
  });

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      return true;
    } catch (error) {
      message.error(errorText(error));
      return false;
    }
  };
  const mark = async (leadIds: string[], read: boolean) => {
    if (await act(() => marking.mutateAsync({ leadIds, read }), t('leads.updated'))) setSelected([]);
  };
  const remove = async (leadIds: string[]) => {
    if (!(await act(() => deleting.mutateAsync(leadIds), t('leads.deleted')))) return;
    setSelected((keys) => keys.filter((key) => !leadIds.includes(key)));
    // The last rows of the last page gone: show the page before.
    if (page > 1 && leadIds.length >= rows.length) setPage(page - 1);
  };
  const exportLeads = async (format: LeadExportFormat) => {
    setExporting(format);
    try {
      const file = await leadsApi.exportFile(filter, format);
      saveFile(file.blob, file.filename);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setExporting(null);
    }
  };
  const switchTab = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (key === 'clicks') next.set('tab', 'clicks');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  const busy = marking.isPending || deleting.isPending;
  return (
    <div className="leads-page">
      <div className="leads-head">
        <Typography.Title level={4}>{t('route.form-submit-data')}</Typography.Title>
        {list.data && list.data.unread > 0 && (
          <Tag color="blue">{t('leads.unreadCount', { count: list.data.unread })}</Tag>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={[
          {
            key: 'leads',
            label: t('leads.submissions'),
            children: (
              <>
                {masked && <MaskedNotice />}
                <LeadFilters
                  value={{ videoId, range, q, unreadOnly }}
                  onChange={(change) =>
                    refilter(() => {
                      if ('videoId' in change) setVideoId(change.videoId);
                      if (change.range !== undefined) setRange(change.range);
                      if (change.q !== undefined) setQ(change.q);
                      if (change.unreadOnly !== undefined) setUnreadOnly(change.unreadOnly);
                    })
                  }
                  videoOptions={options}
                  videosLoading={videos.isLoading}
                />
                {list.error ? (
                  <ScreenFallback error={list.error} />
                ) : (
                  <>
                    <LeadActions
                      selected={selected.length}
                      busy={busy}
                      exporting={exporting}
                      canExport={!masked && Boolean(list.data) && (list.data?.total ?? 0) > 0}
                      on={{
                        mark: (read) => void mark(selected, read),
                        remove: () => remove(selected),
                        export: (format) => void exportLeads(format),
                      }}
                    />
                    <LeadTable
                      rows={rows}
                      loading={list.isLoading || list.isPlaceholderData}
                      selected={selected}
                      onSelect={setSelected}
                      onOpen={open}
                      pagination={paging.pagination(list.data?.total ?? 0, () => setSelected([]))}
                    />
                  </>
                )}
              </>
            ),
          },
          {
            key: 'clicks',
            label: <span data-testid="leads-tab-clicks">{t('leads.tabClicks')}</span>,
            children: (
              <ContactClicks
                initialVideoId={initialVideoId}
                videoOptions={options}
                videosLoading={videos.isLoading}
                onOpenLead={openById}
              />
            ),
          },
        ]}
      />
      <LeadDrawer
        leadId={openedId}
        initial={opened}
        busy={busy}
        onClose={close}
        onMarkUnread={(lead) => {
          close();
          void mark([lead.leadId], false);
        }}
        onDelete={(lead) => {
          close();
          void remove([lead.leadId]);
        }}
      />
    </div>
  );
}
