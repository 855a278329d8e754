import { ARTICLE_TEXT_MAX, PROJECT_TITLE_MAX, type ProjectCreateBody, SCENE_MODES } from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { blogApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { blogKeys, editorPath } from './blogData.ts';

type Source = 'url' | 'text';
type Values = { url?: string; text?: string; title?: string; sceneMode: ProjectCreateBody['sceneMode'] };

/** An article's address as the server fetches it: http or https, nothing else. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A new project from an article's address (the server fetches the page and finds the article, which can take
 * a few seconds) or from pasted text; its script opens next.
 */
export function NewProjectDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Source>('url');
  const create = useMutation({
    mutationFn: (values: Values) =>
      blogApi.create({
        ...(source === 'url' ? { url: values.url?.trim() } : { text: values.text }),
        title: values.title?.trim() || undefined,
        sceneMode: values.sceneMode,
      }),
    onSuccess: (project) => {
      queryClient.setQueryData(blogKeys.detail(project.projectId), project);
      void queryClient.invalidateQueries({ queryKey: blogKeys.all });
      onClose();
      navigate(editorPath(project.projectId));
    },
  });
  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });
  return (
    <Modal
      open
      title={t('blog.create.title')}
      width={DIALOG_WIDTH}
      okText={t('blog.create.submit')}
      cancelText={t('blog.cancel')}
      okButtonProps={{ loading: create.isPending }}
      cancelButtonProps={{ disabled: create.isPending }}
      onOk={() => form.submit()}
      onCancel={() => !create.isPending && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sceneMode: 'auto' }}
        onFinish={(values) => create.mutate(values)}
        disabled={create.isPending}
      >
        <Tabs
          activeKey={source}
          onChange={(key) => {
            setSource(key as Source);
            create.reset();
          }}
          items={[
            {
              key: 'url',
              label: t('blog.create.fromUrl'),
              children: source === 'url' && (
                <Form.Item
                  name="url"
                  label={t('blog.create.url')}
                  rules={[
                    required('errors.blog_source_required'),
                    {
                      validator: async (_rule, value?: string) => {
                        if (value?.trim() && !isWebAddress(value)) throw new Error(t('errors.blog_url_invalid'));
                      },
                    },
                  ]}
                >
                  <Input placeholder="https://example.com/blog/post" maxLength={2000} autoFocus />
                </Form.Item>
              ),
            },
            {
              key: 'text',
              label: t('blog.create.fromText'),
              children: source === 'text' && (
                <Form.Item
                  name="text"
                  label={t('blog.create.text')}
                  rules={[
                    required('errors.blog_source_required'),
                    { max: ARTICLE_TEXT_MAX, message: t('errors.blog_text_too_long') },
                  ]}
                >
                  <Input.TextArea rows={8} count={{ show: true, max: ARTICLE_TEXT_MAX }} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item
          name="title"
          label={t('blog.create.projectTitle')}
          extra={t('blog.create.titleHelp')}
          rules={[{ max: PROJECT_TITLE_MAX, message: t('errors.illegal_input') }]}
        >
          <Input count={{ show: true, max: PROJECT_TITLE_MAX }} />
        </Form.Item>
        <Form.Item name="sceneMode" label={t('blog.create.sceneMode')}>
          <Radio.Group options={SCENE_MODES.map((mode) => ({ value: mode, label: t(`blog.create.mode.${mode}`) }))} />
        </Form.Item>
      </Form>
      {create.isPending && (
        <Typography.Paragraph type="secondary" role="status">
          {t(source === 'url' ? 'blog.create.fetching' : 'blog.create.splitting')}
        </Typography.Paragraph>
      )}
      {create.error && <Alert type="error" showIcon title={errorText(create.error)} />}
    </Modal>
  );
}
