import type { Video } from '@leadreel/shared';
import { Form, Input, InputNumber, Radio, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeToCopy } from './CopyButton.tsx';
import { EmbedSites } from './EmbedSites.tsx';
import { LinksDialog } from './LinksDialog.tsx';
import { DEFAULT_EMBED_CHOICE, type EmbedChoice, emailSnippet, iframeSnippet, scriptSnippet } from './snippets.ts';
import { LinkBaseSelect, useLinkBase } from './useLinkBase.tsx';
import { absoluteOn, useVideoLinks } from './useVideoLinks.ts';

/** dialogs: embed (website or email). */
export function EmbedDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useVideoLinks(video?.videoId ?? null);
  const { bases, base, choose } = useLinkBase(video, links.data);
  const [choice, setChoice] = useState<EmbedChoice>(DEFAULT_EMBED_CHOICE);
  const [codeType, setCodeType] = useState<'iframe' | 'script'>('iframe');
  const set = (change: Partial<EmbedChoice>) => setChoice((current) => ({ ...current, ...change }));
  const title = links.data?.title || (video?.name ?? '').replace(/\.[a-z0-9]{2,5}$/i, '');
  const ratio = video?.width && video.height ? video.width / video.height : 16 / 9;

  const snippet = codeType === 'script' ? scriptSnippet : iframeSnippet;
  const website = links.data && base ? snippet(base.embedUrl, title, choice, ratio) : '';
  const email =
    links.data && base
      ? emailSnippet({
          watchUrl: base.watchUrl,
          // The preview stays on the default domain, where the media are served.
          imageUrl: absoluteOn(links.data.watchUrl, video?.previewUrl ?? video?.cover ?? null),
          title,
        })
      : '';

  return (
    <LinksDialog open={Boolean(video)} onClose={onClose} title={t('share.embedTitle')} error={links.error}>
      {links.data && (
        <>
          <LinkBaseSelect bases={bases} base={base} choose={choose} />
          <Tabs
            items={[
              {
                key: 'website',
                label: t('share.website'),
                children: (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Form layout="inline" className="embed-options">
                      <Form.Item label={t('share.responsive')}>
                        <Switch
                          aria-label={t('share.responsive')}
                          checked={choice.responsive}
                          onChange={(responsive) => set({ responsive })}
                        />
                      </Form.Item>
                      {!choice.responsive && (
                        <Form.Item label={t('share.size')}>
                          <Space>
                            <InputNumber
                              aria-label={t('share.width')}
                              min={160}
                              max={3840}
                              value={choice.width}
                              onChange={(width) => set({ width: width ?? 640 })}
                            />
                            <InputNumber
                              aria-label={t('share.height')}
                              min={90}
                              max={2160}
                              value={choice.height}
                              onChange={(height) => set({ height: height ?? 360 })}
                            />
                          </Space>
                        </Form.Item>
                      )}
                      <Form.Item label={t('share.autoplay')} tooltip={t('share.autoplayHelp')}>
                        <Switch
                          aria-label={t('share.autoplay')}
                          checked={choice.autoplay}
                          onChange={(autoplay) => set({ autoplay })}
                        />
                      </Form.Item>
                      <Form.Item label={t('share.loop')}>
                        <Switch aria-label={t('share.loop')} checked={choice.loop} onChange={(loop) => set({ loop })} />
                      </Form.Item>
                      <Form.Item label={t('share.controls')}>
                        <Switch
                          aria-label={t('share.controls')}
                          checked={choice.controls}
                          onChange={(controls) => set({ controls })}
                        />
                      </Form.Item>
                      <Form.Item label={t('share.start')}>
                        <Space.Compact>
                          <InputNumber
                            aria-label={t('share.start')}
                            min={0}
                            max={Math.max(0, Math.floor(video?.duration ?? 0))}
                            value={choice.start}
                            onChange={(start) => set({ start: start ?? 0 })}
                          />
                          <Space.Addon>{t('share.seconds')}</Space.Addon>
                        </Space.Compact>
                      </Form.Item>
                      <Form.Item label={t('share.color')}>
                        <Input
                          type="color"
                          className="color-input"
                          aria-label={t('share.color')}
                          value={choice.color ?? '#1677ff'}
                          onChange={(event) => set({ color: event.target.value })}
                        />
                      </Form.Item>
                      <Form.Item label={t('share.codeType')}>
                        <Radio.Group
                          optionType="button"
                          value={codeType}
                          onChange={(event) => setCodeType(event.target.value)}
                          options={[
                            { value: 'iframe', label: t('share.codeIframe') },
                            { value: 'script', label: t('share.codeScript') },
                          ]}
                        />
                      </Form.Item>
                    </Form>
                    <CodeToCopy code={website} label={t('share.websiteCode')} />
                    <EmbedSites />
                  </Space>
                ),
              },
              {
                key: 'email',
                label: t('share.email'),
                children: (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Typography.Paragraph type="secondary">{t('share.emailHelp')}</Typography.Paragraph>
                    <CodeToCopy code={email} label={t('share.emailCode')} />
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
    </LinksDialog>
  );
}
