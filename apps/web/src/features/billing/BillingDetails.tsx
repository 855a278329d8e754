import { BILLING_DETAIL_LIMITS, type BillingDetails as Details } from '@leadreel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { payApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';

const key = routeKey('pay.billingDetails');

/**
 * The buyer's details its invoices are made out to (company, address, country, tax ID), all optional;
 * invoices already issued keep what they were issued with.
 */
export function BillingDetails() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const details = useQuery({ queryKey: key, queryFn: payApi.billingDetails });
  const save = useMutation({
    mutationFn: payApi.saveBillingDetails,
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      message.success(t('billing.details.saved'));
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });

  return (
    <Card title={t('billing.details.title')} data-testid="billing-details">
      {details.data ? (
        <Form<Details>
          layout="vertical"
          initialValues={details.data}
          onFinish={(values) => save.mutate(values)}
          requiredMark={false}
          style={{ maxWidth: 560 }}
        >
          <Typography.Paragraph type="secondary">{t('billing.details.help')}</Typography.Paragraph>
          <Form.Item name="companyName" label={t('billing.details.companyName')}>
            <Input maxLength={BILLING_DETAIL_LIMITS.companyName} autoComplete="organization" />
          </Form.Item>
          <Form.Item name="address" label={t('billing.details.address')}>
            <Input.TextArea
              maxLength={BILLING_DETAIL_LIMITS.address}
              autoSize={{ minRows: 2, maxRows: 5 }}
              autoComplete="street-address"
            />
          </Form.Item>
          <Form.Item name="country" label={t('billing.details.country')}>
            <Input maxLength={BILLING_DETAIL_LIMITS.country} autoComplete="country-name" />
          </Form.Item>
          <Form.Item name="taxId" label={t('billing.details.taxId')} extra={t('billing.details.taxIdHelp')}>
            <Input maxLength={BILLING_DETAIL_LIMITS.taxId} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('billing.details.save')}
          </Button>
        </Form>
      ) : details.isError ? (
        <Alert type="error" showIcon title={errorText(details.error)} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}
