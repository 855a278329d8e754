import { DatePicker, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { VideoFilter } from './VideoFilter.tsx';

/** What the leads are filtered by: their video, the days they came in, a search and unread only. */
export type LeadFilterState = {
  videoId: string | undefined;
  range: [Dayjs, Dayjs] | null;
  q: string;
  unreadOnly: boolean;
};

/** The filters above the leads table; each change is one field of the state. */
export function LeadFilters(props: {
  value: LeadFilterState;
  onChange: (change: Partial<LeadFilterState>) => void;
  videoOptions: { value: string; label: string }[];
  videosLoading: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange, videoOptions, videosLoading } = props;
  return (
    <div className="leads-filters">
      <VideoFilter
        value={value.videoId}
        options={videoOptions}
        loading={videosLoading}
        onChange={(value) => onChange({ videoId: value })}
      />
      <DatePicker.RangePicker
        value={value.range}
        placeholder={[t('leads.from'), t('leads.to')]}
        allowEmpty={false}
        onChange={(dates) => onChange({ range: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null })}
      />
      <Input.Search
        className="leads-search"
        allowClear
        maxLength={100}
        placeholder={t('leads.search')}
        onSearch={(value) => onChange({ q: value.trim() })}
      />
      <span className="leads-unread-only">
        <Switch id="leads-unread-only" checked={value.unreadOnly} onChange={(on) => onChange({ unreadOnly: on })} />
        <label htmlFor="leads-unread-only">{t('leads.unreadOnly')}</label>
      </span>
    </div>
  );
}
