import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The "which video" filter of the submissions and contact-clicks tabs: searchable, cleared for all videos. */
export function VideoFilter(props: {
  value: string | undefined;
  options: { value: string; label: string }[];
  loading: boolean;
  onChange: (videoId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      className="leads-video"
      aria-label={t('leads.video')}
      placeholder={t('leads.allVideos')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={props.loading}
      value={props.value}
      options={props.options}
      onChange={(value?: string) => props.onChange(value)}
    />
  );
}
