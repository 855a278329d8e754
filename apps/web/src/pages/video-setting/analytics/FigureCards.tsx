import { InfoCircleOutlined } from '@ant-design/icons';
import type { AnalyticsTotals } from '@leadreel/shared/contracts/analytics';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIGURE_KEYS, figureValues } from './figures.ts';

/** The range's figures, one card each (a term and its value), with what each one counts on hover. */
export function FigureCards({ totals }: { totals: AnalyticsTotals }) {
  const { t } = useTranslation();
  const values = figureValues(totals);
  return (
    <dl className="analytics-figures">
      {FIGURE_KEYS.map((key) => (
        <div key={key} className="analytics-figure" data-figure={key}>
          <dt className="analytics-figure-label">
            {t(`analytics.figure.${key}`)}
            <Tooltip title={t(`analytics.figureHelp.${key}`)}>
              <InfoCircleOutlined className="analytics-figure-help" aria-label={t(`analytics.figureHelp.${key}`)} />
            </Tooltip>
          </dt>
          <dd className="analytics-figure-value">{values[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
