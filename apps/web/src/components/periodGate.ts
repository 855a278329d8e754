import type { Period } from '@leadreel/shared';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONFIRM_DIALOG_WIDTH } from '../constants.ts';
import { useAccountStore } from '../stores/account.ts';

/**
 * when the period is past Normal, a click on a gated button is blocked by the confirm dialog
 * "Your plan has expired. Renew now to create more content."; Renew now goes to the buy-plan page and
 * abandons the action.
 */
export function usePeriodGate() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const period: Period | undefined = useAccountStore((s) => s.account?.vipPeriod);
  return useCallback(
    (action: () => void) => {
      if (!period || period === 'normal-period') {
        action();
        return;
      }
      modal.confirm({
        title: t('period.expiredConfirm'),
        okText: t('period.renew'),
        cancelText: t('period.cancel'),
        width: CONFIRM_DIALOG_WIDTH,
        onOk: () => navigate('/buy-vip'),
      });
    },
    [period, modal, navigate, t],
  );
}
