import {
  ACTION_STYLES,
  ACTION_TEXT_MAX,
  ACTION_TIMINGS,
  BUTTON_POSITIONS,
  CORNERS,
  type Corner,
  type OverlayKind,
  type OverlaySettings,
  PLAYER_CORNERS,
  SHARE_NETWORKS,
  type SlotItem,
  type SuperActionSetting as SuperActionValues,
  sharedWith,
  stackCorners,
  WIDGET_CHANNELS,
  WIDGET_MESSAGE_MAX,
  WIDGET_POSITIONS,
  WIDGET_TITLE_MAX,
} from '@leadreel/shared';
import { Alert, Button, Card, Checkbox, Form, Input, Switch, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, TimesFields } from './fields.tsx';
import { ScreenFallback } from './screen.tsx';
import { useOverlayScreen } from './useOverlayScreen.ts';
import './player-preview.css';

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

/** A thing a screen previews in its corner of the player. */
export type PreviewThing = { item: SlotItem; corner: Corner; node: ReactNode };

const CONTROL_ICONS = {
  play: 'M8 5v14l11-7z',
  fullscreen: 'M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z',
};

/**
 * The player as a viewer sees it: the cover, the player's own Share button, "powered by" mark (without the
 * owner's branding) and controls, and this screen's things stacked in the same corner slots the player uses
 * (shared/contracts/slots.ts), so the owner sees where each goes and what shares its corner.
 */
export function PlayerPreview({
  cover,
  things,
  mark,
  banner,
  color = '#1677ff',
}: {
  cover: string | null;
  things: PreviewThing[];
  mark: boolean;
  banner?: ReactNode;
  color?: string;
}) {
  const { t } = useTranslation();
  const own: PreviewThing[] = [
    {
      item: 'share',
      corner: PLAYER_CORNERS.share,
      node: <span className="player-preview-share">{t('overlay.slots.share')}</span>,
    },
  ];
  if (mark) {
    own.push({
      item: 'mark',
      corner: PLAYER_CORNERS.mark,
      node: <span className="player-preview-mark">{t('overlay.slots.mark')}</span>,
    });
  }
  const stacks = stackCorners([...own, ...things]);
  return (
    <section className="contact-preview player-preview" aria-label={t('contact.preview')}>
      {cover ? <img src={cover} alt="" /> : null}
      <div className="player-preview-slots">
        {CORNERS.map((corner) => (
          <div
            key={corner}
            className={`player-preview-slot player-preview-${corner}`}
            data-testid={`preview-${corner}`}
          >
            {stacks[corner].map((thing) => (
              <Fragment key={thing.item}>{thing.node}</Fragment>
            ))}
          </div>
        ))}
        {banner}
      </div>
      <div className="player-preview-controls" aria-hidden="true">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={CONTROL_ICONS.play} />
        </svg>
        <span className="player-preview-seek">
          <span style={{ background: color }} />
        </span>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={CONTROL_ICONS.fullscreen} />
        </svg>
      </div>
    </section>
  );
}

/** Where a chosen corner goes when one of the player's own things holds it: just below that, as the player stacks it. */
export function sharedCornerNote(
  corner: Corner | undefined,
  own: { share: boolean; mark: boolean },
  t: (key: string) => string,
) {
  const holder = corner ? sharedWith(corner, own) : null;
  return holder === 'share'
    ? t('overlay.slots.sharedWithShare')
    : holder === 'mark'
      ? t('overlay.slots.sharedWithMark')
      : undefined;
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
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
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

/** super-action: a call to action over the video, as a button or a banner, at set times or at the end. */
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
              extra={sharedCornerNote(values.position, { share: true, mark: !screen.canUseBranding }, t)}
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
        <PlayerPreview
          cover={video.data.cover}
          mark={!screen.canUseBranding}
          things={
            values.enabled && values.style !== 'banner'
              ? [
                  {
                    item: 'action',
                    corner: values.position ?? 'bottom-left',
                    node: (
                      <span className="contact-preview-button" data-testid="preview-action">
                        {values.text || t('overlay.action.textPlaceholder')}
                      </span>
                    ),
                  },
                ]
              : []
          }
          banner={
            values.enabled && values.style === 'banner' ? (
              <span className="action-preview-banner" data-testid="preview-action">
                {values.text || t('overlay.action.textPlaceholder')}
              </span>
            ) : values.enabled ? null : (
              <OffPreview />
            )
          }
        />
      }
    />
  );
}

/** widget: one floating bubble that opens the channels the contact screens filled in. */
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
        <PlayerPreview
          cover={video.data.cover}
          mark={!screen.canUseBranding}
          banner={values.enabled ? null : <OffPreview />}
          things={
            values.enabled
              ? [
                  {
                    item: 'widget',
                    corner: values.position ?? 'bottom-right',
                    node: (
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
                    ),
                  },
                ]
              : []
          }
        />
      }
    />
  );
}

/** share: which networks the player and the watch page offer. */
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
