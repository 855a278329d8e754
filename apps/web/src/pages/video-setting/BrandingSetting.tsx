import { type BrandingSetting as BrandingValues, BUTTON_POSITIONS, LOGO_MAX_BYTES } from '@leadreel/shared';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { ChoiceField } from './fields.tsx';
import { OverlayFrame, OverlayPreview } from './OverlaySettings.tsx';
import { ScreenFallback } from './screen.tsx';
import { useOverlayScreen } from './useOverlayScreen.ts';

/** A file's bytes as base64, in slices (a spread of two million bytes would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

const COLORS = ['playerColor', 'buttonColor', 'fontColor'] as const;

/**
 * spec §2 branding: the owner's logo (position and link) and colours in the player, in place of the
 * "powered by" mark. A paid plan's (canUseBranding); a Free account sees what it would get and how.
 */
export function BrandingSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screen = useOverlayScreen('branding');
  const { form, values, video, locked, canUseBranding, videoId } = screen;
  const [logoUrl, setLogoUrl] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  if (screen.error || !screen.setting.data || !video.data) return <ScreenFallback error={screen.error} />;
  const shownLogo = logoUrl === undefined ? screen.setting.data.logoUrl : logoUrl;
  const disabled = locked || !canUseBranding;

  const pickLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return void message.error(t('errors.logo_file_invalid'));
    if (file.size > LOGO_MAX_BYTES) return void message.error(t('errors.logo_too_large'));
    setUploading(true);
    try {
      const uploaded = await settingsApi.uploadLogo({ videoId, image: await base64Of(file) });
      form.setFieldValue('logo', uploaded.logo);
      setLogoUrl(uploaded.logoUrl);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      notice={
        !canUseBranding && (
          <Alert
            type="info"
            showIcon
            className="seo-locked"
            message={t('errors.branding_not_allowed')}
            action={
              <Link to="/account/memberships">
                <Button size="small" type="primary">
                  {t('overlay.branding.upgrade')}
                </Button>
              </Link>
            }
          />
        )
      }
      form={
        <Form
          form={form}
          layout="vertical"
          onFinish={(input: BrandingValues) => screen.save(input)}
          requiredMark={false}
          disabled={disabled}
        >
          <Form.Item name="logo" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('overlay.branding.logo')} extra={t('overlay.branding.logoHelp')}>
            <Space>
              <Button loading={uploading} onClick={() => picker.current?.click()}>
                {t('overlay.branding.uploadLogo')}
              </Button>
              <input
                ref={picker}
                type="file"
                accept="image/png,image/jpeg"
                className="visually-hidden"
                tabIndex={-1}
                aria-label={t('overlay.branding.uploadLogo')}
                disabled={disabled || uploading}
                onChange={(event) => void pickLogo(event)}
              />
              {values.logo && (
                <Button
                  onClick={() => {
                    form.setFieldValue('logo', null);
                    setLogoUrl(null);
                  }}
                >
                  {t('overlay.branding.removeLogo')}
                </Button>
              )}
            </Space>
          </Form.Item>
          <ChoiceField
            name="logoPosition"
            label={t('overlay.branding.logoPosition')}
            values={BUTTON_POSITIONS}
            prefix="contact.positions"
          />
          <Form.Item name="logoLink" label={t('overlay.branding.logoLink')} extra={t('overlay.branding.logoLinkHelp')}>
            <Input type="url" placeholder="https://example.com" maxLength={2000} />
          </Form.Item>
          <div className="contact-times">
            {COLORS.map((name) => (
              <Form.Item key={name} name={name} label={t(`overlay.branding.${name}`)}>
                <Input type="color" className="color-input" />
              </Form.Item>
            ))}
          </div>
          <Button type="primary" htmlType="submit" loading={screen.busy}>
            {t('seo.save')}
          </Button>
        </Form>
      }
      preview={
        <OverlayPreview cover={video.data.cover}>
          {shownLogo && values.logo ? (
            <img
              className={`branding-preview-logo contact-at-${values.logoPosition ?? 'top-left'}`}
              src={shownLogo}
              alt={t('overlay.branding.logo')}
            />
          ) : null}
          <span
            className="contact-preview-button contact-at-bottom-right"
            style={{ background: values.buttonColor, color: values.fontColor }}
          >
            {t('contact.defaultLabel.email')}
          </span>
          <span className="branding-preview-bar" style={{ background: values.playerColor }} />
        </OverlayPreview>
      }
    />
  );
}
