import { Button, Card, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteEditing } from './siteData.ts';

/**
 * One of a site's settings screens that saves with one button: a card with the screen's title over a form
 * that stays read-only while the site may not be changed (useSiteEditing), and Save at its foot.
 */
export function SiteForm<Values>({
  title,
  intro,
  busy,
  children,
  ...form
}: {
  title: string;
  /** A line above the form. */
  intro?: ReactNode;
  /** While the save is under way. */
  busy: boolean;
  children: ReactNode;
} & Omit<FormProps<Values>, 'layout' | 'disabled' | 'children'>) {
  const { t } = useTranslation();
  const { readOnly } = useSiteEditing();
  return (
    <Card title={title}>
      {intro}
      <Form<Values> {...form} layout="vertical" disabled={readOnly}>
        {children}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('sites.save')}
        </Button>
      </Form>
    </Card>
  );
}
