import type { Video } from '@leadreel/shared';
import { Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoListQuery } from '../../api/queries.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { formatDuration } from './format.ts';

/** choose-video dialog: search the account's videos and pick one or several. */
export function ChooseVideoDialog(props: {
  open: boolean;
  multiple?: boolean;
  onClose: () => void;
  onChoose: (videos: Video[]) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Video[]>([]);
  const list = useVideoListQuery({ keyword: keyword || undefined, page, pageSize: 10 }, { enabled: props.open });
  return (
    <Modal
      open={props.open}
      title={t('videos.chooseTitle')}
      width={DIALOG_WIDTH}
      okButtonProps={{ disabled: selected.length === 0 }}
      onCancel={props.onClose}
      onOk={() => props.onChoose(selected)}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('videos.search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
      />
      <Table<Video>
        rowKey="videoId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          type: props.multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((v) => v.videoId),
          onChange: (_, rows) => setSelected(rows),
        }}
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 10, onChange: setPage }}
        columns={[
          { title: t('videos.name'), dataIndex: 'name' },
          {
            title: t('videos.duration'),
            dataIndex: 'duration',
            render: (value: number | null) => formatDuration(value),
          },
        ]}
      />
    </Modal>
  );
}
