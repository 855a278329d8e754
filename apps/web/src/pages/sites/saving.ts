import type { Site, SiteProfileInput } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/index.ts';
import { siteKeys } from './siteData.ts';

/** The profile as it is saved: the site-info and contact-info screens each send it whole with their part changed. */
export const profileOf = (site: Site): SiteProfileInput => ({
  name: site.name,
  description: site.description,
  banner: site.banner,
  picture: site.picture,
  contact: site.contact,
});

/**
 * Saving one of a site's settings screens: the answered site replaces the cached one (the header's name
 * follows), a refusal is shown under the field the server named when the form has it (the body's prefix,
 * `profile.` or `navigation.`, swapped for where the form keeps it), else as a message.
 */
export function useSiteSave(form: FormInstance, fieldPrefix: string, into: (string | number)[] = []) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async (send: () => Promise<Site>) => {
    setBusy(true);
    try {
      const saved = await send();
      queryClient.setQueryData(siteKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: siteKeys.list });
      message.success(t('sites.saved'));
      return saved;
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.field : undefined;
      const path = field?.startsWith(fieldPrefix)
        ? [
            ...into,
            ...field
              .slice(fieldPrefix.length)
              .split('.')
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          ]
        : null;
      if (path && form.getFieldValue(path) !== undefined)
        form.setFields([{ name: path, errors: [errorText(failure)] }]);
      else message.error(errorText(failure));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
