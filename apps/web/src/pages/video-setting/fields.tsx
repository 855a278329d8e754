import { MAX_VIDEO_SECONDS } from '@leadreel/shared';
import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** A choice of a few values as a row of buttons (a corner, a style, a moment), each labelled `${prefix}.${value}`. */
export function ChoiceField({
  name,
  label,
  values,
  prefix,
}: {
  name: string;
  label: string;
  values: readonly string[];
  prefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label}>
      <Radio.Group optionType="button" options={values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))} />
    </Form.Item>
  );
}

/** When an overlay shows: from a second of the video until another (empty for the end). */
export function TimesFields() {
  const { t } = useTranslation();
  return (
    <div className="contact-times">
      <Form.Item name="showFrom" label={t('contact.showFrom')}>
        <InputNumber min={0} max={MAX_VIDEO_SECONDS} precision={0} addonAfter={t('share.seconds')} />
      </Form.Item>
      <Form.Item name="showUntil" label={t('contact.showUntil')} extra={t('contact.showUntilHelp')}>
        <InputNumber min={0} max={MAX_VIDEO_SECONDS} precision={0} addonAfter={t('share.seconds')} />
      </Form.Item>
    </div>
  );
}
