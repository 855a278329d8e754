import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  CUSTOM_FIELDS,
  FIELD_LABEL_MAX,
  FIELD_PLACEHOLDER_MAX,
  type FieldKind,
  FORM_DESCRIPTION_MAX,
  FORM_FIELDS_MAX,
  FORM_MOMENTS,
  FORM_SUBMIT_MAX,
  FORM_THANKS_MAX,
  FORM_TITLE_MAX,
  MAX_VIDEO_SECONDS,
  STANDARD_FIELDS,
} from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Select, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { formApi, type InquiryFormData } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { ChoiceField } from './fields.tsx';
import { FormPreview, type FormRow, type FormSettings, hasOptions } from './InquiryFormPreview.tsx';
import { OverlayFrame } from './OverlaySettings.tsx';
import { ScreenFallback, useLoadOnce } from './screen.tsx';

/** Everything but the fields list, which lives in its own state (rows are added, moved and removed). */

const SETTING_NAMES = [
  'enabled',
  'title',
  'description',
  'submitText',
  'submitColor',
  'thanksMessage',
  'redirectUrl',
  'moment',
  'second',
  'skippable',
  'oncePerViewer',
] as const;

const isStandard = (kind: FieldKind) => (STANDARD_FIELDS as readonly string[]).includes(kind);
const hasPlaceholder = (kind: FieldKind) => kind !== 'checkbox' && !hasOptions(kind);

/** A new field's id: a standard kind is named by its kind, a custom one takes the next fN after those on the form. */
function nextFieldId(kind: FieldKind, fields: FormRow[]): string {
  if (isStandard(kind)) return kind;
  const numbers = fields.map((field) => Number(/^f(\d+)$/.exec(field.id)?.[1] ?? 0));
  return `f${Math.max(0, ...numbers) + 1}`;
}

/** A field as it is sent: choices trimmed, empty lines dropped, and only on the kinds that have them. */
function cleanField(field: FormRow): FormRow {
  const options = hasOptions(field.kind) ? field.options.map((option) => option.trim()).filter(Boolean) : [];
  return { ...field, options };
}

/** Where a refusal belongs: `form.fields` above the list, `form.fields.N...` under that row, a setting under it. */
type Refusal = { at: 'list' } | { at: 'row'; index: number } | { at: 'setting'; name: string } | { at: 'message' };
function placeOf(failure: unknown, moment: string | undefined): Refusal {
  const path = failure instanceof ApiError ? failure.field?.replace(/^form\./, '') : undefined;
  if (!path) return { at: 'message' };
  const row = /^fields\.(\d+)(\.|$)/.exec(path);
  if (row) return { at: 'row', index: Number(row[1]) };
  if (path === 'fields') return { at: 'list' };
  if (path === 'second' && moment !== 'at') return { at: 'message' };
  return (SETTING_NAMES as readonly string[]).includes(path) ? { at: 'setting', name: path } : { at: 'message' };
}

