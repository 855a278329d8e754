import { App, Button, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { useCodeSender } from './codeSender.ts';

/** The send-code button of an antd form (a signed-in user's new notice email), with its countdown. */
export function SendCodeButton({
  form,
  send: sendCode,
}: {
  form: FormInstance;
  send: (email: string) => Promise<{ resendAfter: number }>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { seconds, blocked, send } = useCodeSender(sendCode);

  const onClick = async () => {
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email;
    } catch {
      return;
    }
    try {
      await send(email);
      message.success(t('auth.codeSent', { email }));
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    // Disabled while sending rather than `loading`: antd 6.6 can keep a button's spinner when its loading
    // and disabled flip in the same render (the code answers in milliseconds), leaving "Resend in 50 s"
    // spinning for the whole countdown.
    <Button onClick={onClick} disabled={blocked} style={{ minWidth: 130 }}>
      {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
    </Button>
  );
}
