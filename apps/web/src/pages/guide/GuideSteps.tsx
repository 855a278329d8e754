import { DEFAULT_CONTACTS, type FieldKind, UPLOAD_EXTENSIONS, type Video, whatsappSetting } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { type ContactSetting, formApi, type InquiryFormData, settingsApi, settingsKeys } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { useFoldersQuery, useVideoListQuery } from '../../api/queries.ts';
import { usePeriodGate } from '../../components/periodGate.ts';
import { UploadDialog } from '../../features/upload/UploadDialog.tsx';
import { isLocked, useAccountStore } from '../../stores/account.ts';

/** What a step hands its frame: its body, and what its primary button does before the guide moves on. */
export type GuideStepView = { body: ReactNode; busy: boolean; run: () => Promise<boolean> };

/** The video the guide sets up: the account's newest (the one just uploaded in the first step). */
export function useGuideVideo(): { video: Video | null; loading: boolean } {
  const list = useVideoListQuery({ sort: 'date', order: 'desc', page: 1, pageSize: 1 });
  return { video: list.data?.list[0] ?? null, loading: list.isPending };
}

/** Said on a later step while the account has no video: what to do instead. */
function NoVideo({ onUpload }: { onUpload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      className="guide-no-video"
      title={t('guide.noVideo')}
      description={t('guide.noVideoHelp')}
      action={<Button onClick={onUpload}>{t('guide.backToUpload')}</Button>}
    />
  );
}

/** The name of the video being set up, as the steps say it. */
function VideoName({ video }: { video: Video }) {
  return <Typography.Text strong>{video.name}</Typography.Text>;
}

/** guide, start-guide: a first video, through the real upload dialog. */
export function useStartStep(video: Video | null): GuideStepView {
  const { t } = useTranslation();
  const gate = usePeriodGate();
  const account = useAccountStore((s) => s.account);
  const folders = useFoldersQuery();
  const [open, setOpen] = useState(false);
  const upload = () => (isLocked(account, 'uploadVideo') ? gate(() => setOpen(true)) : setOpen(true));
  const body = (
    <>
      <Typography.Paragraph>{t('guide.steps.start-guide.text')}</Typography.Paragraph>
      {video ? (
        <Alert
          type="success"
          showIcon
          className="guide-video"
          title={t('guide.videoChosen', { name: video.name })}
          description={t('guide.videoChosenHelp')}
        />
      ) : (
        <Typography.Paragraph type="secondary">
          {t('guide.uploadHelp', { types: UPLOAD_EXTENSIONS.video.join(', ').toUpperCase() })}
        </Typography.Paragraph>
      )}
      <Button type={video ? 'default' : 'primary'} onClick={upload} className="guide-upload">
        {video ? t('guide.uploadAnother') : t('guide.uploadFirst')}
      </Button>
      <UploadDialog
        open={open}
        onClose={() => setOpen(false)}
        folders={folders.data ?? []}
        folderId={account?.defaultFolderId || undefined}
      />
    </>
  );
  return { body, busy: false, run: async () => true };
}

