import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { EvalTrend } from '@valuation/contracts';
import { PriceTrendSection } from './PriceTrendSection';

const loaded = { isLoading: false, isError: false, refetch: () => undefined };

const TREND: EvalTrend = {
  source: 'district',
  month: '2026-10',
  X: 0.0123,
  R: -0.045,
  series: ['2026-08', '2026-09', '2026-10'].map((month, i) => ({ month, value: 60000 + i * 500, count: 12, smoothed: i === 1 })),
  volatile: false,
};

function renderSection(data: EvalTrend | undefined, evalType: 1 | 2 = 1) {
  render(
    <MantineProvider env="test">
      <PriceTrendSection trend={{ ...loaded, data }} evalType={evalType} />
    </MantineProvider>,
  );
}

describe('PriceTrendSection', () => {
  it('draws the series whose last point the 环比 and 同比 describe', () => {
    renderSection(TREND);
    expect(screen.getByTestId('trend-环比').textContent).toBe('环比 +1.23%');
    expect(screen.getByTestId('trend-同比').textContent).toBe('同比 -4.50%');
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.getByText('区县售价均价，单位：元/㎡')).toBeTruthy();
    expect(screen.getByText(/案例不足3套的月份/)).toBeTruthy();
    expect(screen.queryByText(/涨跌幅波动较大/)).toBeNull();
  });

  it('cautions that volatile figures rest on few cases', () => {
    renderSection({ ...TREND, X: 0.2465, volatile: true });
    expect(screen.getByTestId('trend-环比').textContent).toBe('环比 +24.65%');
    expect(screen.getByText('注：近月案例较少，涨跌幅波动较大，仅供参考。')).toBeTruthy();
  });

  it('shows 暂无数据 and no figures without a series', () => {
    renderSection({ source: null, month: null, X: null, R: null, series: [], volatile: false }, 2);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByTestId('trend-环比')).toBeNull();
    expect(screen.queryByTestId('trend-同比')).toBeNull();
  });
});
