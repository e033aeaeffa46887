import { TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { z } from 'zod';
import { renderWithKit } from '../testing/render';
import { SchemaForm } from './SchemaForm';

const schema = z.object({
  receiverName: z.string().trim().min(1, '请输入接收人姓名').max(10, '请输入接收人姓名'),
  receiverPhone: z.string().regex(/^1[3-9]\d{9}$/, '请输入正确联系电话'),
  detailID: z.number(),
});

function renderForm(onSubmit: jest.Mock, extra: Record<string, string> = {}) {
  renderWithKit(
    <SchemaForm
      schema={schema}
      initialValues={{ receiverName: '', receiverPhone: '' }}
      toInput={(v) => ({ ...v, detailID: 7 })}
      extraErrors={() => extra}
      onSubmit={onSubmit}
      submitLabel="接收"
    >
      {(form) => (
        <>
          <TextInput label="接收人姓名" {...form.getInputProps('receiverName')} />
          <TextInput label="接收人电话" {...form.getInputProps('receiverPhone')} />
        </>
      )}
    </SchemaForm>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '接收' }));
  });

describe('SchemaForm', () => {
  it('lists every broken rule and the extra ones, and sends nothing', async () => {
    const onSubmit = jest.fn();
    renderForm(onSubmit, { files: '请上传评估文件' });
    await submit();
    const listed = screen.getByRole('alert', { name: '请修改以下内容' }).textContent;
    expect(listed).toContain('请输入接收人姓名');
    expect(listed).toContain('请输入正确联系电话');
    expect(listed).toContain('请上传评估文件');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  });

  it('sends the request the schema reads, then empties; a refused save keeps what was typed', async () => {
    const onSubmit = jest.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce(false);
    renderForm(onSubmit);
    type('接收人姓名', ' 钱估价 ');
    type('接收人电话', '13700137000');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      { receiverName: '钱估价', receiverPhone: '13700137000', detailID: 7 },
      { receiverName: ' 钱估价 ', receiverPhone: '13700137000' },
      'save',
    );
    expect(screen.getByRole('textbox', { name: '接收人姓名' })).toHaveProperty('value', '');

    type('接收人姓名', '孙估价');
    type('接收人电话', '13700137000');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('textbox', { name: '接收人姓名' })).toHaveProperty('value', '孙估价');
  });
});
