import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which currency prices are shown (and charged) in; nothing to choose when one is sold. */
export function CurrencySwitch(props: { currencies: string[]; value: string; onChange: (currency: string) => void }) {
  const { t } = useTranslation();
  if (props.currencies.length < 2) return null;
  return (
    <Segmented<string>
      aria-label={t('billing.currency')}
      value={props.value}
      onChange={props.onChange}
      options={props.currencies}
    />
  );
}
