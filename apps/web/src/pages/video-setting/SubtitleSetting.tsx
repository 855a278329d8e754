import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type Cue,
  MAX_VIDEO_SECONDS,
  parseSubtitles,
  SUBTITLE_CUE_TEXT_MAX,
  SUBTITLE_CUES_MAX,
  SUBTITLE_FILE_MAX_BYTES,
  SUBTITLE_LABEL_MAX,
  SUBTITLE_TRACKS_MAX,
  type Subtitle,
  SubtitleParseError,
} from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { formatSize } from '../../format.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { formatCueTime, parseCueTime } from './cueTime.ts';
import { ScreenFallback, showSaveError } from './screen.tsx';

/** The languages offered for a new track (BCP 47 tags, as <track srclang> takes them). */
const SUBTITLE_LANGS = [
  'en',
  'zh-CN',
  'zh-TW',
  'es',
  'fr',
  'de',
  'ja',
  'ko',
  'pt-BR',
  'ru',
  'ar',
  'hi',
  'it',
  'nl',
  'tr',
  'vi',
  'th',
  'id',
] as const;

/** Lines of the cue editor shown at once; a long track pages rather than rendering thousands of inputs. */
const CUES_PER_PAGE = 50;

const subtitleKey = (videoId: string) => ['subtitles', videoId] as const;

/** A language's name in the console's language (English, 中文（中国）...), or its tag when unknown. */
function useLanguageName() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'zh_CN' ? 'zh-CN' : 'en';
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      names = null;
    }
    return (tag: string) => {
      try {
        return names?.of(tag) ?? tag;
      } catch {
        return tag;
      }
    };
  }, [locale]);
}

type Chosen = { name: string; content: string; lines: number };
type UploadValues = { lang: string; label: string };

