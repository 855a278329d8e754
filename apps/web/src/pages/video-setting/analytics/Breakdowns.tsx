import type { AnalyticsBreakdown } from '@leadreel/shared/contracts/analytics';
import { Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../format.ts';
import { countryName, deviceName, otherName, placeName } from './names.ts';

type Row = AnalyticsBreakdown['referrers'][number];
type Part = keyof AnalyticsBreakdown;

/** The breakdowns in the order shown; each is titled analytics.breakdown.<part>. */
const PARTS: Part[] = ['referrers', 'pages', 'devices', 'browsers', 'countries'];

/** Where the range's sessions came from and on what: the top few of each, as small tables. */
export function Breakdowns({ data }: { data: AnalyticsBreakdown }) {
  const { t, i18n } = useTranslation();
  const nameOf: Record<Part, (name: string) => string> = {
    referrers: (name) => placeName(name, t, 'direct'),
    pages: (name) => placeName(name, t, 'unknown'),
    devices: (name) => deviceName(name, t),
    browsers: (name) => otherName(name, t),
    countries: (name) => countryName(name, i18n.language),
  };
  return (
    <div className="analytics-breakdowns">
      {PARTS.map((part) => (
        <Card key={part} size="small" className="analytics-card" title={t(`analytics.breakdown.${part}`)}>
          <BreakdownTable rows={data[part]} name={nameOf[part]} part={part} />
        </Card>
      ))}
    </div>
  );
}

function BreakdownTable({ rows, name, part }: { rows: Row[]; name: (name: string) => string; part: Part }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    // Countries are known only when the server has a GeoIP database; say so rather than show nothing.
    const text = part === 'countries' ? t('analytics.noCountries') : t('analytics.noSessions');
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
  }
  const top = Math.max(...rows.map((row) => row.sessions));
  const columns: TableColumnsType<Row> = [
    {
      title: t(`analytics.breakdown.${part}`),
      dataIndex: 'name',
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value || undefined }} className="analytics-breakdown-name">
          {name(value)}
        </Typography.Text>
      ),
    },
    {
      title: t('analytics.sessionsCount'),
      dataIndex: 'sessions',
      width: 96,
      align: 'right',
      render: (value: number) => (
        <span className="analytics-breakdown-count">
          <span className="analytics-breakdown-bar" style={{ width: `${(value / top) * 40}px` }} />
          {formatCount(value)}
        </span>
      ),
    },
  ];
  return (
    <Table<Row> rowKey="name" size="small" showHeader={false} pagination={false} dataSource={rows} columns={columns} />
  );
}
