import { DatePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DayRange, disabledDay, fromPicker, lastDays, RANGE_PRESETS, toPicker } from './range.ts';

/** The days the screen covers: a range picker with the usual last-N-days choices. */
export function RangeBar({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  return (
    <div className="analytics-range">
      <DatePicker.RangePicker
        aria-label={t('analytics.range')}
        value={toPicker(value)}
        format="YYYY/MM/DD"
        allowClear={false}
        allowEmpty={false}
        disabledDate={(day, info) => disabledDay(day, info.from)}
        presets={RANGE_PRESETS.map((days) => ({
          label: t('analytics.lastDays', { count: days }),
          value: toPicker(lastDays(days)),
        }))}
        onChange={(dates) => {
          if (dates?.[0] && dates[1]) onChange(fromPicker([dates[0], dates[1]]));
        }}
      />
      <Typography.Text type="secondary" className="analytics-utc">
        {t('analytics.utc')}
      </Typography.Text>
    </div>
  );
}
