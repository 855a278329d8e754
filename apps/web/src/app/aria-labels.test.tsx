import { render, screen, waitFor } from '@testing-library/react';
import { InputNumber, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { browserLanguage, initI18n } from '../i18n/index.ts';
import { AntProviders } from './AntProviders.tsx';

describe('the language a first visit gets', () => {
  it.each([
    [['zh-CN', 'en'], 'zh_CN'],
    [['zh-TW'], 'zh_CN'],
    [['zh'], 'zh_CN'],
    [['fr-FR', 'en-GB', 'zh-CN'], 'en'],
    [['de-DE'], 'en'],
    [[], 'en'],
  ] as const)('the browser asking for %j gets %s', (languages, expected) => {
    expect(browserLanguage(languages)).toBe(expected);
  });
});

describe("antd's fixed screen-reader labels", () => {
  const screenOf = () => (
    <AntProviders>
      <InputNumber aria-label="seconds" min={0} />
      <Table
        rowKey="id"
        rowSelection={{}}
        dataSource={[{ id: 1, name: 'one' }]}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
      />
    </AntProviders>
  );

  it('are read in Chinese in the Chinese console, also on parts drawn later', async () => {
    await initI18n('zh_CN');
    const view = render(screenOf());
    await waitFor(() => expect(screen.getByLabelText('全选')).toBeTruthy());
    expect(screen.getByLabelText('增加数值')).toBeTruthy();
    expect(screen.getByLabelText('减少数值')).toBeTruthy();
    expect(screen.queryByLabelText('Select all')).toBeNull();
    expect(screen.queryByLabelText('Increase Value')).toBeNull();
    // A number field that appears afterwards is translated too.
    view.rerender(
      <>
        {screenOf()}
        <AntProviders>
          <InputNumber aria-label="later" />
        </AntProviders>
      </>,
    );
    await waitFor(() => expect(screen.getAllByLabelText('增加数值')).toHaveLength(2));
    view.unmount();
  });

  it('stay as antd writes them in English', async () => {
    await initI18n('en');
    const view = render(screenOf());
    expect(await screen.findByLabelText('Select all')).toBeTruthy();
    expect(screen.getByLabelText('Increase Value')).toBeTruthy();
    view.unmount();
  });
});
