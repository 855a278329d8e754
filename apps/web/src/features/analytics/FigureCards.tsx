import { InfoCircleOutlined } from '@ant-design/icons';
import type { AnalyticsTotals } from '@leadreel/shared/contracts/analytics';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIGURE_KEYS, type FigureKey, figureNumbers, formatFigure, type Trend, trend } from './figures.ts';

/** A figure's change against the range before: ▲ 12%, ▼ 5%, or new; the earlier value on hover. */
function TrendText({ change, before }: { change: Trend; before: string }) {
  const { t } = useTranslation();
  const text =
    change.direction === 'new'
      ? t('analytics.trend.new')
      : `${{ up: '▲', down: '▼', flat: '' }[change.direction]} ${change.percent}%`.trim();
  const label = t('analytics.trend.before', { value: before });
  return (
    <dd className={`analytics-trend analytics-trend-${change.direction}`}>
      <Tooltip title={label}>
        <span>{text}</span>
      </Tooltip>
    </dd>
  );
}

/**
 * The range's figures, one card each (a term and its value), with what each one counts on hover; given the
 * figures of the range before, each card says how its figure moved since.
 */
export function FigureCards({
  totals,
  previous,
  keys = FIGURE_KEYS,
}: {
  totals: AnalyticsTotals;
  previous?: AnalyticsTotals;
  keys?: readonly FigureKey[];
}) {
  const { t } = useTranslation();
  const numbers = figureNumbers(totals);
  const before = previous ? figureNumbers(previous) : null;
  return (
    <dl className="analytics-figures">
      {keys.map((key) => {
        const change = before ? trend(numbers[key], before[key]) : null;
        return (
          <div key={key} className="analytics-figure" data-figure={key}>
            <dt className="analytics-figure-label">
              {t(`analytics.figure.${key}`)}
              <Tooltip title={t(`analytics.figureHelp.${key}`)}>
                <InfoCircleOutlined className="analytics-figure-help" aria-label={t(`analytics.figureHelp.${key}`)} />
              </Tooltip>
            </dt>
            <dd className="analytics-figure-value">{formatFigure(key, numbers[key])}</dd>
            {change && before ? <TrendText change={change} before={formatFigure(key, before[key])} /> : null}
          </div>
        );
      })}
    </dl>
  );
}