/** One row of the fields list: what kind it is, its words, whether it is required, its choices, its place. */
function FieldRow({
  field,
  index,
  count,
  locked,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  field: FormRow;
  index: number;
  count: number;
  locked: boolean;
  error: string | null;
  onChange: (patch: Partial<FormRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = `inquiry-field-${field.id}`;
  return (
    <fieldset className="inquiry-field">
      <legend className="inquiry-field-kind">
        {t('inquiryForm.field', { n: index + 1, kind: t(`inquiryForm.kinds.${field.kind}`) })}
      </legend>
      <span className="inquiry-field-actions">
        <Tooltip title={t('inquiryForm.moveUp')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('inquiryForm.moveUp')}
            disabled={locked || index === 0}
            onClick={() => onMove(-1)}
          />
        </Tooltip>
        <Tooltip title={t('inquiryForm.moveDown')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('inquiryForm.moveDown')}
            disabled={locked || index === count - 1}
            onClick={() => onMove(1)}
          />
        </Tooltip>
        <Tooltip title={t('inquiryForm.remove')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('inquiryForm.remove')}
            disabled={locked || count === 1}
            onClick={onRemove}
          />
        </Tooltip>
      </span>
      <div className="inquiry-field-grid">
        <Form.Item label={t('inquiryForm.label')} htmlFor={`${id}-label`}>
          <Input
            id={`${id}-label`}
            value={field.label}
            maxLength={FIELD_LABEL_MAX}
            onChange={(event) => onChange({ label: event.target.value })}
          />
        </Form.Item>
        {hasPlaceholder(field.kind) && (
          <Form.Item label={t('inquiryForm.placeholder')} htmlFor={`${id}-placeholder`}>
            <Input
              id={`${id}-placeholder`}
              value={field.placeholder}
              maxLength={FIELD_PLACEHOLDER_MAX}
              onChange={(event) => onChange({ placeholder: event.target.value })}
            />
          </Form.Item>
        )}
      </div>
      {hasOptions(field.kind) && (
        <Form.Item label={t('inquiryForm.options')} htmlFor={`${id}-options`} extra={t('inquiryForm.optionsHelp')}>
          <Input.TextArea
            id={`${id}-options`}
            rows={3}
            value={field.options.join('\n')}
            onChange={(event) => onChange({ options: event.target.value.split('\n') })}
          />
        </Form.Item>
      )}
      <Checkbox checked={field.required} onChange={(event) => onChange({ required: event.target.checked })}>
        {t('inquiryForm.required')}
      </Checkbox>
      {error && (
        <div className="inquiry-field-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/**
 * inquiry-form: the form the player shows over the video (before play, at a second, on pause or at
 * the end) to collect a viewer's details, with its fields, words, button and what follows a submission.
 */
export function InquiryFormSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [form] = Form.useForm<FormSettings>();
  const [fields, setFields] = useState<FormRow[] | null>(null);
  const [refusal, setRefusal] = useState<{ place: Refusal; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const video = useVideoDetailQuery(videoId);
  const key = routeKey('forms.config', { videoId });
  const setting = useQuery({ queryKey: key, queryFn: () => formApi.form(videoId), retry: false });
  const values = (Form.useWatch([], form) ?? {}) as Partial<FormSettings>;

  useLoadOnce(setting.data, videoId, ({ fields: loaded, ...rest }) => {
    form.setFieldsValue(rest);
    setFields(loaded);
  });

  const locked = isLocked(account, 'videoSettings');
  const error = setting.error ?? video.error;
  if (error || !setting.data || !video.data) return <ScreenFallback error={error} />;
  const current = setting.data;
  const rows = fields ?? current.fields;

  const edit = (next: FormRow[]) => {
    setFields(next);
    setRefusal(null);
  };
  const update = (index: number, patch: Partial<FormRow>) =>
    edit(rows.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    edit(next);
  };
  const add = (kind: FieldKind) =>
    edit([
      ...rows,
      {
        id: nextFieldId(kind, rows),
        kind,
        label: t(`inquiryForm.defaultLabel.${kind}`),
        placeholder: '',
        required: false,
        options: [],
      },
    ]);

  const unused = STANDARD_FIELDS.filter((kind) => !rows.some((field) => field.kind === kind));
  const kindOption = (kind: FieldKind) => ({ value: kind, label: t(`inquiryForm.kinds.${kind}`) });
  const addOptions = [
    { label: t('inquiryForm.standardFields'), options: unused.map(kindOption) },
    { label: t('inquiryForm.customFields'), options: CUSTOM_FIELDS.map(kindOption) },
  ].filter((group) => group.options.length > 0);
  const full = rows.length >= FORM_FIELDS_MAX;

  /** Sends the whole form: the settings (a hidden second keeps its value) and the list as it stands. */
  const save = async () => {
    const all = { ...current, ...(form.getFieldsValue(true) as Partial<FormSettings>) };
    const body: InquiryFormData = {
      enabled: all.enabled,
      title: all.title ?? '',
      description: all.description ?? '',
      fields: rows.map(cleanField),
      submitText: all.submitText ?? '',
      submitColor: all.submitColor,
      thanksMessage: all.thanksMessage ?? '',
      redirectUrl: all.redirectUrl ?? '',
      moment: all.moment,
      second: all.second ?? 0,
      skippable: all.skippable,
      oncePerViewer: all.oncePerViewer,
    };
    setBusy(true);
    setRefusal(null);
    try {
      const saved = await formApi.saveForm({ videoId, form: body });
      queryClient.setQueryData(key, saved);
      const { fields: kept, ...rest } = saved;
      form.setFieldsValue(rest);
      setFields(kept);
      message.success(t('inquiryForm.saved'));
    } catch (failure) {
      const place = placeOf(failure, all.moment);
      const text = errorText(failure);
      if (place.at === 'setting') form.setFields([{ name: place.name as keyof FormSettings, errors: [text] }]);
      else if (place.at === 'message') message.error(text);
      else setRefusal({ place, text });
    } finally {
      setBusy(false);
    }
  };

  const listError = refusal?.place.at === 'list' ? refusal.text : null;
  const rowError = (index: number) =>
    refusal?.place.at === 'row' && refusal.place.index === index ? refusal.text : null;

  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      form={
        <Form
          form={form}
          name="inquiryForm"
          layout="vertical"
          onFinish={() => void save()}
          requiredMark={false}
          disabled={locked}
        >
          <Form.Item name="enabled" label={t('inquiryForm.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="title" label={t('inquiryForm.title')}>
            <Input placeholder={t('inquiryForm.titlePlaceholder')} maxLength={FORM_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="description" label={t('inquiryForm.description')}>
            <Input.TextArea
              rows={2}
              placeholder={t('inquiryForm.descriptionPlaceholder')}
              maxLength={FORM_DESCRIPTION_MAX}
              showCount
            />
          </Form.Item>
          <section className="inquiry-fields" aria-label={t('inquiryForm.fields')}>
            <Typography.Title level={5}>{t('inquiryForm.fields')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('inquiryForm.fieldsHelp')}</Typography.Paragraph>
            {listError && <Alert type="error" showIcon className="inquiry-fields-error" title={listError} />}
            {rows.map((field, index) => (
              <FieldRow
                key={field.id}
                field={field}
                index={index}
                count={rows.length}
                locked={locked}
                error={rowError(index)}
                onChange={(patch) => update(index, patch)}
                onMove={(by) => move(index, by)}
                onRemove={() => edit(rows.filter((_, at) => at !== index))}
              />
            ))}
            <Select<FieldKind>
              // A new list when the standard kinds left change: a closed list keeps what it last showed.
              key={unused.join()}
              className="inquiry-add"
              aria-label={t('inquiryForm.addField')}
              placeholder={t('inquiryForm.addField')}
              value={null}
              options={addOptions}
              disabled={locked || full}
              onChange={(kind) => add(kind)}
            />
            {full && (
              <Typography.Paragraph type="secondary" className="inquiry-fields-full">
                {t('inquiryForm.fieldsFull', { count: FORM_FIELDS_MAX })}
              </Typography.Paragraph>
            )}
          </section>
          <div className="contact-times">
            <Form.Item name="submitText" label={t('inquiryForm.submitText')}>
              <Input placeholder={t('inquiryForm.submitPlaceholder')} maxLength={FORM_SUBMIT_MAX} showCount />
            </Form.Item>
            <Form.Item name="submitColor" label={t('inquiryForm.submitColor')}>
              <Input type="color" className="color-input" />
            </Form.Item>
          </div>
          <Form.Item name="thanksMessage" label={t('inquiryForm.thanksMessage')}>
            <Input.TextArea
              rows={2}
              placeholder={t('inquiryForm.thanksPlaceholder')}
              maxLength={FORM_THANKS_MAX}
              showCount
            />
          </Form.Item>
          <Form.Item name="redirectUrl" label={t('inquiryForm.redirectUrl')} extra={t('inquiryForm.redirectHelp')}>
            <Input type="url" placeholder="https://example.com/thank-you" maxLength={2000} />
          </Form.Item>
          <ChoiceField
            name="moment"
            label={t('inquiryForm.moment')}
            values={FORM_MOMENTS}
            prefix="inquiryForm.moments"
          />
          {values.moment === 'at' && (
            <Form.Item name="second" label={t('inquiryForm.second')}>
              <InputNumber min={0} max={MAX_VIDEO_SECONDS} precision={0} suffix={t('share.seconds')} />
            </Form.Item>
          )}
          <Form.Item name="skippable" label={t('inquiryForm.skippable')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="oncePerViewer"
            label={t('inquiryForm.oncePerViewer')}
            extra={t('inquiryForm.oncePerViewerHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('seo.save')}
          </Button>
        </Form>
      }
      preview={<FormPreview values={values} fields={rows} cover={video.data.cover} />}
    />
  );
}
