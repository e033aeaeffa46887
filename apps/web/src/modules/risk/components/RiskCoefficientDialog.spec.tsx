import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RiskCoefficientView } from '@valuation/contracts';
import { RiskMsg } from '@valuation/domain';
import { KitProvider } from '@valuation/ui';
import type { RiskTarget } from '../model/risk-form';
import { RiskCoefficientDialog, type RiskCoefficientDialogProps } from './RiskCoefficientDialog';

const REGIONS = [
  {
    regionCode: '110000',
    regionName: '北京市',
    items: [
      {
        regionCode: '110100',
        regionName: '北京市',
        items: [
          { regionCode: '110105', regionName: '朝阳区', items: [] },
          { regionCode: '110108', regionName: '海淀区', items: [] },
        ],
      },
    ],
  },
  { regionCode: '440000', regionName: '广东省', items: [{ regionCode: '440100', regionName: '广州市', items: [] }] },
];
const BUSINESSES = [
  { id: 3, businessName: '按揭贷款' },
  { id: 4, businessName: '其他贷款' },
];

const ROW: RiskCoefficientView = {
  id: 12,
  provinceCode: '110000',
  provinceName: '北京市',
  cityCode: '110100',
  cityName: '北京市',
  distCode: null,
  distName: null,
  businessId: '3',
  businessName: '按揭贷款',
  priceCoefficient: 0.9,
  updateTime: '2025-03-08 10:00:00',
  updateBy: 1,
  updateName: '演示管理员',
};

function renderDialog(target: RiskTarget, props: Partial<RiskCoefficientDialogProps> = {}) {
  const lookup = jest.fn(async () => null as RiskCoefficientView | null);
  const save = jest.fn(async () => ROW);
  const onClose = jest.fn();
  render(
    <MantineProvider env="test">
      <KitProvider>
        <RiskCoefficientDialog
          target={target}
          regionTree={REGIONS}
          businesses={BUSINESSES}
          lookup={lookup}
          save={save}
          onClose={onClose}
          {...props}
        />
      </KitProvider>
    </MantineProvider>,
  );
  return { lookup: (props.lookup as jest.Mock | undefined) ?? lookup, save: (props.save as jest.Mock | undefined) ?? save, onClose };
}

const dialog = (name = '新增风控系数') => screen.getByRole('dialog', { name });
const coefficient = () => within(dialog()).getByRole('textbox', { name: '风控系数' }) as HTMLInputElement;

async function choose(label: string, option: string, name?: string) {
  fireEvent.click(within(dialog(name)).getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function press(label: string, name?: string) {
  await act(async () => {
    fireEvent.click(within(dialog(name)).getByRole('button', { name: label }));
  });
}

describe('the risk coefficient dialog', () => {
  let shown: jest.SpyInstance;
  beforeEach(() => {
    shown = jest.spyOn(notifications, 'show').mockImplementation(() => '');
  });
  afterEach(() => shown.mockRestore());

  it('starts at 1.00, steps by 0.05 and clamps beyond 0..1 with the messages of the spec', async () => {
    renderDialog({ kind: 'add' });
    expect(coefficient().value).toBe('1.00');
    fireEvent.click(within(dialog()).getByRole('button', { name: '增加风控系数' }));
    expect(coefficient().value).toBe('1.00');
    expect(within(dialog()).getByRole('status').textContent).toBe(RiskMsg.max);
    fireEvent.click(within(dialog()).getByRole('button', { name: '减少风控系数' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '减少风控系数' }));
    expect(coefficient().value).toBe('0.90');
    expect(within(dialog()).queryByRole('status')).toBeNull();

    fireEvent.change(coefficient(), { target: { value: '-0.3' } });
    fireEvent.blur(coefficient());
    expect(coefficient().value).toBe('0.00');
    expect(within(dialog()).getByRole('status').textContent).toBe(RiskMsg.min);
  });

  it('lists every broken rule with the spec words and sends nothing', async () => {
    const { lookup, save } = renderDialog({ kind: 'add' });
    fireEvent.change(coefficient(), { target: { value: '' } });
    await press('保存');
    const summary = within(dialog()).getByRole('alert', { name: '请修改以下内容' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([RiskMsg.provinceRequired, RiskMsg.range]);
    expect(lookup).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a new coefficient with the names of the region and businesses, and 保存并继续 keeps an empty dialog open', async () => {
    const { lookup, save, onClose } = renderDialog({ kind: 'add' });
    await choose('省份', '北京市');
    await choose('城市', '北京市');
    await choose('区县', '朝阳区');
    await choose('业务', '按揭贷款');
    fireEvent.click(within(dialog()).getByRole('button', { name: '减少风控系数' }));
    await press('保存并继续');

    expect(lookup).toHaveBeenCalledWith(expect.objectContaining({ provinceCode: '110000', cityCode: '110100', distCode: '110105' }));
    expect(save).toHaveBeenCalledWith(
      {
        provinceCode: '110000',
        provinceName: '北京市',
        cityCode: '110100',
        cityName: '北京市',
        distCode: '110105',
        distName: '朝阳区',
        businessId: '3',
        businessName: '按揭贷款',
        priceCoefficient: '0.95',
      },
      undefined,
    );
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: RiskMsg.added }));
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog()).getByRole('textbox', { name: '省份' }) as HTMLInputElement).value).toBe('');
    expect(coefficient().value).toBe('1.00');
  });

  it('asks before replacing the coefficient a region has, and saves nothing when declined', async () => {
    const lookup = jest.fn(async () => ROW);
    const { save, onClose } = renderDialog({ kind: 'add' }, { lookup });
    await choose('省份', '北京市');
    await choose('城市', '北京市');
    await press('保存');
    expect(await screen.findByText(RiskMsg.confirmReplace)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: '提示' })).getByRole('button', { name: '取消' }));
    });
    await waitFor(() => expect(screen.queryByText(RiskMsg.confirmReplace)).toBeNull());
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    await press('保存');
    fireEvent.click(await screen.findByRole('button', { name: '替换' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ provinceCode: '110000', cityCode: '110100' }), undefined),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits without 保存并继续, and a region held by another coefficient is saved over that one once confirmed', async () => {
    const other = { ...ROW, id: 30, cityCode: null, cityName: null };
    const lookup = jest.fn(async (region: { cityCode: string }) => (region.cityCode ? { ...ROW } : other));
    const { save } = renderDialog({ kind: 'edit', row: ROW }, { lookup });
    const name = '编辑风控系数';
    expect(within(dialog(name)).queryByRole('button', { name: '保存并继续' })).toBeNull();
    expect((within(dialog(name)).getByRole('textbox', { name: '风控系数' }) as HTMLInputElement).value).toBe('0.90');

    await press('保存', name);
    await waitFor(() => expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ cityCode: '110100' }), 12));
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: RiskMsg.edited }));
  });

  it('offers 全部 for city and district and saves the province alone when they stay 全部', async () => {
    const lookup = jest.fn(async () => ({ ...ROW, id: 30, cityCode: null, cityName: null }));
    const { save } = renderDialog({ kind: 'edit', row: ROW }, { lookup });
    const name = '编辑风控系数';
    await choose('城市', '全部', name);
    await press('保存', name);
    fireEvent.click(await screen.findByRole('button', { name: '替换' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ provinceCode: '110000', cityCode: '', distCode: '' }), 30),
    );
  });
});
