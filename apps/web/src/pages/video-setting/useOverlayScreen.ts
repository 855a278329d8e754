import type { OverlayKind, OverlaySettings } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type OverlayData, settingsApi, settingsKeys } from '../../api/endpoints.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { showSaveError, useLoadOnce } from './screen.tsx';

/**
 * What the branding, call to action, widget and share screens share: the video, its setting loaded into a
 * form, the live values for the preview, the Frozen-period lock and a save that shows the server's refusal
 * under the field it names.
 */
export function useOverlayScreen<K extends OverlayKind>(kind: K) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [form] = Form.useForm<OverlaySettings[K]>();
  const [busy, setBusy] = useState(false);
  const video = useVideoDetailQuery(videoId);
  const key = settingsKeys.overlay(kind, videoId);
  const setting = useQuery({ queryKey: key, queryFn: () => settingsApi.overlay(kind, videoId), retry: false });
  const values = (Form.useWatch([], form) ?? {}) as Partial<OverlaySettings[K]>;

  useLoadOnce(setting.data, `${kind}:${videoId}`, (data) => form.setFieldsValue(data as never));

  /** Saves the whole setting: fields hidden for now (a banner's corner, an end action's times) keep their values. */
  const save = async (input: OverlaySettings[K]) => {
    setBusy(true);
    const all = { ...form.getFieldsValue(true), ...input } as Record<string, unknown>;
    const setting = Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'logoUrl'));
    try {
      const saved = await settingsApi.saveOverlay(kind, { videoId, setting: setting as OverlaySettings[K] });
      queryClient.setQueryData(key, saved);
      form.setFieldsValue(saved as never);
      message.success(t('overlay.saved'));
    } catch (failure) {
      showSaveError(form, failure, setting.data ?? {}, message);
    } finally {
      setBusy(false);
    }
  };

  return {
    videoId,
    form,
    busy,
    save,
    values,
    video,
    setting: setting as { data: OverlayData[K] | undefined; error: unknown },
    error: setting.error ?? video.error,
    locked: isLocked(account, 'videoSettings'),
    canUseBranding: account?.privileges.canUseBranding ?? false,
  };
}
