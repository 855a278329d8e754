import type { VerifyScene } from '@leadreel/shared/contracts/auth';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/endpoints.ts';
import { useCodeSender } from './codeSender.ts';
import { Field, type FieldState, type Notice } from './form.tsx';
import { codeCheck, confirmCheck, emailCheck, newPasswordCheck } from './validation.ts';

/** The checks of the code screens (register, reset password): email, code, a new password and its repeat. */
export const CODE_FORM_CHECKS = {
  email: emailCheck,
  code: codeCheck,
  password: newPasswordCheck,
  confirm: confirmCheck('password'),
};
/** The repeat is checked again when the password changes (once it has been checked itself). */
export const CODE_FORM_DEPENDENTS = { password: ['confirm' as const] };

/** A reset code goes through find-password, whose answer is the same whether or not the account exists. */
const sendFor = (scene: VerifyScene, email: string) =>
  scene === 'reset' ? authApi.findPassword({ email }) : authApi.sendCode({ email, scene });

/**
 * The 6-digit code with its send button and countdown. `email` checks the form's email field and answers it
 * (null when it is wrong, its message then shown under it).
 */
export function CodeField({
  field,
  scene,
  email,
  onNotice,
}: {
  field: FieldState;
  scene: VerifyScene;
  email: () => Promise<string | null>;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation();
  const { seconds, blocked, send } = useCodeSender((address) => sendFor(scene, address));
  const onClick = async () => {
    const address = await email();
    if (!address) return;
    try {
      await send(address);
      onNotice({ success: 'auth.codeSent', values: { email: address } });
    } catch (error) {
      onNotice({ error });
    }
  };
  return (
    <Field
      label={t('auth.code')}
      field={field}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      placeholder={t('auth.codePlaceholder')}
      addon={
        <button type="button" className="auth-button auth-send-code" onClick={onClick} disabled={blocked}>
          {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
        </button>
      }
    />
  );
}

/** A new password and its confirmation ("the passwords entered do not match"). */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  password: FieldState;
  confirm: FieldState;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={label}
        field={password}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.passwordPlaceholder')}
      />
      <Field label={confirmLabel} field={confirm} type="password" autoComplete="new-password" />
    </>
  );
}
