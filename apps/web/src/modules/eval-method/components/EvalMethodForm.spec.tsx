import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { EvalMethodMsg } from '@valuation/domain';
import { KitProvider } from '@valuation/ui';
import { EvalMethodForm } from './EvalMethodForm';

function renderForm(evalFlags = '1,2,3,4', evalClass: 'A' | 'B' | 'C' | null = 'C') {
  const onSave = jest.fn();
  render(
    <MantineProvider env="test">
      <KitProvider>
        <EvalMethodForm setting={{ tenantId: 3, evalFlags, evalClass }} saving={false} onSave={onSave} />
      </KitProvider>
    </MantineProvider>,
  );
  return onSave;
}

const method = (name: string) => screen.getByRole('checkbox', { name });
const apply = () => fireEvent.click(screen.getByRole('button', { name: '应用' }));

describe('EvalMethodForm', () => {
  it('saves the chosen methods and class', () => {
    const onSave = renderForm();
    fireEvent.click(method('多元回归法'));
    fireEvent.click(screen.getByRole('radio', { name: /A级/ }));
    apply();
    expect(onSave).toHaveBeenCalledWith({ evalFlags: '1,3,4', evalClass: 'A' });
  });

  it('refuses to save without any method', () => {
    const onSave = renderForm('1', 'C');
    fireEvent.click(method('比较法'));
    apply();
    expect(screen.getByRole('alert').textContent).toBe(EvalMethodMsg.noMethod);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for the comparison method before a class, and drops the class without it', () => {
    const onSave = renderForm('1,2', 'B');
    fireEvent.click(method('比较法'));
    expect((screen.getByRole('radio', { name: /B级/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /A级/ }));
    expect(screen.getByRole('alert').textContent).toBe(EvalMethodMsg.comparisonFirst);
    expect((screen.getByRole('radio', { name: /A级/ }) as HTMLInputElement).checked).toBe(false);
    apply();
    expect(onSave).toHaveBeenCalledWith({ evalFlags: '2', evalClass: '' });
  });
});
