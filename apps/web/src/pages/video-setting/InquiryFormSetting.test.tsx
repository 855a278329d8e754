import { DEFAULT_FORM, type Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '55555555-5555-4555-8555-555555555555';
const video = { videoId: VIDEO_ID, name: 'pitch.mp4', status: 'ready', playable: true, cover: null } as Video;
const echo: FakeRoute = (body) => ({ data: (body as { form: unknown }).form });

function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/form/config': () => ({ data: DEFAULT_FORM }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/inquiry-form`, { token: 'tok', language });
  return calls;
}
const saved = (calls: FakeCall[]) => calls.find((call) => call.path === '/vod/form/save')?.body;
const row = (name: string) => screen.getByRole('group', { name });

/** Picks a kind in the "Add field" list. */
async function addField(kind: string, list = 'Add field') {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: list }));
  fireEvent.click(await screen.findByText(kind, { selector: '.ant-select-item-option-content' }));
}

describe('the inquiry form screen', () => {
  it('builds a form from the default one, previews it and saves the whole form', async () => {
    const calls = open({ 'POST /vod/form/save': echo });
    const preview = await screen.findByLabelText('Preview over the player');
    expect(within(preview).getByText('The form is off')).toBeTruthy();
    expect(within(preview).getByText('Get in touch')).toBeTruthy();
    expect(within(preview).getByText('Message')).toBeTruthy();
    expect(within(preview).getByText('Skip')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('group', { name: 'Field 2: Email' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Show the form' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Talk to sales' } });
    expect(await within(preview).findByText('Talk to sales')).toBeTruthy();
    expect(within(preview).queryByText('The form is off')).toBeNull();

    // A single choice with two choices (a blank line is dropped), required.
    await addField('Single choice');
    const choice = row('Field 4: Single choice');
    fireEvent.change(within(choice).getByLabelText('Label'), { target: { value: 'Budget' } });
    fireEvent.change(within(choice).getByLabelText('Choices'), { target: { value: 'Small\n\nLarge' } });
    fireEvent.click(within(choice).getByRole('checkbox', { name: 'Required' }));
    expect(within(choice).queryByLabelText('Placeholder')).toBeNull();
    expect(await within(preview).findByText('Budget')).toBeTruthy();
    expect(within(preview).getByText('Large')).toBeTruthy();

    // A standard field, then it is no longer offered.
    await addField('Company');
    expect(within(preview).getByText('Company')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add field' }));
    await waitFor(() =>
      expect(screen.queryByText('Company', { selector: '.ant-select-item-option-content' })).toBeNull(),
    );
    expect(screen.queryByText('Name', { selector: '.ant-select-item-option-content' })).toBeNull();
    expect(screen.getByText('Short text', { selector: '.ant-select-item-option-content' })).toBeTruthy();

    // Company moves above the choice; the message goes.
    fireEvent.click(within(row('Field 5: Company')).getByRole('button', { name: 'Move up' }));
    expect(row('Field 4: Company')).toBeTruthy();
    expect(row('Field 5: Single choice')).toBeTruthy();
    fireEvent.click(within(row('Field 3: Message')).getByRole('button', { name: 'Remove field' }));
    expect(row('Field 3: Company')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Message/ })).toBeNull();
    expect(within(preview).queryByText('Message')).toBeNull();

    // At second 12: the second shows only for that moment.
    expect(screen.queryByLabelText('Show at')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'At a second' }));
    fireEvent.change(await screen.findByLabelText('Show at'), { target: { value: '12' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form saved')).toBeTruthy();
    expect(saved(calls)).toEqual({
      videoId: VIDEO_ID,
      form: {
        ...DEFAULT_FORM,
        enabled: true,
        title: 'Talk to sales',
        moment: 'at',
        second: 12,
        fields: [
          DEFAULT_FORM.fields[0],
          DEFAULT_FORM.fields[1],
          { id: 'company', kind: 'company', label: 'Company', placeholder: '', required: false, options: [] },
          { id: 'f1', kind: 'choice', label: 'Budget', placeholder: '', required: true, options: ['Small', 'Large'] },
        ],
      },
    });
    // The saved form comes back: the choices as the server keeps them.
    await waitFor(() =>
      expect((within(row('Field 4: Single choice')).getByLabelText('Choices') as HTMLTextAreaElement).value).toBe(
        'Small\nLarge',
      ),
    );
  });

  it('numbers custom fields after the highest on the form, and previews the button and its colour', async () => {
    const calls = open({
      'GET /vod/form/config': () => ({
        data: {
          ...DEFAULT_FORM,
          skippable: false,
          fields: [
            ...DEFAULT_FORM.fields,
            { id: 'f3', kind: 'text', label: 'Role', placeholder: '', required: false, options: [] },
          ],
        },
      }),
      'POST /vod/form/save': echo,
    });
    const preview = await screen.findByLabelText('Preview over the player');
    expect(within(preview).queryByText('Skip')).toBeNull();
    fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Request a call' } });
    fireEvent.change(screen.getByLabelText('Button colour'), { target: { value: '#ff5500' } });
    const button = await within(preview).findByText('Request a call');
    expect(button.style.background).toBe('rgb(255, 85, 0)');
    await addField('Checkbox');
    fireEvent.change(within(row('Field 5: Checkbox')).getByLabelText('Label'), { target: { value: 'Send me news' } });
    expect(await within(preview).findByText('Send me news')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Redirect to'), { target: { value: 'https://acme.example.test/thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form saved')).toBeTruthy();
    expect(saved(calls)).toMatchObject({
      form: {
        submitText: 'Request a call',
        submitColor: '#ff5500',
        redirectUrl: 'https://acme.example.test/thanks',
        skippable: false,
        fields: [
          { id: 'name' },
          { id: 'email' },
          { id: 'message' },
          { id: 'f3' },
          { id: 'f4', kind: 'checkbox', label: 'Send me news', required: false, options: [] },
        ],
      },
    });
  });

  it("shows the server's refusals where they belong: above the list, under a row, under a setting", async () => {
    let answer: FakeRoute = () => ({ status: 400, error: 'form_contact_required', field: 'form.fields' });
    open({ 'POST /vod/form/save': (body, query) => answer(body, query) });
    await screen.findByLabelText('Preview over the player');
    fireEvent.click(screen.getByRole('switch', { name: 'Show the form' }));
    fireEvent.click(within(row('Field 2: Email')).getByRole('button', { name: 'Remove field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The form needs an email or phone field to reach the viewer', {
        selector: '.inquiry-fields *',
      }),
    ).toBeTruthy();
    // Editing the list clears it.
    await addField('Email');
    expect(screen.queryByText('The form needs an email or phone field to reach the viewer')).toBeNull();

    answer = () => ({ status: 400, error: 'form_options_required', field: 'form.fields.3.options' });
    await addField('Multiple choice');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const multi = row('Field 4: Multiple choice');
    expect((await within(multi).findByRole('alert')).textContent).toBe('A choice field needs at least two choices');

    answer = () => ({ status: 400, error: 'url_invalid', field: 'form.redirectUrl' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a link that starts with http:// or https://')).toBeTruthy();
    expect(within(multi).queryByRole('alert')).toBeNull();
  });

  it('shows the screen in Chinese: settings, field kinds, moments and default labels', async () => {
    open({}, 'zh_CN');
    const preview = await screen.findByLabelText('播放器上的预览');
    expect(within(preview).getByText('表单已关闭')).toBeTruthy();
    expect(within(preview).getByText('联系我们')).toBeTruthy();
    expect(within(preview).getByText('提交')).toBeTruthy();
    expect(screen.getByRole('switch', { name: '显示表单' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '字段 2：邮箱' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '播放结束时' })).toBeTruthy();
    await addField('单选', '添加字段');
    expect(within(row('字段 4：单选')).getByLabelText('选项')).toBeTruthy();
    expect(await within(preview).findByText('请选择一项')).toBeTruthy();
  });

  it('locks the form in the Frozen period', async () => {
    open({ 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Show the form' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).disabled).toBe(true);
    expect((within(row('Field 1: Name')).getByLabelText('Label') as HTMLInputElement).disabled).toBe(true);
    expect((within(row('Field 2: Email')).getByRole('button', { name: 'Move up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('combobox', { name: 'Add field' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
