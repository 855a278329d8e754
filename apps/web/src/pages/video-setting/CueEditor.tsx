import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Cue,
  cueSchema,
  MAX_VIDEO_SECONDS,
  SUBTITLE_CUE_TEXT_MAX,
  SUBTITLE_CUES_MAX,
  SUBTITLE_LABEL_MAX,
  type Subtitle,
} from '@leadreel/shared';
import { Alert, App, Button, Card, Form, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { formatCueTime, parseCueTime } from './cueTime.ts';
import { showSaveError } from './screen.tsx';

/** Lines of the cue editor shown at once; a long track pages rather than rendering thousands of inputs. */
const CUES_PER_PAGE = 50;

type Row = { key: number; start: number | null; end: number | null; text: string };

/** A time typed as m:ss.mmm (or seconds); what does not read as a time stays as typed and counts as none. */
function TimeInput({
  value,
  onChange,
  label,
  error,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  error: string | undefined;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <>
      <Input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        className="subtitle-time"
        placeholder="0:00.000"
        value={draft ?? (value === null ? '' : formatCueTime(value))}
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(parseCueTime(event.target.value));
        }}
        onBlur={() => {
          if (draft !== null && parseCueTime(draft) !== null) setDraft(null);
        }}
      />
      {error && <div className="subtitle-cue-error">{error}</div>}
    </>
  );
}

/** Lines proposed for a track and not saved yet ("AI optimise"), with the engine that wrote them. */
export type CueDraft = { engine: string; cues: Cue[] };

/**
 * subtitle: the track's lines as a table of start, end and text, saved all at once. A `draft` starts the
 * table on proposed lines instead, which the owner reviews and saves, or discards for the track's own.
 */
