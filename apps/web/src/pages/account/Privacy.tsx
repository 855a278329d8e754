import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';

const key = routeKey('account.privacy');

/**
 * Global settings "privacy": privacy mode, saved as soon as it is switched, as a switch promises.
 * What it changes is said in full, since it trades away returning-viewer figures.
 */
export function Privacy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const privacy = useQuery({ queryKey: key, queryFn: accountApi.privacy });
  const save = useMutation({
    mutationFn: accountApi.savePrivacy,
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      message.success(t(data.privacyMode ? 'privacy.on' : 'privacy.off'));
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });

  return (
    <Card title={t('privacy.title')} style={{ maxWidth: 640 }}>
      {privacy.data ? (
        <Flex vertical gap={12}>
          <Flex gap={16} align="start">
            <Switch
              checked={save.isPending ? save.variables.privacyMode : privacy.data.privacyMode}
              loading={save.isPending}
              onChange={(checked) => save.mutate({ privacyMode: checked })}
              aria-label={t('privacy.label')}
            />
            <div>
              <Typography.Text strong>{t('privacy.label')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('privacy.help')}</Typography.Text>
            </div>
          </Flex>
          <Alert type="info" showIcon title={t('privacy.effects')} />
          <Typography.Text type="secondary">{t('privacy.dnt')}</Typography.Text>
          <Typography.Text type="secondary">{t('privacy.delay')}</Typography.Text>
        </Flex>
      ) : privacy.isError ? (
        <Alert type="error" showIcon title={errorText(privacy.error)} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
