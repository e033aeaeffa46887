import { fireEvent, screen } from '@testing-library/react';
import { renderWithKit } from '../testing/render';
import { FilterBar } from './FilterBar';

describe('FilterBar', () => {
  it('drops anything but digits from a digits-only text filter', () => {
    const onChange = jest.fn();
    renderWithKit(
      <FilterBar
        fields={[{ kind: 'text', key: 'code', label: '角色编码', digitsOnly: true, maxLength: 10 }]}
        values={{}}
        onChange={onChange}
        onSearch={jest.fn()}
        onReset={jest.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: '10a0-2' } });
    expect(onChange).toHaveBeenLastCalledWith({ code: '1002' });
  });
});
