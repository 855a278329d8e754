import {
  BUTTON_POSITIONS,
  CONTACT_LABEL_MAX,
  type ContactKind,
  EMAIL_SUBJECT_MAX,
  WHATSAPP_MESSAGE_MAX,
} from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { type ContactSetting, settingsApi, settingsKeys } from '../../api/endpoints.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { ChoiceField, TimesFields } from './fields.tsx';
import { ScreenFallback, showSaveError, useLoadOnce } from './screen.tsx';

/** The settings screens of the console contract that are contact buttons, by their route name. */
const KINDS: Record<string, ContactKind> = { whatsapp: 'whatsapp', telephone: 'telephone', email: 'email' };

/** What the viewer sees over the video: the cover, and the button in its corner with its words. */
function ButtonPreview({
  kind,
  values,
  cover,
}: {
  kind: ContactKind;
  values: Partial<ContactSetting>;
  cover: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="contact-preview" aria-label={t('contact.preview')}>
      {cover ? <img src={cover} alt="" /> : null}
      {values.enabled && (
        <span className={`contact-preview-button contact-${kind} contact-at-${values.position ?? 'bottom-right'}`}>
          {values.label || t(`contact.defaultLabel.${kind}`)}
        </span>
      )}
      {!values.enabled && <span className="contact-preview-off">{t('contact.off')}</span>}
    </section>
  );
}

/** video settings whatsapp, telephone and email: a button over the player that reaches the owner. */
export function ContactButtonSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const kind = KINDS[useLocation().pathname.split('/')[3] ?? ''] ?? 'whatsapp';
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [form] = Form.useForm<ContactSetting>();
  const [busy, setBusy] = useState(false);
  const video = useVideoDetailQuery(videoId);
  const key = settingsKeys.contact(kind, videoId);
  const setting = useQuery({ queryKey: key, queryFn: () => settingsApi.contact(kind, videoId), retry: false });
  const values = (Form.useWatch([], form) ?? {}) as Partial<ContactSetting>;

  useLoadOnce(setting.data, `${kind}:${videoId}`, (data) => form.setFieldsValue(data));

  const locked = isLocked(account, 'videoSettings');
  const error = setting.error ?? video.error;
  if (error || !setting.data || !video.data) return <ScreenFallback error={error} />;
  const current = setting.data;

  const save = async (input: ContactSetting) => {
    setBusy(true);
    try {
      const saved = await settingsApi.saveContact(kind, {
        videoId,
        setting: { ...input, showUntil: input.showUntil ?? null },
      });
      queryClient.setQueryData(key, saved);
      form.setFieldsValue(saved);
      message.success(t('contact.saved'));
    } catch (failure) {
      showSaveError(form, failure, current, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="contact-setting">
      <Typography.Title level={4}>{video.data.name}</Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      <div className="seo-columns">
        <Card>
          <Form form={form} layout="vertical" onFinish={save} requiredMark={false} disabled={locked}>
            <Form.Item name="enabled" label={t(`contact.enabled.${kind}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
            {kind === 'email' ? (
              <>
                <Form.Item name="address" label={t('contact.address')}>
                  <Input type="email" placeholder="sales@example.com" maxLength={254} />
                </Form.Item>
                <Form.Item name="subject" label={t('contact.subject')}>
                  <Input maxLength={EMAIL_SUBJECT_MAX} showCount />
                </Form.Item>
              </>
            ) : (
              <Form.Item name="number" label={t(`contact.number.${kind}`)} extra={t('contact.numberHelp')}>
                <Input type="tel" placeholder="+44 20 7946 0958" maxLength={32} />
              </Form.Item>
            )}
            {kind === 'whatsapp' && (
              <Form.Item name="message" label={t('contact.message')} extra={t('contact.messageHelp')}>
                <Input.TextArea rows={3} maxLength={WHATSAPP_MESSAGE_MAX} showCount />
              </Form.Item>
            )}
            <Form.Item name="label" label={t('contact.label')}>
              <Input placeholder={t(`contact.defaultLabel.${kind}`)} maxLength={CONTACT_LABEL_MAX} showCount />
            </Form.Item>
            <ChoiceField
              name="position"
              label={t('contact.position')}
              values={BUTTON_POSITIONS}
              prefix="contact.positions"
            />
            <TimesFields />
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('seo.save')}
            </Button>
          </Form>
        </Card>
        <Card title={t('seo.preview')}>
          <ButtonPreview kind={kind} values={values} cover={video.data.cover} />
        </Card>
      </div>
    </div>
  );
}
