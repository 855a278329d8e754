import type { VipUserInfo } from '@leadreel/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { payApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useAccountStore } from '../../stores/account.ts';

/**
 * Subscription: auto-renew on or off, and its state (renewing, expiring in N days). Turning it
 * off asks first: the plan then ends on its date.
 */
export function AutoRenew({ vip }: { vip: VipUserInfo }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const setVip = useAccountStore((s) => s.setVip);
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? payApi.resumeSubscribe() : payApi.cancelSubscribe()),
    onSuccess: (answer) => setVip(answer),
    onError: (error) => message.error(errorText(error)),
  });
  const change = (on: boolean) => {
    if (on) {
      toggle.mutate(true);
      return;
    }
    modal.confirm({
      title: t('memberships.autoRenewOffTitle'),
      content: t('memberships.autoRenewOffText', { date: vip.expireDate ?? '' }),
      okText: t('memberships.autoRenewOff'),
      cancelText: t('period.cancel'),
      onOk: () => toggle.mutateAsync(false),
    });
  };
  return (
    <Space size={12} wrap>
      <Switch
        checked={vip.autoSubscribe}
        loading={toggle.isPending}
        onChange={change}
        aria-label={t('memberships.autoRenew')}
      />
      <Typography.Text type={vip.autoSubscribe ? undefined : 'warning'}>
        {vip.autoSubscribe
          ? t('memberships.renewsOn', { date: vip.expireDate })
          : t('memberships.expiresIn', { count: vip.surplusDays, date: vip.expireDate })}
      </Typography.Text>
    </Space>
  );
}
