import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../auth/validation.ts';

/** A new password and its confirmation ("the passwords entered do not match"). */
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
