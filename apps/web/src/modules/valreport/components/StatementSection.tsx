import { List } from '@mantine/core';
import { PageSection } from '@valuation/ui';

/** 估价声明: how the automatic result was obtained and what it may be used for. */
export function StatementSection({ method, referenceOnly }: { method: string; referenceOnly: boolean }) {
  return (
    <PageSection title="估价声明">
      <List size="sm" spacing={6} type="ordered" c="dimmed">
        <List.Item>
          {referenceOnly
            ? '本报告所列参考价格为所在城市上月市场均价，并非对该房产的估价结果，仅供参考。'
            : `本报告估价结果由系统根据估价时点的市场交易数据及房产特征${method ? `，采用${method}` : ''}自动计算得出，仅供参考。`}
        </List.Item>
        <List.Item>估价结果未考虑查封、抵押、租约等权利限制及特殊交易情况对价格的影响。</List.Item>
        <List.Item>市场数据来源于公开挂牌及成交信息，统计口径为估价房产的物业类型。</List.Item>
        <List.Item>本报告不作为司法鉴定、抵押贷款等正式用途的估价依据；如需正式报告，请委托具备资质的估价机构。</List.Item>
      </List>
    </PageSection>
  );
}
