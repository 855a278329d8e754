import {
  SEO_DESCRIPTION_MAX,
  SEO_KEYWORDS_MAX,
  SEO_TITLE_MAX,
  type SeoPage,
  SLUG_MAX,
  SOURCE_URL_MAX,
  sourceUrlField,
} from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { settingsApi } from '../../api/endpoints.ts';
import { routeKey } from '../../api/keys.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { schemaRule } from '../sites/rules.ts';
import { ImagePickButton } from './fields.tsx';
import { ScreenFallback, showSaveError, useLoadOnce } from './screen.tsx';

type Values = {
  title: string;
  description: string;
  keywords: string[];
  slug: string;
  indexable: boolean;
  sourceUrl: string;
};

const seoKey = (videoId: string) => routeKey('settings.seoPage', { videoId });

/** How a search engine lists the watch page, from the form as it is being typed. */
function SearchPreview({ values, url, fallbackTitle }: { values: Values; url: string; fallbackTitle: string }) {
  const { t } = useTranslation();
  return (
    <section className="seo-search-preview" aria-label={t('seo.searchPreview')}>
      <Typography.Text type="secondary" className="seo-search-url">
        {url}
      </Typography.Text>
      <div className="seo-search-title">{values.title || fallbackTitle}</div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="seo-search-description">
        {values.description || t('seo.noDescription')}
      </Typography.Paragraph>
      {!values.indexable && <Alert type="warning" showIcon title={t('seo.hiddenFromSearch')} />}
    </section>
  );
}

/** How a link to the watch page unfolds in chats and social networks (Open Graph / Twitter card). */
function CardPreview({
  values,
  cover,
  fallbackTitle,
  host,
}: {
  values: Values;
  cover: string | null;
  fallbackTitle: string;
  host: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="seo-card-preview" aria-label={t('seo.cardPreview')}>
      {cover ? <img src={cover} alt="" /> : <div className="seo-card-empty" />}
      <div className="seo-card-text">
        <Typography.Text type="secondary">{host}</Typography.Text>
        <Typography.Text strong ellipsis>
          {values.title || fallbackTitle}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {values.description}
        </Typography.Text>
      </div>
    </section>
  );
}

/** video settings, basic-setting: the watch page's SEO (title, description, keywords, link, indexing, source). */
export function SeoPageSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const video = useVideoDetailQuery(videoId);
  const seo = useQuery({ queryKey: seoKey(videoId), queryFn: () => settingsApi.seoPage(videoId), retry: false });
  const values = Form.useWatch([], form) as Values | undefined;

  useLoadOnce(seo.data, videoId, (data) => form.setFieldsValue(data));

  const locked = isLocked(account, 'videoSettings');
  const canUseLinkName = account?.privileges.canUseLinkName ?? false;
  const error = seo.error ?? video.error;
  if (error || !seo.data || !video.data) return <ScreenFallback error={error} />;

  const page: SeoPage = seo.data;
  const fallbackTitle = video.data.name.replace(/\.[a-z0-9]{2,5}$/i, '');
  const origin = new URL(page.watchUrl).origin;
  const watchUrl = values?.slug ? `${origin}/v/${values.slug.trim().toLowerCase()}` : `${origin}/v/${videoId}`;

  const save = async (input: Values) => {
    setBusy(true);
    try {
      // The source article always goes with the save: an emptied field clears it (absent would keep it).
      const saved = await settingsApi.saveSeoPage({ videoId, ...input, sourceUrl: input.sourceUrl ?? '' });
      queryClient.setQueryData(seoKey(videoId), saved);
      form.setFieldsValue(saved);
      message.success(t('seo.saved'));
    } catch (failure) {
      showSaveError(form, failure, page, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="seo-page">
      <Typography.Title level={4} className="seo-video-name">
        {video.data.name}
      </Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      <div className="seo-columns">
        <Card className="seo-form">
          <Form form={form} layout="vertical" onFinish={save} requiredMark={false} disabled={locked}>
            <Form.Item name="title" label={t('seo.title')} extra={t('seo.titleHelp')}>
              <Input placeholder={fallbackTitle} maxLength={SEO_TITLE_MAX} showCount />
            </Form.Item>
            <Form.Item name="description" label={t('seo.description')}>
              <Input.TextArea
                rows={5}
                maxLength={SEO_DESCRIPTION_MAX}
                showCount
                placeholder={t('seo.descriptionHelp')}
              />
            </Form.Item>
            <Form.Item
              name="keywords"
              label={t('seo.keywords')}
              extra={t('seo.keywordsHelp', { count: SEO_KEYWORDS_MAX })}
              rules={[{ type: 'array', max: SEO_KEYWORDS_MAX, message: t('errors.seo_keywords_too_many') }]}
            >
              <Select mode="tags" open={false} tokenSeparators={[',', '，']} aria-label={t('seo.keywords')} />
            </Form.Item>
            <Form.Item
              label={t('seo.slug')}
              htmlFor="slug"
              extra={canUseLinkName ? t('seo.slugHelp') : t('errors.link_name_not_allowed')}
            >
              <Space.Compact block>
                <Space.Addon>{`${origin}/v/`}</Space.Addon>
                <Form.Item name="slug" noStyle>
                  <Input
                    id="slug"
                    placeholder={videoId}
                    maxLength={SLUG_MAX}
                    disabled={!canUseLinkName && !seo.data.slug}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="sourceUrl"
              label={t('seo.sourceUrl')}
              extra={t('seo.sourceUrlHelp')}
              rules={[schemaRule(sourceUrlField, t, (value) => value ?? '')]}
            >
              <Input inputMode="url" placeholder="https://" maxLength={SOURCE_URL_MAX} />
            </Form.Item>
            <Form.Item label={t('seo.cover')} extra={t('seo.coverHelp')}>
              <Space>
                <ImagePickButton
                  kind="cover"
                  label={t('seo.uploadCover')}
                  disabled={locked}
                  upload={async (image) => {
                    queryClient.setQueryData(seoKey(videoId), await settingsApi.setCover({ videoId, image }));
                  }}
                />
                {page.coverUrl && (
                  <Button
                    disabled={locked}
                    onClick={async () => {
                      queryClient.setQueryData(seoKey(videoId), await settingsApi.setCover({ videoId, image: null }));
                    }}
                  >
                    {t('seo.removeCover')}
                  </Button>
                )}
              </Space>
            </Form.Item>
            <Form.Item
              name="indexable"
              label={t('seo.indexable')}
              valuePropName="checked"
              extra={t('seo.indexableHelp')}
            >
              <Switch />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('seo.save')}
              </Button>
              <Button href={page.watchUrl} target="_blank" rel="noopener" disabled={!video.data.playable}>
                {t('seo.openWatchPage')}
              </Button>
            </Space>
          </Form>
        </Card>
        <Card className="seo-previews" title={t('seo.preview')}>
          {values && (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              <SearchPreview values={values} url={watchUrl} fallbackTitle={fallbackTitle} />
              <CardPreview
                values={values}
                cover={page.coverUrl ?? video.data.cover}
                fallbackTitle={fallbackTitle}
                host={new URL(origin).host}
              />
            </Space>
          )}
        </Card>
      </div>
    </div>
  );
}
