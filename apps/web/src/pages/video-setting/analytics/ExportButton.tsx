import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { AnalyticsSession, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsApi } from '../../../api/endpoints.ts';
import { errorText } from '../../../api/index.ts';
import { analyticsKeys } from '../../../features/analytics/queries.ts';
import type { DayRange } from '../../../features/analytics/range.ts';
import { saveFile } from '../../leads/leadQueries.ts';
import { toCsv } from './csv.ts';
import { dayRows, sessionRows } from './exportRows.ts';

/** The server's largest page of sessions (contract: analytics.sessions pageSize). */
const PAGE_SIZE = 50;
/** Sessions a file holds at most: a range with more is exported in part, and the user told so. */
export const EXPORT_MAX_SESSIONS = 10_000;

const csvFile = (rows: Parameters<typeof toCsv>[0]) => new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });

/** Downloads the range's figures by day, or its sessions, as CSV made in the browser. */
export function ExportButton(props: { videoId: string; range: DayRange; data: VideoAnalytics | undefined }) {
  const { videoId, range, data } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = (what: string) => `analytics-${range.from}_${range.to}-${what}.csv`;

  const exportSessions = async () => {
    setBusy(true);
    try {
      const sessions: AnalyticsSession[] = [];
      for (let page = 1; sessions.length < EXPORT_MAX_SESSIONS; page += 1) {
        const query = { videoId, ...range, page, pageSize: PAGE_SIZE };
        const answer = await queryClient.fetchQuery({
          queryKey: analyticsKeys.sessions(query),
          queryFn: () => analyticsApi.sessions(query),
        });
        sessions.push(...answer.list);
        if (answer.list.length === 0 || sessions.length >= answer.total) break;
      }
      if (sessions.length >= EXPORT_MAX_SESSIONS) {
        message.warning(t('analytics.export.partial', { count: EXPORT_MAX_SESSIONS }));
      }
      saveFile(csvFile(sessionRows(sessions.slice(0, EXPORT_MAX_SESSIONS), t)), name('sessions'));
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      disabled={!data}
      trigger={['click']}
      menu={{
        items: [
          { key: 'days', label: t('analytics.export.days') },
          { key: 'sessions', label: t('analytics.export.sessions') },
        ],
        onClick: ({ key }) => {
          if (key === 'sessions') void exportSessions();
          else if (data) saveFile(csvFile(dayRows(data.days, t)), name('days'));
        },
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} disabled={!data}>
        {t('analytics.export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
