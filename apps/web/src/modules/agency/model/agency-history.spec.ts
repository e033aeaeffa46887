import type { WorkflowHistoryView } from '@valuation/contracts';
import { agencyHistoryDetail, agencyHistoryEntries } from './agency-history';

const step = (
  event: string,
  eventName: string,
  actorPopulation: WorkflowHistoryView['actorPopulation'],
  actorName: string,
  data: Record<string, unknown> = {},
): WorkflowHistoryView => ({
  event,
  eventName,
  fromState: null,
  toState: 'pending',
  actorPopulation,
  actorName,
  time: '2025-03-01 10:00:00',
  data,
});

describe('agency history', () => {
  const history = [
    step('SUBMIT', '提交申请', 'user', '演示用户', { reportType: 1, evalType: 1, files: ['房产证.png', '户型图.jpg'] }),
    step('READ', '已读', 'tenant', '渠道管理员'),
    step('RECEIVE', '接收', 'tenant', '渠道管理员', { receiverName: '李估价', receiverPhone: '0755-12345678' }),
    step('REPLY', '回复评估结果', 'tenant', '渠道管理员', { totalPrice: 5_600_000, unitPrice: 63_276.84, files: ['评估报告.pdf'] }),
  ];

  it('names who acted and on which side', () => {
    expect(agencyHistoryEntries(history, 1).map((e) => [e.eventName, e.actorName, e.time])).toEqual([
      ['提交申请', '演示用户（申请方）', '2025-03-01 10:00:00'],
      ['已读', '渠道管理员（渠道）', '2025-03-01 10:00:00'],
      ['接收', '渠道管理员（渠道）', '2025-03-01 10:00:00'],
      ['回复评估结果', '渠道管理员（渠道）', '2025-03-01 10:00:00'],
    ]);
  });

  it('spells out what each step changed, in the units of the evaluation type', () => {
    expect(agencyHistoryEntries(history, 1).map((e) => e.detail)).toEqual([
      '正式报告；附件：房产证.png、户型图.jpg',
      null,
      '接收人：李估价，电话：0755-12345678',
      '评估总价：560万元\n评估单价：63,277元/㎡\n报告：评估报告.pdf',
    ]);
    expect(agencyHistoryDetail(history[3], 2)).toBe('评估总价：5,600,000.00元/月\n评估单价：63,276.84元/月/㎡\n报告：评估报告.pdf');
    expect(agencyHistoryDetail(step('SUBMIT', '提交申请', 'user', '演示用户', { reportType: 0, files: [] }), 1)).toBe('预评估报告');
    expect(agencyHistoryDetail(step('RECEIVE', '接收', 'tenant', '员工'), 1)).toBeNull();
  });
});
