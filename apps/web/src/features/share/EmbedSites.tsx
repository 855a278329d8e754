import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';

const KEY = routeKey('settings.embedConfig');

/** The websites where all of the account's embeds may play (empty: anywhere), beside the embed code. */
export function EmbedSites() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const config = useQuery({ queryKey: KEY, queryFn: settingsApi.embedConfig });
  // One website per line (commas and spaces work too), as people paste lists.
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (config.data) setText(config.data.domains.join('\n'));
  }, [config.data]);
  const locked = isLocked(account, 'videoSettings');

  const save = async () => {
    setBusy(true);
    try {
      const domains = text.split(/[\s,，]+/).filter(Boolean);
      const saved = await settingsApi.saveEmbedConfig({ domains });
      queryClient.setQueryData(KEY, saved);
      setText(saved.domains.join('\n'));
      message.success(t('share.sitesSaved'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="embed-sites" aria-label={t('share.sites')}>
      <Typography.Text strong>{t('share.sites')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('share.sitesHelp')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('share.sitesPlaceholder')}
          aria-label={t('share.sites')}
          disabled={locked || !config.data}
        />
        <Button onClick={() => void save()} loading={busy} disabled={locked || !config.data}>
          {t('seo.save')}
        </Button>
      </Space.Compact>
    </section>
  );
}
