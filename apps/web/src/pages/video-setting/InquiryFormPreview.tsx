import type { FieldKind } from '@leadreel/shared';
import { useTranslation } from 'react-i18next';
import type { InquiryFormData } from '../../api/endpoints.ts';
import { OverlayPreview } from './OverlaySettings.tsx';

export type FormRow = InquiryFormData['fields'][number];
export type FormSettings = Omit<InquiryFormData, 'fields'>;

export const hasOptions = (kind: FieldKind) => kind === 'choice' || kind === 'multi';
export const isLong = (kind: FieldKind) => kind === 'message' || kind === 'textarea';

/** One field as the viewer sees it: its label, and a look-alike of the box, the choices or the checkbox. */
function PreviewField({ field }: { field: FormRow }) {
  const star = field.required ? <span className="inquiry-preview-star">*</span> : null;
  if (field.kind === 'checkbox') {
    return (
      <span className="inquiry-preview-check">
        <span className="inquiry-preview-box" />
        <span>{field.label}</span>
        {star}
      </span>
    );
  }
  const options = field.options.map((option) => option.trim()).filter(Boolean);
  return (
    <span className="inquiry-preview-field">
      <span className="inquiry-preview-label">
        <span>{field.label}</span>
        {star}
      </span>
      {hasOptions(field.kind) ? (
        options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two choices may read the same while being typed
          <span key={index} className="inquiry-preview-check">
            <span className={field.kind === 'choice' ? 'inquiry-preview-radio' : 'inquiry-preview-box'} />
            <span>{option}</span>
          </span>
        ))
      ) : (
        <span className={`inquiry-preview-input${isLong(field.kind) ? ' inquiry-preview-long' : ''}`}>
          {field.placeholder}
        </span>
      )}
    </span>
  );
}

/** The form over the video's cover, as the player shows it at its moment. */
export function FormPreview({
  values,
  fields,
  cover,
}: {
  values: Partial<FormSettings>;
  fields: FormRow[];
  cover: string | null;
}) {
  const { t } = useTranslation();
  return (
    <OverlayPreview cover={cover}>
      <div className={values.enabled ? 'inquiry-preview' : 'inquiry-preview inquiry-preview-disabled'}>
        {!values.enabled && <span className="inquiry-preview-off">{t('inquiryForm.off')}</span>}
        <strong className="inquiry-preview-title">{values.title || t('inquiryForm.titlePlaceholder')}</strong>
        {values.description ? <span className="inquiry-preview-description">{values.description}</span> : null}
        {fields.map((field) => (
          <PreviewField key={field.id} field={field} />
        ))}
        <span className="inquiry-preview-actions">
          <span className="inquiry-preview-submit" style={{ background: values.submitColor }}>
            {values.submitText || t('inquiryForm.submitPlaceholder')}
          </span>
          {values.skippable && <span className="inquiry-preview-skip">{t('inquiryForm.skip')}</span>}
        </span>
      </div>
    </OverlayPreview>
  );
}
