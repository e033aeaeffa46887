import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithKit } from '../testing/render';
import { DateRangeInput, type DateRangeInputValue } from './DateRangeInput';

const TODAY = new Date(2025, 2, 25);

function Range({ initial }: { initial: DateRangeInputValue }) {
  const [value, setValue] = useState(initial);
  return <DateRangeInput label="提交时间" value={value} onChange={setValue} today={TODAY} />;
}

/** The days of the month shown in the open calendar, with whether each may be chosen. */
function days(): Map<number, boolean> {
  const out = new Map<number, boolean>();
  let started = false;
  for (const button of document.querySelectorAll<HTMLButtonElement>('table button')) {
    const day = Number(button.textContent);
    if (!started && (day !== 1 || button.hasAttribute('data-outside'))) continue;
    if (started && day === 1) break;
    started = true;
    out.set(day, !button.disabled && !button.hasAttribute('data-disabled'));
  }
  return out;
}

describe('DateRangeInput', () => {
  it('lets the begin date go up to the end date only', () => {
    renderWithKit(<Range initial={{ begin: '2025/03/10', end: '2025/03/20' }} />);
    fireEvent.click(screen.getByRole('textbox', { name: '提交时间开始' }));
    const open = days();
    expect(open.get(20)).toBe(true);
    expect(open.get(21)).toBe(false);
    expect(open.get(1)).toBe(true);
  });

  it('lets the end date go down to the begin date and up to today only', () => {
    renderWithKit(<Range initial={{ begin: '2025/03/10', end: '2025/03/20' }} />);
    fireEvent.click(screen.getByRole('textbox', { name: '提交时间结束' }));
    const open = days();
    expect(open.get(9)).toBe(false);
    expect(open.get(10)).toBe(true);
    expect(open.get(25)).toBe(true);
    expect(open.get(26)).toBe(false);
  });

  it('moves a typed date inside the limits', () => {
    renderWithKit(<Range initial={{ begin: '2025/03/10', end: '2025/03/20' }} />);
    const begin = screen.getByRole('textbox', { name: '提交时间开始' });
    fireEvent.change(begin, { target: { value: '2017/06/01' } });
    fireEvent.blur(begin);
    expect(begin).toHaveProperty('value', '2018/01/01');
  });

  it('moves a typed end date after the begin date', () => {
    renderWithKit(<Range initial={{ begin: '2025/03/10', end: '2025/03/20' }} />);

    const end = screen.getByRole('textbox', { name: '提交时间结束' });
    fireEvent.change(end, { target: { value: '2025/03/05' } });
    fireEvent.blur(end);
    expect(end).toHaveProperty('value', '2025/03/10');
  });
});
