import { normaliseDomain } from '@leadreel/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A domain typed by the user, checked by the server's own normaliseDomain so the refusal reads the same here
 * and there; when it is a domain, the name the records are published for (lower case, an international
 * name's punycode) is shown under it.
 */
export function DomainField({ label, autoFocus = false }: { label: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const typed: string | undefined = Form.useWatch('domain');
  const normalised = typed?.trim() ? normaliseDomain(typed) : null;
  return (
    <Form.Item
      name="domain"
      label={label}
      validateTrigger={['onBlur']}
      extra={
        normalised && 'domain' in normalised ? (
          <span data-testid="domain-normalised">{t('domains.normalised', { domain: normalised.domain })}</span>
        ) : undefined
      }
      rules={[
        {
          validator: (_, value: string | undefined) => {
            const result = normaliseDomain(value ?? '');
            return 'error' in result ? Promise.reject(new Error(t(`errors.${result.error}`))) : Promise.resolve();
          },
        },
      ]}
    >
      <Input placeholder={t('domains.placeholder')} autoFocus={autoFocus} spellCheck={false} autoComplete="off" />
    </Form.Item>
  );
}

/** The domain to send: what normaliseDomain made of the typed one (the server normalises it again). */
export function normalisedOrTyped(typed: string): string {
  const result = normaliseDomain(typed);
  return 'domain' in result ? result.domain : typed.trim();
}
