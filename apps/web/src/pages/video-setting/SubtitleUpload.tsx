import { UploadOutlined } from '@ant-design/icons';
import {
  parseSubtitles,
  SUBTITLE_FILE_MAX_BYTES,
  SUBTITLE_LABEL_MAX,
  SUBTITLE_TRACKS_MAX,
  type Subtitle,
  SubtitleParseError,
} from '@leadreel/shared';
import { Alert, App, Button, Card, Form, Input, Select, Upload, type UploadProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../../api/endpoints.ts';
import { formatSize } from '../../format.ts';
import { showSaveError } from './screen.tsx';

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

/** A language's name in the console's language (English, 中文（中国）...), or its tag when unknown. */
export function useLanguageName() {
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

/** subtitle: a new track from an SRT or WebVTT file, in a language the video has none in yet. */
export function SubtitleUpload({
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
