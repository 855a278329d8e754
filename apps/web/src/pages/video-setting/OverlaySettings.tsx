import {
  ACTION_STYLES,
  ACTION_TEXT_MAX,
  ACTION_TIMINGS,
  BUTTON_POSITIONS,
  type OverlayKind,
  type OverlaySettings,
  SHARE_NETWORKS,
  type SuperActionSetting as SuperActionValues,
  WIDGET_CHANNELS,
  WIDGET_MESSAGE_MAX,
  WIDGET_POSITIONS,
  WIDGET_TITLE_MAX,
} from '@leadreel/shared';
import { Alert, Button, Card, Checkbox, Form, Input, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, TimesFields } from './fields.tsx';
import { ScreenFallback } from './screen.tsx';
import { useOverlayScreen } from './useOverlayScreen.ts';

/** The cover as the viewer sees it before play, with the overlay drawn over it. */
export function OverlayPreview({ cover, children }: { cover: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="contact-preview" aria-label={t('contact.preview')}>
      {cover ? <img src={cover} alt="" /> : null}
      {children}
    </section>
  );
}

/** The frame every overlay screen shares: the video's name, the lock notice, the form beside its preview. */
export function OverlayFrame({
  title,
  locked,
  notice,
  form,
  preview,
}: {
  title: string;
  locked: boolean;
  notice?: ReactNode;
  form: ReactNode;
  preview: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="contact-setting">
      <Typography.Title level={4}>{title}</Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" message={t('errors.plan_period')} />}
      {notice}
      <div className="seo-columns">
        <Card>{form}</Card>
        <Card title={t('seo.preview')}>{preview}</Card>
      </div>
    </div>
  );
}

function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" loading={busy}>
      {t('seo.save')}
    </Button>
  );
}

