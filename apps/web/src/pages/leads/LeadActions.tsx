import type { LeadExportFormat } from '@leadreel/shared';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What can be done with the selected leads (read, unread, delete) and with the filtered ones (export). */
export function LeadActions(props: {
  /** How many leads are selected. */
  selected: number;
  busy: boolean;
  exporting: LeadExportFormat | null;
  /** Whether there is anything the plan lets be exported. */
  canExport: boolean;
  on: { mark: (read: boolean) => void; remove: () => void; export: (format: LeadExportFormat) => void };
}) {
  const { t } = useTranslation();
  const { selected, busy, exporting, canExport, on } = props;
  return (
    <div className="leads-actions">
      {selected > 0 && <Typography.Text type="secondary">{t('leads.selected', { count: selected })}</Typography.Text>}
      <Button disabled={selected === 0 || busy} onClick={() => on.mark(true)}>
        {t('leads.markRead')}
      </Button>
      <Button disabled={selected === 0 || busy} onClick={() => on.mark(false)}>
        {t('leads.markUnread')}
      </Button>
      <Popconfirm
        title={t('leads.deleteConfirm', { count: selected })}
        description={t('leads.deleteText')}
        okText={t('leads.delete')}
        cancelText={t('leads.cancel')}
        okButtonProps={{ danger: true }}
        disabled={selected === 0 || busy}
        onConfirm={on.remove}
      >
        <Button danger disabled={selected === 0 || busy}>
          {t('leads.delete')}
        </Button>
      </Popconfirm>
      <span className="leads-actions-spacer" />
      <Space.Compact>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            type={format === 'csv' ? 'primary' : 'default'}
            data-testid={`leads-export-${format}`}
            loading={exporting === format}
            disabled={!canExport || exporting !== null}
            onClick={() => on.export(format)}
          >
            {t(format === 'csv' ? 'leads.export' : 'leads.exportXlsx')}
          </Button>
        ))}
      </Space.Compact>
    </div>
  );
}