/** spec §2 subtitle: a new track from an SRT or WebVTT file, in a language the video has none in yet. */
function SubtitleUpload({
  videoId,
  tracks,
  locked,
  onUploaded,
}: {
  videoId: string;
  tracks: Subtitle[];
  locked: boolean;
  onUploaded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const languageName = useLanguageName();
  const [form] = Form.useForm<UploadValues>();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = new Set(tracks.map((track) => track.lang.toLowerCase()));
  const free = SUBTITLE_LANGS.find((lang) => !taken.has(lang.toLowerCase()));
  const full = tracks.length >= SUBTITLE_TRACKS_MAX;

  // The form starts on a language the video has no subtitles in yet, named after it.
  useEffect(() => {
    if (!form.getFieldValue('lang') && free) form.setFieldsValue({ lang: free, label: languageName(free) });
  }, [form, free, languageName]);

  const choose: UploadProps['beforeUpload'] = async (file) => {
    setFileError(null);
    if (file.size > SUBTITLE_FILE_MAX_BYTES) {
      setFileError(t('errors.subtitle_file_too_large'));
      return Upload.LIST_IGNORE;
    }
    if (!/\.(srt|vtt)$/i.test(file.name)) {
      setFileError(t('errors.subtitle_file_invalid'));
      return Upload.LIST_IGNORE;
    }
    const content = await file.text();
    try {
      const lines = parseSubtitles(content).length;
      if (lines === 0) setFileError(t('errors.subtitle_file_invalid'));
      else setChosen({ name: file.name, content, lines });
    } catch (failure) {
      if (!(failure instanceof SubtitleParseError)) throw failure;
      setFileError(t('subtitle.fileInvalidAt', { line: failure.line }));
    }
    return false;
  };

  const upload = async (values: UploadValues) => {
    if (!chosen) {
      setFileError(t('subtitle.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      const saved = await settingsApi.uploadSubtitle({
        videoId,
        lang: values.lang,
        label: values.label.trim(),
        fileName: chosen.name,
        content: chosen.content,
      });
      message.success(t('subtitle.uploaded', { label: saved.label }));
      setChosen(null);
      form.resetFields();
      const next = SUBTITLE_LANGS.find((lang) => !taken.has(lang.toLowerCase()) && lang !== saved.lang);
      if (next) form.setFieldsValue({ lang: next, label: languageName(next) });
      await onUploaded();
    } catch (failure) {
      showSaveError(form, failure, values, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('subtitle.uploadTitle')} className="subtitle-upload">
      {full && (
        <Alert
          type="info"
          showIcon
          className="seo-locked"
          title={t('subtitle.tracksFull', { count: SUBTITLE_TRACKS_MAX })}
        />
      )}
      <Form form={form} layout="vertical" onFinish={upload} requiredMark={false} disabled={locked || full}>
        <Form.Item
          name="lang"
          label={t('subtitle.lang')}
          rules={[{ required: true, message: t('errors.subtitle_lang_invalid') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={SUBTITLE_LANGS.map((lang) => ({
              value: lang,
              label: taken.has(lang.toLowerCase())
                ? `${languageName(lang)} ${t('subtitle.langTaken')}`
                : languageName(lang),
              disabled: taken.has(lang.toLowerCase()),
            }))}
            onChange={(lang: string) => {
              // The name follows the language until the owner writes one of their own.
              if (!form.isFieldTouched('label')) form.setFieldValue('label', languageName(lang));
            }}
          />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('subtitle.label')}
          extra={t('subtitle.labelHelp')}
          rules={[
            { required: true, whitespace: true, message: t('errors.subtitle_label_required') },
            { max: SUBTITLE_LABEL_MAX, message: t('errors.subtitle_label_too_long') },
          ]}
        >
          <Input maxLength={SUBTITLE_LABEL_MAX} />
        </Form.Item>
        <Form.Item
          label={t('subtitle.file')}
          htmlFor="subtitle-file"
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          extra={
            chosen
              ? t('subtitle.fileRead', { count: chosen.lines })
              : t('subtitle.fileHelp', { size: formatSize(SUBTITLE_FILE_MAX_BYTES) })
          }
        >
          <Upload
            id="subtitle-file"
            accept=".srt,.vtt"
            maxCount={1}
            beforeUpload={choose}
            fileList={chosen ? [{ uid: 'subtitle-file', name: chosen.name, status: 'done' }] : []}
            onRemove={() => setChosen(null)}
          >
            <Button icon={<UploadOutlined />}>{t('subtitle.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('subtitle.upload')}
        </Button>
      </Form>
    </Card>
  );
}

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

/** spec §2 subtitle: the track's lines as a table of start, end and text, saved all at once. */
function CueEditor({
  track,
  locked,
  onSaved,
  onClose,
}: {
  track: Subtitle;
  locked: boolean;
  onSaved: (saved: Subtitle) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ label: string }>();
  const nextKey = useRef(0);
  const toRows = (cues: Cue[]): Row[] => cues.map((cue) => ({ key: nextKey.current++, ...cue }));
  const [rows, setRows] = useState<Row[]>(() => toRows(track.cues));
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

  /** What the server would refuse, found before sending: by row and field, and the first row at fault. */
  const check = () => {
    const found: Record<string, string> = {};
    let first: number | null = null;
    for (const [index, row] of rows.entries()) {
      const problems: Array<[string, string]> = [];
      if (row.start === null || row.start > MAX_VIDEO_SECONDS) problems.push(['start', t('subtitle.timeInvalid')]);
      if (row.end === null || row.end > MAX_VIDEO_SECONDS) problems.push(['end', t('subtitle.timeInvalid')]);
      else if (row.start !== null && row.end <= row.start) problems.push(['end', t('errors.subtitle_cue_times')]);
      if (row.text.trim() === '') problems.push(['text', t('errors.subtitle_cue_empty')]);
      if (row.text.trim().length > SUBTITLE_CUE_TEXT_MAX) problems.push(['text', t('errors.subtitle_cue_too_long')]);
      for (const [field, text] of problems) found[`${row.key}.${field}`] = text;
      if (problems.length > 0 && first === null) first = index;
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

  return (
    <Card
      className="subtitle-editor"
      title={t('subtitle.editorTitle', { label: track.label })}
      extra={<Button onClick={onClose}>{t('subtitle.close')}</Button>}
    >
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

/** spec §2 video settings, subtitle: SRT or VTT files per language, their lines edited, one track by default. */
export function SubtitleSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const languageName = useLanguageName();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const video = useVideoDetailQuery(videoId);
  const key = subtitleKey(videoId);
  const subtitles = useQuery({ queryKey: key, queryFn: () => settingsApi.subtitles(videoId), retry: false });

  const locked = isLocked(account, 'videoSettings');
  const error = subtitles.error ?? video.error;
  if (error || !subtitles.data || !video.data) return <ScreenFallback error={error} />;
  const tracks = subtitles.data;
  const editing = tracks.find((track) => track.subtitleId === editingId) ?? null;

  /** One action on the list at a time, its button spinning; a refusal said as a message. */
  const run = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(null);
    }
  };
  const makeDefault = (subtitleId: string | null) =>
    run(subtitleId ?? 'none', async () => {
      queryClient.setQueryData(key, await settingsApi.setDefaultSubtitle({ videoId, subtitleId }));
      message.success(t(subtitleId ? 'subtitle.defaultSaved' : 'subtitle.noDefaultSaved'));
    });
  const remove = (track: Subtitle) =>
    run(track.subtitleId, async () => {
      await settingsApi.deleteSubtitle(track.subtitleId);
      if (editingId === track.subtitleId) setEditingId(null);
      queryClient.setQueryData<Subtitle[]>(key, (old) => old?.filter((s) => s.subtitleId !== track.subtitleId));
      message.success(t('subtitle.deleted'));
    });

  const columns: TableColumnsType<Subtitle> = [
    {
      title: t('subtitle.label'),
      key: 'label',
      render: (_, track) => (
        <Space size={4} wrap>
          <span>{track.label}</span>
          {track.isDefault && <Tag color="blue">{t('subtitle.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('subtitle.lang'), key: 'lang', render: (_, track) => languageName(track.lang) },
    { title: t('subtitle.lines'), key: 'lines', width: 90, render: (_, track) => track.cues.length },
    {
      title: t('subtitle.actions'),
      key: 'actions',
      render: (_, track) => (
        <Space size={0} wrap>
          <Button
            type="link"
            aria-label={t('subtitle.editTrack', { label: track.label })}
            onClick={() => setEditingId(track.subtitleId)}
          >
            {t('subtitle.edit')}
          </Button>
          {!track.isDefault && (
            <Button
              type="link"
              aria-label={t('subtitle.makeDefaultTrack', { label: track.label })}
              disabled={locked}
              loading={busy === track.subtitleId}
              onClick={() => void makeDefault(track.subtitleId)}
            >
              {t('subtitle.makeDefault')}
            </Button>
          )}
          <Popconfirm
            title={t('subtitle.deleteConfirm', { label: track.label })}
            okText={t('subtitle.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(track)}
            disabled={locked}
          >
            <Button type="link" danger aria-label={t('subtitle.deleteTrack', { label: track.label })} disabled={locked}>
              {t('subtitle.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="subtitle-setting">
      <Typography.Title level={4}>{video.data.name}</Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      <div className="seo-columns">
        <Card title={t('subtitle.tracks')}>
          <Typography.Paragraph type="secondary">{t('subtitle.intro')}</Typography.Paragraph>
          <Table<Subtitle>
            rowKey="subtitleId"
            size="small"
            columns={columns}
            dataSource={tracks}
            pagination={false}
            scroll={{ x: 520 }}
            locale={{ emptyText: t('subtitle.empty') }}
          />
          {tracks.length > 0 && (
            <div className="subtitle-no-default">
              <Button
                disabled={locked || !tracks.some((track) => track.isDefault)}
                loading={busy === 'none'}
                onClick={() => void makeDefault(null)}
              >
                {t('subtitle.noDefault')}
              </Button>
              <Typography.Text type="secondary">{t('subtitle.noDefaultHelp')}</Typography.Text>
            </div>
          )}
        </Card>
        <SubtitleUpload
          videoId={videoId}
          tracks={tracks}
          locked={locked}
          onUploaded={() => queryClient.invalidateQueries({ queryKey: key })}
        />
      </div>
      {editing && (
        <CueEditor
          key={editing.subtitleId}
          track={editing}
          locked={locked}
          onClose={() => setEditingId(null)}
          onSaved={(saved) =>
            queryClient.setQueryData<Subtitle[]>(key, (old) =>
              old?.map((s) => (s.subtitleId === saved.subtitleId ? saved : s)),
            )
          }
        />
      )}
    </div>
  );
}