/** guide, whatsapp: the video's WhatsApp button, turned on with the number given (the real setting). */
export function useWhatsappStep(video: Video | null, onUpload: () => void): GuideStepView {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // What the user typed; until then the number the video's button already has.
  const [typed, setNumber] = useState<string | null>(null);
  // Worded at render, so the message follows a language switch made while it shows.
  const [error, setError] = useState<(() => string) | null>(null);
  const [busy, setBusy] = useState(false);
  const key = settingsKeys.contact('whatsapp', video?.videoId ?? '');
  const current = useQuery({
    queryKey: key,
    queryFn: () => settingsApi.contact('whatsapp', video?.videoId as string),
    enabled: Boolean(video),
    retry: false,
  });
  const number = typed ?? current.data?.number ?? '';

  const run = async () => {
    if (!video) return true;
    // The rules of the WhatsApp settings screen, as the server applies them (one schema, in the shared package).
    const setting = { ...DEFAULT_CONTACTS.whatsapp, ...(current.data ?? {}), enabled: true, number };
    const checked = whatsappSetting.safeParse(setting);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? 'phone_invalid';
      setError(() => () => i18n.t(`errors.${key}`));
      return false;
    }
    setBusy(true);
    try {
      const saved = await settingsApi.saveContact('whatsapp', { videoId: video.videoId, setting: checked.data });
      queryClient.setQueryData<ContactSetting>(key, saved);
      message.success(t('guide.whatsappSaved', { number: saved.number }));
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.field?.replace(/^setting\./, '') === 'number') {
        setError(() => () => errorText(failure));
      } else {
        message.error(errorText(failure));
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  const body = (
    <>
      <Typography.Paragraph>{t('guide.steps.whatsapp.text')}</Typography.Paragraph>
      {video ? (
        <Form layout="vertical" requiredMark={false} onFinish={() => undefined} className="guide-form">
          <Typography.Paragraph>
            {t('guide.whatsappFor')} <VideoName video={video} />
          </Typography.Paragraph>
          <Form.Item
            label={t('contact.number.whatsapp')}
            extra={t('contact.numberHelp')}
            validateStatus={error ? 'error' : undefined}
            help={error?.()}
            htmlFor="guide-whatsapp-number"
          >
            <Input
              id="guide-whatsapp-number"
              type="tel"
              placeholder="+44 20 7946 0958"
              maxLength={32}
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setError(null);
              }}
            />
          </Form.Item>
        </Form>
      ) : (
        <NoVideo onUpload={onUpload} />
      )}
    </>
  );
  return { body, busy, run };
}

/** The fields a first form asks, in the account's language: a name and an email to answer, and a message. */
const FIRST_FIELDS: Array<{ kind: FieldKind; required: boolean }> = [
  { kind: 'name', required: true },
  { kind: 'email', required: true },
  { kind: 'message', required: false },
];

/** guide, inquiry-form: the video's inquiry form, turned on with sensible fields (the real form). */
export function useInquiryFormStep(video: Video | null, onUpload: () => void): GuideStepView {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [on, setOn] = useState(true);
  const [busy, setBusy] = useState(false);
  const key = routeKey('forms.config', { videoId: video?.videoId ?? '' });
  const current = useQuery({
    queryKey: key,
    queryFn: () => formApi.form(video?.videoId as string),
    enabled: Boolean(video),
    retry: false,
  });
  const alreadyOn = current.data?.enabled ?? false;

  const run = async () => {
    if (!video || !on || alreadyOn) return true;
    setBusy(true);
    try {
      const base = current.data ?? (await formApi.form(video.videoId));
      // A form the owner already turned on keeps its fields; one never turned on gets the guide's three.
      const form: InquiryFormData = {
        ...base,
        enabled: true,
        fields: FIRST_FIELDS.map(({ kind, required }) => ({
          id: kind,
          kind,
          label: t(`inquiryForm.defaultLabel.${kind}`),
          placeholder: '',
          required,
          options: [],
        })),
      };
      queryClient.setQueryData(key, await formApi.saveForm({ videoId: video.videoId, form }));
      message.success(t('guide.formSaved'));
      return true;
    } catch (failure) {
      message.error(errorText(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const body = (
    <>
      <Typography.Paragraph>{t('guide.steps.inquiry-form.text')}</Typography.Paragraph>
      {video ? (
        alreadyOn ? (
          <Alert type="success" showIcon title={t('guide.formAlreadyOn', { name: video.name })} />
        ) : (
          <div className="guide-form">
            <div className="guide-switch">
              <Switch id="guide-form-on" checked={on} onChange={setOn} />
              <label htmlFor="guide-form-on">
                {t('guide.formToggle')} <VideoName video={video} />
              </label>
            </div>
            <div className={on ? 'plain-list-box' : 'plain-list-box guide-fields-off'}>
              <div className="plain-list-header">{t('guide.formFields')}</div>
              <ul className="plain-list plain-list-small">
                {FIRST_FIELDS.map(({ kind, required }) => (
                  <li key={kind} className="plain-list-item">
                    <span>{t(`inquiryForm.defaultLabel.${kind}`)}</span>
                    {required && <Tag>{t('guide.required')}</Tag>}
                  </li>
                ))}
              </ul>
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t('guide.formHelp')}
            </Typography.Paragraph>
          </div>
        )
      ) : (
        <NoVideo onUpload={onUpload} />
      )}
    </>
  );
  return { body, busy, run };
}
