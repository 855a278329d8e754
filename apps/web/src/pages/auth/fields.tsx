import type { VerifyScene } from '@leadreel/shared';
import { Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton.tsx';
import { codeRules, confirmRules, newPasswordRules } from './validation.ts';

/** The 6-digit code with its send button and countdown. */
export function CodeField({ form, scene }: { form: FormInstance; scene: VerifyScene }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={codeRules(t)}>
          <Input
            aria-label={t('auth.code')}
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
          />
        </Form.Item>
        <SendCodeButton form={form} scene={scene} />
      </Space.Compact>
    </Form.Item>
  );
}

/** A new password and its confirmation (spec §5: "the passwords entered do not match"). */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
}: {
  name: string;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} rules={newPasswordRules(t)}>
        <Input.Password autoComplete="new-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item name="confirm" label={confirmLabel} dependencies={[name]} rules={confirmRules(t, name)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