export function CueEditor({
  track,
  locked,
  draft = null,
  onSaved,
  onClose,
  onDiscard,
}: {
  track: Subtitle;
  locked: boolean;
  draft?: CueDraft | null;
  onSaved: (saved: Subtitle) => void;
  onClose: () => void;
  onDiscard?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ label: string }>();
  const nextKey = useRef(0);
  const toRows = (cues: Cue[]): Row[] => cues.map((cue) => ({ key: nextKey.current++, ...cue }));
  const [rows, setRows] = useState<Row[]>(() => toRows(draft?.cues ?? track.cues));
  const [proposed, setProposed] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);

  const pages = Math.max(1, Math.ceil(rows.length / CUES_PER_PAGE));
  const current = Math.min(page, pages);
  const pageOf = (index: number) => Math.floor(index / CUES_PER_PAGE) + 1;
  const position = new Map(rows.map((row, index) => [row.key, index]));
  const lineOf = (row: Row) => (position.get(row.key) ?? 0) + 1;

  const update = (key: number, patch: Partial<Row>) => {
    setRows((previous) => previous.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([name]) => !name.startsWith(`${key}.`))),
    );
  };
  const remove = (key: number) => {
    setRows((previous) => previous.filter((row) => row.key !== key));
    update(key, {});
  };
  const add = () => {
    const start = Math.min(rows.at(-1)?.end ?? 0, MAX_VIDEO_SECONDS - 1);
    setRows([...rows, { key: nextKey.current++, start, end: Math.min(start + 2, MAX_VIDEO_SECONDS), text: '' }]);
    setPage(pageOf(rows.length));
  };

  /**
   * What the server would refuse, found before sending with the server's own cue schema: by row and field
   * (the first problem of each), and the first row at fault.
   */
  const check = () => {
    const found: Record<string, string> = {};
    let first: number | null = null;
    for (const [index, row] of rows.entries()) {
      const result = cueSchema.safeParse({ start: row.start, end: row.end, text: row.text });
      if (result.success) continue;
      for (const issue of result.error.issues) {
        const at = `${row.key}.${String(issue.path[0] ?? 'text')}`;
        // A time that is not one (empty, or past the longest video) says so in the editor's own words.
        found[at] ??= issue.message === 'illegal_input' ? t('subtitle.timeInvalid') : t(`errors.${issue.message}`);
      }
      first ??= index;
    }
    return { found, first };
  };

  const save = async ({ label }: { label: string }) => {
    if (rows.length === 0) {
      message.error(t('errors.subtitle_empty'));
      return;
    }
    if (rows.length > SUBTITLE_CUES_MAX) {
      message.error(t('errors.subtitle_too_many_cues'));
      return;
    }
    const { found, first } = check();
    if (first !== null) {
      setErrors(found);
      setPage(pageOf(first));
      message.error(t('subtitle.fixLines'));
      return;
    }
    setBusy(true);
    try {
      const saved = await settingsApi.saveSubtitle({
        subtitleId: track.subtitleId,
        label: label.trim(),
        cues: rows.map((row) => ({ start: row.start as number, end: row.end as number, text: row.text.trim() })),
      });
      setRows(toRows(saved.cues));
      setErrors({});
      setProposed(null);
      form.setFieldsValue({ label: saved.label });
      onSaved(saved);
      message.success(t('subtitle.saved'));
    } catch (failure) {
      // A refused line comes back as cues.<index>.<field>: marked in its row, and said in a message.
      const match =
        failure instanceof ApiError ? /^cues\.(\d+)(?:\.(start|end|text))?$/.exec(failure.field ?? '') : null;
      if (match) {
        const index = Number(match[1]);
        const row = rows[index];
        if (row) {
          setErrors({ [`${row.key}.${match[2] ?? 'text'}`]: errorText(failure) });
          setPage(pageOf(index));
        }
        message.error(t('subtitle.lineError', { line: index + 1, message: errorText(failure) }));
      } else {
        showSaveError(form, failure, { label }, message);
      }
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: '#', key: 'line', width: 56, render: (_, row) => lineOf(row) },
    {
      title: t('subtitle.start'),
      key: 'start',
      width: 140,
      render: (_, row) => (
        <TimeInput
          label={t('subtitle.startOf', { line: lineOf(row) })}
          value={row.start}
          error={errors[`${row.key}.start`]}
          onChange={(start) => update(row.key, { start })}
        />
      ),
    },
    {
      title: t('subtitle.end'),
      key: 'end',
      width: 140,
      render: (_, row) => (
        <TimeInput
          label={t('subtitle.endOf', { line: lineOf(row) })}
          value={row.end}
          error={errors[`${row.key}.end`]}
          onChange={(end) => update(row.key, { end })}
        />
      ),
    },
    {
      title: t('subtitle.text'),
      key: 'text',
      render: (_, row) => (
        <>
          <Input.TextArea
            aria-label={t('subtitle.textOf', { line: lineOf(row) })}
            aria-invalid={errors[`${row.key}.text`] ? true : undefined}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={SUBTITLE_CUE_TEXT_MAX}
            value={row.text}
            status={errors[`${row.key}.text`] ? 'error' : undefined}
            onChange={(event) => update(row.key, { text: event.target.value })}
          />
          {errors[`${row.key}.text`] && <div className="subtitle-cue-error">{errors[`${row.key}.text`]}</div>}
        </>
      ),
    },
    {
      title: t('subtitle.actions'),
      key: 'delete',
      width: 90,
      render: (_, row) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('subtitle.deleteLine', { line: lineOf(row) })}
          onClick={() => remove(row.key)}
        />
      ),
    },
  ];

  const discard = () => {
    setRows(toRows(track.cues));
    setErrors({});
    setProposed(null);
    onDiscard?.();
  };

  return (
    <Card
      className="subtitle-editor"
      title={
        <Space size={8} wrap>
          {t('subtitle.editorTitle', { label: track.label })}
          {proposed && <Tag color="orange">{t('speech.optimise.unsaved')}</Tag>}
        </Space>
      }
      extra={<Button onClick={onClose}>{t('subtitle.close')}</Button>}
    >
      {proposed && (
        <Alert
          type="info"
          showIcon
          className="seo-locked"
          title={t('speech.optimise.review', { engine: proposed.engine })}
          action={
            <Button size="small" onClick={discard}>
              {t('speech.optimise.discard')}
            </Button>
          }
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ label: track.label }}
        onFinish={save}
        requiredMark={false}
        disabled={locked}
      >
        <Form.Item
          name="label"
          label={t('subtitle.label')}
          className="subtitle-editor-label"
          rules={[
            { required: true, whitespace: true, message: t('errors.subtitle_label_required') },
            { max: SUBTITLE_LABEL_MAX, message: t('errors.subtitle_label_too_long') },
          ]}
        >
          <Input maxLength={SUBTITLE_LABEL_MAX} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('subtitle.timeHelp')}</Typography.Paragraph>
        <Table<Row>
          rowKey="key"
          size="small"
          className="subtitle-cues"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('errors.subtitle_empty') }}
          pagination={
            rows.length > CUES_PER_PAGE
              ? { current, pageSize: CUES_PER_PAGE, onChange: setPage, showSizeChanger: false }
              : false
          }
        />
        <Space wrap className="subtitle-editor-actions">
          <Button icon={<PlusOutlined />} onClick={add} disabled={locked || rows.length >= SUBTITLE_CUES_MAX}>
            {t('subtitle.addLine')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('subtitle.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