/** An overlay screen's form: its on/off switch first, its own fields, the save button; locked when Frozen. */
function OverlayForm<K extends OverlayKind>({
  screen,
  enabledLabel,
  onFinish,
  children,
}: {
  screen: ReturnType<typeof useOverlayScreen<K>>;
  enabledLabel: string;
  onFinish: (input: OverlaySettings[K]) => void;
  children: ReactNode;
}) {
  return (
    <Form form={screen.form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={screen.locked}>
      <Form.Item name="enabled" label={enabledLabel} valuePropName="checked">
        <Switch />
      </Form.Item>
      {children}
      <SaveButton busy={screen.busy} />
    </Form>
  );
}

/** What the preview shows while an overlay is off. */
function OffPreview() {
  const { t } = useTranslation();
  return <span className="contact-preview-off">{t('overlay.off')}</span>;
}

/** spec §2 super-action: a call to action over the video, as a button or a banner, at set times or at the end. */
export function SuperActionSetting() {
  const { t } = useTranslation();
  const screen = useOverlayScreen('superAction');
  const { values, video, locked } = screen;
  if (screen.error || !screen.setting.data || !video.data) return <ScreenFallback error={screen.error} />;
  const save = (input: SuperActionValues) => screen.save({ ...input, showUntil: input.showUntil ?? null });
  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      form={
        <OverlayForm<'superAction'> screen={screen} enabledLabel={t('overlay.action.enabled')} onFinish={save}>
          <Form.Item name="text" label={t('overlay.action.text')}>
            <Input placeholder={t('overlay.action.textPlaceholder')} maxLength={ACTION_TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item name="link" label={t('overlay.action.link')}>
            <Input type="url" placeholder="https://example.com/demo" maxLength={2000} />
          </Form.Item>
          <ChoiceField
            name="style"
            label={t('overlay.action.style')}
            values={ACTION_STYLES}
            prefix="overlay.action.styles"
          />
          {values.style !== 'banner' && (
            <ChoiceField
              name="position"
              label={t('contact.position')}
              values={BUTTON_POSITIONS}
              prefix="contact.positions"
            />
          )}
          <ChoiceField
            name="timing"
            label={t('overlay.action.timing')}
            values={ACTION_TIMINGS}
            prefix="overlay.action.timings"
          />
          {values.timing === 'during' && <TimesFields />}
        </OverlayForm>
      }
      preview={
        <OverlayPreview cover={video.data.cover}>
          {values.enabled ? (
            <span
              className={
                values.style === 'banner'
                  ? 'action-preview-banner'
                  : `contact-preview-button contact-at-${values.position ?? 'bottom-left'}`
              }
            >
              {values.text || t('overlay.action.textPlaceholder')}
            </span>
          ) : (
            <OffPreview />
          )}
        </OverlayPreview>
      }
    />
  );
}

/** spec §2 widget: one floating bubble that opens the channels the contact screens filled in. */
export function WidgetSetting() {
  const { t } = useTranslation();
  const screen = useOverlayScreen('widget');
  const { values, video, locked } = screen;
  if (screen.error || !screen.setting.data || !video.data) return <ScreenFallback error={screen.error} />;
  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      form={
        <OverlayForm<'widget'> screen={screen} enabledLabel={t('overlay.widget.enabled')} onFinish={screen.save}>
          <Form.Item name="channels" label={t('overlay.widget.channels')} extra={t('overlay.widget.channelsHelp')}>
            <Checkbox.Group
              options={WIDGET_CHANNELS.map((channel) => ({
                value: channel,
                label: t(`overlay.widget.channel.${channel}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t('overlay.widget.title')}>
            <Input placeholder={t('overlay.widget.titlePlaceholder')} maxLength={WIDGET_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="message" label={t('overlay.widget.message')}>
            <Input.TextArea rows={2} maxLength={WIDGET_MESSAGE_MAX} showCount />
          </Form.Item>
          <ChoiceField
            name="position"
            label={t('contact.position')}
            values={WIDGET_POSITIONS}
            prefix="contact.positions"
          />
        </OverlayForm>
      }
      preview={
        <OverlayPreview cover={video.data.cover}>
          {values.enabled ? (
            <span className={`widget-preview contact-at-${values.position ?? 'bottom-right'}`}>
              <span className="widget-preview-panel">
                {values.message && <span>{values.message}</span>}
                {(values.channels ?? []).map((channel) => (
                  <span key={channel} className="widget-preview-link">
                    {t(`overlay.widget.channel.${channel}`)}
                  </span>
                ))}
              </span>
              <span className="contact-preview-button widget-preview-bubble">
                {values.title || t('overlay.widget.titlePlaceholder')}
              </span>
            </span>
          ) : (
            <OffPreview />
          )}
        </OverlayPreview>
      }
    />
  );
}

/** spec §2 share: which networks the player and the watch page offer. */
export function ShareSetting() {
  const { t } = useTranslation();
  const screen = useOverlayScreen('share');
  const { values, video, locked } = screen;
  if (screen.error || !screen.setting.data || !video.data) return <ScreenFallback error={screen.error} />;
  const name = (network: string) => t(`overlay.share.network.${network}`);
  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      form={
        <OverlayForm<'share'> screen={screen} enabledLabel={t('overlay.share.enabled')} onFinish={screen.save}>
          <Form.Item name="networks" label={t('overlay.share.networks')} extra={t('overlay.share.networksHelp')}>
            <Checkbox.Group options={SHARE_NETWORKS.map((network) => ({ value: network, label: name(network) }))} />
          </Form.Item>
        </OverlayForm>
      }
      preview={
        <section className="share-networks" aria-label={t('contact.preview')}>
          {values.enabled && (values.networks ?? []).length > 0 ? (
            (values.networks ?? []).map((network) => (
              <span key={network} className="share-preview-chip">
                {name(network)}
              </span>
            ))
          ) : (
            <Typography.Text type="secondary">{t('overlay.off')}</Typography.Text>
          )}
        </section>
      }
    />
  );
}
