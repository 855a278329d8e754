import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BANDWIDTH_NOTICE_SUPPRESS_MS } from '../constants.ts';
import { useAccountStore } from '../stores/account.ts';

const SUPPRESS_KEY = 'leadreel.bandwidthNoticeClosedAt';

export function bandwidthNoticeSuppressed(now = Date.now()): boolean {
  const closedAt = Number(localStorage.getItem(SUPPRESS_KEY) ?? 0);
  return now - closedAt < BANDWIDTH_NOTICE_SUPPRESS_MS;
}

/** when used traffic reaches the total, a persistent bottom-right notice; closing it hides it for 24 hours. */
export function BandwidthNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const traffic = useAccountStore((s) => s.account?.storageAndTraffic);
  const reached = traffic ? traffic.traffic > 0 && traffic.usedTraffic >= traffic.traffic : false;

  useEffect(() => {
    if (!reached || bandwidthNoticeSuppressed()) return;
    notification.warning({
      key: 'bandwidth',
      placement: 'bottomRight',
      duration: 0,
      title: t('bandwidth.title'),
      description: (
        <>
          {t('bandwidth.text')}{' '}
          {/* The notice renders outside the router (antd's holder), so it navigates through this closure. */}
          <a
            href="/buy-vip"
            onClick={(event) => {
              event.preventDefault();
              navigate('/buy-vip');
            }}
          >
            {t('bandwidth.upgrade')}
          </a>
        </>
      ),
      onClose: () => localStorage.setItem(SUPPRESS_KEY, String(Date.now())),
    });
    return () => notification.destroy('bandwidth');
  }, [reached, notification, t, navigate]);
  return null;
}
