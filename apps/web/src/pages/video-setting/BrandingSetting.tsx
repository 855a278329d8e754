import { type BrandingSetting as BrandingValues, BUTTON_POSITIONS } from '@leadreel/shared';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../../api/endpoints.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { ChoiceField, ImagePickButton } from './fields.tsx';
import { OverlayFrame, PlayerPreview, type PreviewThing, sharedCornerNote } from './OverlaySettings.tsx';
import { ScreenFallback } from './screen.tsx';
import { useOverlayScreen } from './useOverlayScreen.ts';

const COLORS = ['playerColor', 'buttonColor', 'fontColor'] as const;

/**
 * branding: the owner's logo (position and link) and colours in the player, in place of the
 * "powered by" mark. A paid plan's (canUseBranding); a Free account sees what it would get and how.
 */
export function BrandingSetting() {
  const { t } = useTranslation();
  const screen = useOverlayScreen('branding');
  const { form, values, video, locked, canUseBranding, videoId } = screen;
  const [logoUrl, setLogoUrl] = useState<string | null | undefined>(undefined);
  if (screen.error || !screen.setting.data || !video.data) return <ScreenFallback error={screen.error} />;
  const shownLogo = logoUrl === undefined ? screen.setting.data.logoUrl : logoUrl;
  const disabled = locked || !canUseBranding;

  return (
    <OverlayFrame
      title={video.data.name}
      locked={locked}
      notice={
        !canUseBranding && (
          <UpgradeNotice
            className="seo-locked"
            title={t('errors.branding_not_allowed')}
            action={t('overlay.branding.upgrade')}
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
              <ImagePickButton
                kind="logo"
                label={t('overlay.branding.uploadLogo')}
                disabled={disabled}
                upload={async (image) => {
                  const uploaded = await settingsApi.uploadLogo({ videoId, image });
                  form.setFieldValue('logo', uploaded.logo);
                  setLogoUrl(uploaded.logoUrl);
                }}
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
            extra={sharedCornerNote(values.logoPosition, { share: true, mark: false }, t)}
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
        <PlayerPreview
          cover={video.data.cover}
          mark={!canUseBranding}
          color={values.playerColor}
          things={[
            ...(shownLogo && values.logo
              ? [
                  {
                    item: 'logo',
                    corner: values.logoPosition ?? 'top-left',
                    node: <img className="branding-preview-logo" src={shownLogo} alt={t('overlay.branding.logo')} />,
                  } satisfies PreviewThing,
                ]
              : []),
            {
              item: 'contact',
              corner: 'bottom-right',
              node: (
                <span
                  className="contact-preview-button"
                  style={{ background: values.buttonColor, color: values.fontColor }}
                >
                  {t('contact.defaultLabel.email')}
                </span>
              ),
            },
          ]}
        />
      }
    />
  );
}
