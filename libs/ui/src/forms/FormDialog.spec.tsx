import { TextInput } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { renderWithKit } from '../testing/render';
import { FormDialog } from './FormDialog';

/** A schema as the server writes one: rules and words of the spec, in its order. */
const schema = z.object({
  name: z.string().trim().min(1, '角色名称不能为空！').max(20, '角色名称不能为空！'),
  code: z.string().regex(/^\d{0,10}$/, '角色编码只能为数字'),
  remark: z.string().max(5, '备注不可超过5个字'),
});

const EMPTY = { name: '', code: '', remark: '' };

function renderDialog(onSubmit = jest.fn().mockResolvedValue(undefined), onClose = jest.fn()) {
  renderWithKit(
    <FormDialog
      opened
      title="新增角色"
      schema={schema}
      initialValues={EMPTY}
      onSubmit={onSubmit}
      onClose={onClose}
      continueLabel="保存并继续"
    >
      {(form) => (
        <>
          <TextInput label="角色名称" {...form.getInputProps('name')} />
          <TextInput label="角色编码" {...form.getInputProps('code')} />
          <TextInput label="备注" {...form.getInputProps('remark')} />
        </>
      )}
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: '新增角色' });
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByRole('textbox', { name: label }), { target: { value } });

describe('FormDialog', () => {
  it('shows every broken rule at once, on its field and listed in the schema order', async () => {
    const { onSubmit } = renderDialog();
    type('角色编码', '12a');
    type('备注', '这个备注太长了');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));

    const summary = await within(dialog()).findByRole('alert', { name: '请修改以下内容' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['角色名称不能为空！', '角色编码只能为数字', '备注不可超过5个字']);
    expect(within(dialog()).getAllByText('角色编码只能为数字')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed request and closes on 保存, or empties the form on 保存并继续', async () => {
    const { onSubmit, onClose } = renderDialog();
    type('角色名称', ' 审批员 ');
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: '保存并继续' }));
    });
    expect(onSubmit).toHaveBeenCalledWith({ name: '审批员', code: '', remark: '' }, { name: ' 审批员 ', code: '', remark: '' }, 'continue');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('textbox', { name: '角色名称' })).toHaveProperty('value', '');

    type('角色名称', '复核员');
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    });
    expect(onSubmit).toHaveBeenLastCalledWith({ name: '复核员', code: '', remark: '' }, expect.anything(), 'save');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before closing with changes, and closes at once without', async () => {
    const { onClose } = renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    type('角色名称', '审批员');
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    const question = await screen.findByText('您确定要放弃本次编辑内容吗?');
    const confirm = question.closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('您确定要放弃本次编辑内容吗?')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(within(dialog()).getByRole('textbox', { name: '角色名称' })).toHaveProperty('value', '审批员');

    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    const again = (await screen.findByText('您确定要放弃本次编辑内容吗?')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
