import { ALBUM_TITLE_MAX } from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { albumsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { albumKeys, albumPath, titleRule } from './albumData.ts';

/** Names a new album and creates it empty; its screen opens next, where its videos are chosen. */
export function AddAlbumDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ title: string }>();
  const add = useMutation({
    mutationFn: (title: string) => albumsApi.add({ title: title.trim(), videoIds: [], coverVideoId: null }),
    onSuccess: async (album) => {
      await queryClient.invalidateQueries({ queryKey: albumKeys.all });
      onClose();
      navigate(albumPath(album));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'title')
        form.setFields([{ name: 'title', errors: [errorText(error)] }]);
      else message.error(errorText(error));
    },
  });
  return (
    <Modal
      open
      title={t('albums.addTitle')}
      width={DIALOG_WIDTH}
      okText={t('albums.create')}
      cancelText={t('albums.cancel')}
      okButtonProps={{ loading: add.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => add.mutate(values.title)} initialValues={{ title: '' }}>
        <Form.Item name="title" label={t('albums.title')} rules={[titleRule(t)]}>
          <Input placeholder={t('albums.titlePlaceholder')} count={{ show: true, max: ALBUM_TITLE_MAX }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
