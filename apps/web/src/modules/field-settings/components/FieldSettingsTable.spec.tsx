import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EvalFieldItem } from '@valuation/contracts';
import { KitProvider } from '@valuation/ui';
import { FieldSettingsTable } from './FieldSettingsTable';

const item = (fieldKey: string, fieldName: string, entryType: 0 | 1 | 2, display = true, required = false): EvalFieldItem => ({
  id: null,
  fieldKey,
  fieldName,
  fieldType: 'select',
  entryType,
  display,
  required,
});

const FIELDS = [item('cityCode', '城市', 0, true, true), item('businessTypeId', '业务类型', 1), item('face', '朝向', 2)];

function renderTable(fields = FIELDS) {
  const onSave = jest.fn();
  render(
    <MantineProvider env="test">
      <KitProvider>
        <FieldSettingsTable fields={fields} saving={false} onSave={onSave} />
      </KitProvider>
    </MantineProvider>,
  );
  return onSave;
}

const toggle = (label: string) => screen.getByRole('switch', { name: label });

describe('FieldSettingsTable', () => {
  it('locks a fixed field, lets type 2 change only "required" and type 1 change both', () => {
    renderTable();
    expect((toggle('城市是否填写') as HTMLInputElement).disabled).toBe(true);
    expect((toggle('城市是否必填') as HTMLInputElement).disabled).toBe(true);
    expect((toggle('朝向是否填写') as HTMLInputElement).disabled).toBe(true);
    expect((toggle('朝向是否必填') as HTMLInputElement).disabled).toBe(false);
    expect((toggle('业务类型是否填写') as HTMLInputElement).disabled).toBe(false);
    expect((toggle('业务类型是否必填') as HTMLInputElement).disabled).toBe(false);
    const row = screen.getByRole('row', { name: /业务类型/ });
    expect(within(row).getByText('下拉选择')).toBeTruthy();
  });

  it('sends only the changed fields on apply', () => {
    const onSave = renderTable();
    const apply = screen.getByRole('button', { name: '应用' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(toggle('业务类型是否必填'));
    fireEvent.click(toggle('朝向是否必填'));
    fireEvent.click(apply);
    expect(onSave).toHaveBeenCalledWith([
      { fieldKey: 'businessTypeId', display: true, required: true },
      { fieldKey: 'face', display: true, required: true },
    ]);
  });

  it('clears and locks "required" when a field is hidden', () => {
    const onSave = renderTable([item('businessTypeId', '业务类型', 1, true, true)]);
    fireEvent.click(toggle('业务类型是否填写'));
    expect((toggle('业务类型是否必填') as HTMLInputElement).checked).toBe(false);
    expect((toggle('业务类型是否必填') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
    expect(onSave).toHaveBeenCalledWith([{ fieldKey: 'businessTypeId', display: false, required: false }]);
  });

  it('asks before cancelling changes and restores the saved values', async () => {
    renderTable();
    fireEvent.click(toggle('业务类型是否必填'));
    expect((toggle('业务类型是否必填') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认取消当前操作?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect((toggle('业务类型是否必填') as HTMLInputElement).checked).toBe(false));
    expect((screen.getByRole('button', { name: '应用' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
